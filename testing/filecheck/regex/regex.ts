// LLVM Regex semantics (POSIX ERE, REG_NEWLINE, leftmost-longest) on top of
// JS RegExp: the ERE is parsed and translated, JS finds the leftmost match and
// an NFA extends it to the longest one when backtracking stopped short.

import { jsChar } from './charset.js';
import { Nfa } from './nfa.js';
import { parseEre, type ReNode, type RegexFlags } from './ere-parser.js';

export { RegexSyntaxError, type RegexFlags } from './ere-parser.js';

export interface RegexMatch {
  /** Offset of the match in the subject. */
  index: number;
  /** Offset just past the match. */
  end: number;
  /** [start, end) of each capture group by number (0 is the whole match); undefined if unset. */
  groups: Array<readonly [number, number] | undefined>;
}

export class PosixRegex {
  readonly groupCount: number;
  private readonly search: RegExp;
  private readonly source: string;
  /** Finds longest matches; undefined when JS's match is always longest. */
  private readonly nfa: Nfa | undefined;
  private anchored: { beforeLast: RegExp; atEnd: RegExp } | undefined;

  /** Compiles a byte-string ERE; throws RegexSyntaxError when invalid. */
  constructor(pattern: string, flags: RegexFlags = {}) {
    const parsed = parseEre(pattern, flags);
    this.groupCount = parsed.groupCount;
    this.source = toJs(parsed.root);
    this.search = new RegExp(this.source, 'd');
    this.nfa = parsed.hasBackrefs || !hasVariableLength(parsed.root) ? undefined : Nfa.build(parsed.root);
  }

  /** Validates an ERE, returning its number of groups. Throws RegexSyntaxError. */
  static groupCountOf(pattern: string): number {
    return parseEre(pattern).groupCount;
  }

  /**
   * Finds the leftmost-longest match in `subject`, whose boundaries count as
   * line boundaries for ^ and $ (like regexec with REG_STARTEND).
   */
  exec(subject: string): RegexMatch | undefined {
    let m = this.search.exec(subject);
    if (!m) return undefined;
    const index = m.index;
    const longest = this.nfa ? this.nfa.longestMatchEnd(subject, index) : -1;
    if (longest > index + m[0].length) m = this.matchEndingAt(subject, index, longest) ?? m;
    return { index, end: index + m[0].length, groups: Array.from(m.indices!) };
  }

  /** The highest-priority parse of a match spanning exactly [start, end). */
  private matchEndingAt(subject: string, start: number, end: number): RegExpExecArray | null {
    // The character after the match stays in the subject for $ and word ends.
    this.anchored ??= {
      beforeLast: new RegExp(`(?:${this.source})(?=[\\s\\S]$)`, 'yd'),
      atEnd: new RegExp(`(?:${this.source})$`, 'yd'),
    };
    const atEnd = end === subject.length;
    const re = atEnd ? this.anchored.atEnd : this.anchored.beforeLast;
    re.lastIndex = start;
    return re.exec(atEnd ? subject : subject.slice(0, end + 1));
  }
}

/** Whether matches from one position can differ in length. */
function hasVariableLength(node: ReNode): boolean {
  switch (node.kind) {
    case 'alt':
    case 'repeat':
      return true;
    case 'group':
      return node.body !== null && hasVariableLength(node.body);
    case 'concat':
      return node.items.some(hasVariableLength);
    default:
      return false;
  }
}

const REGEX_METACHARS = '()^$|*+?.[]\\{}';

/** Escapes text so that it matches literally (llvm::Regex::escape). */
export function escapeRegex(text: string): string {
  let out = '';
  for (const c of text) out += (REGEX_METACHARS.includes(c) || c === '\0' ? '\\' : '') + c;
  return out;
}

const WORD = '[0-9A-Za-z_]';
const ASSERTIONS = {
  bol: '(?<![^\\n])',
  eol: '(?![^\\n])',
  bow: `(?<!${WORD})(?=${WORD})`,
  eow: `(?<=${WORD})(?!${WORD})`,
};

function toJs(node: ReNode): string {
  switch (node.kind) {
    case 'char':
      return jsChar(node.code);
    case 'set':
      return node.set.toJsAtom();
    case 'assert':
      return ASSERTIONS[node.what];
    case 'group':
      return `(${node.body ? toJs(node.body) : ''})`;
    case 'backref':
      return `(?:\\${node.index})`;
    case 'concat':
      return node.items.map(toJs).join('');
    case 'alt':
      return `(?:${node.options.map(toJs).join('|')})`;
    case 'repeat':
      return `(?:${toJs(node.body)})${quantifier(node.min, node.max)}`;
  }
}

function quantifier(min: number, max: number): string {
  if (max === Infinity) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  if (min === 0 && max === 1) return '?';
  return min === max ? `{${min}}` : `{${min},${max}}`;
}
