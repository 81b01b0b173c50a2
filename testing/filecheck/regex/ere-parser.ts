// Parser for the POSIX extended regular expressions accepted by LLVM's Regex
// (Henry Spencer's regcomp): same grammar, same error codes and messages.

import { CharSet } from './charset.js';

export type ReNode =
  | { kind: 'char'; code: number }
  | { kind: 'set'; set: CharSet }
  | { kind: 'assert'; what: 'bol' | 'eol' | 'bow' | 'eow' }
  | { kind: 'group'; index: number; body: ReNode | null }
  | { kind: 'backref'; index: number }
  | { kind: 'concat'; items: ReNode[] }
  | { kind: 'alt'; options: ReNode[] }
  | { kind: 'repeat'; body: ReNode; min: number; max: number };

export interface ParsedRegex {
  root: ReNode;
  groupCount: number;
  hasBackrefs: boolean;
}

export interface RegexFlags {
  ignoreCase?: boolean;
  /** REG_NEWLINE: '.' and negated brackets never match '\n'. */
  newline?: boolean;
}

/** Spencer's regerror() texts. */
const MESSAGES = {
  ECOLLATE: 'invalid collating element',
  ECTYPE: 'invalid character class',
  EESCAPE: 'trailing backslash (\\)',
  ESUBREG: 'invalid backreference number',
  EBRACK: 'brackets ([ ]) not balanced',
  EPAREN: 'parentheses not balanced',
  EBRACE: 'braces not balanced',
  BADBR: 'invalid repetition count(s)',
  ERANGE: 'invalid character range',
  BADRPT: 'repetition-operator operand invalid',
  EMPTY: 'empty (sub)expression',
} as const;

export class RegexSyntaxError extends Error {
  constructor(code: keyof typeof MESSAGES) {
    super(MESSAGES[code]);
  }
}

const DUPMAX = 255;

const CLASSES: Record<string, string> = {
  alnum: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  alpha: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  blank: ' \t',
  cntrl: '\x07\b\t\n\v\f\r\x01\x02\x03\x04\x05\x06\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f',
  digit: '0123456789',
  graph: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  lower: 'abcdefghijklmnopqrstuvwxyz',
  print: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~ ',
  punct: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  space: '\t\n\v\f\r ',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  xdigit: '0123456789ABCDEFabcdef',
};

/** Names usable in [[.name.]] and [[=name=]]. */
const COLLATING_NAMES: Record<string, string> = {
  NUL: '\0',
  SOH: '\x01',
  STX: '\x02',
  ETX: '\x03',
  EOT: '\x04',
  ENQ: '\x05',
  ACK: '\x06',
  BEL: '\x07',
  alert: '\x07',
  BS: '\b',
  backspace: '\b',
  HT: '\t',
  tab: '\t',
  LF: '\n',
  newline: '\n',
  VT: '\v',
  'vertical-tab': '\v',
  FF: '\f',
  'form-feed': '\f',
  CR: '\r',
  'carriage-return': '\r',
  SO: '\x0e',
  SI: '\x0f',
  DLE: '\x10',
  DC1: '\x11',
  DC2: '\x12',
  DC3: '\x13',
  DC4: '\x14',
  NAK: '\x15',
  SYN: '\x16',
  ETB: '\x17',
  CAN: '\x18',
  EM: '\x19',
  SUB: '\x1a',
  ESC: '\x1b',
  IS4: '\x1c',
  FS: '\x1c',
  IS3: '\x1d',
  GS: '\x1d',
  IS2: '\x1e',
  RS: '\x1e',
  IS1: '\x1f',
  US: '\x1f',
  space: ' ',
  'exclamation-mark': '!',
  'quotation-mark': '"',
  'number-sign': '#',
  'dollar-sign': '$',
  'percent-sign': '%',
  ampersand: '&',
  apostrophe: "'",
  'left-parenthesis': '(',
  'right-parenthesis': ')',
  asterisk: '*',
  'plus-sign': '+',
  comma: ',',
  hyphen: '-',
  'hyphen-minus': '-',
  period: '.',
  'full-stop': '.',
  slash: '/',
  solidus: '/',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  colon: ':',
  semicolon: ';',
  'less-than-sign': '<',
  'equals-sign': '=',
  'greater-than-sign': '>',
  'question-mark': '?',
  'commercial-at': '@',
  'left-square-bracket': '[',
  backslash: '\\',
  'reverse-solidus': '\\',
  'right-square-bracket': ']',
  circumflex: '^',
  'circumflex-accent': '^',
  underscore: '_',
  'low-line': '_',
  'grave-accent': '`',
  'left-brace': '{',
  'left-curly-bracket': '{',
  'vertical-line': '|',
  'right-brace': '}',
  'right-curly-bracket': '}',
  tilde: '~',
  DEL: '\x7f',
};

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAlpha = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/** Parses `source` (a byte string); throws RegexSyntaxError. */
export function parseEre(source: string, flags: RegexFlags = {}): ParsedRegex {
  return new EreParser(source, flags).parse();
}

class EreParser {
  private pos = 0;
  private groupCount = 0;
  private hasBackrefs = false;
  /** Groups 1-9 that have been closed, and so may be back-referenced. */
  private readonly closed = new Set<number>();

  constructor(
    private readonly src: string,
    private readonly flags: RegexFlags,
  ) {}

  parse(): ParsedRegex {
    const root = this.parseAlternation(null);
    return { root, groupCount: this.groupCount, hasBackrefs: this.hasBackrefs };
  }

  private more(n = 1): boolean {
    return this.pos + n <= this.src.length;
  }
  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }
  private eat(c: string): boolean {
    if (this.peek() !== c) return false;
    this.pos++;
    return true;
  }
  private eatTwo(a: string, b: string): boolean {
    if (this.peek() !== a || this.peek(1) !== b) return false;
    this.pos += 2;
    return true;
  }
  private require(cond: boolean, code: keyof typeof MESSAGES): void {
    if (!cond) throw new RegexSyntaxError(code);
  }

  private parseAlternation(stop: string | null): ReNode {
    const options: ReNode[] = [];
    for (;;) {
      const items: ReNode[] = [];
      let emitted = false;
      while (this.more() && this.peek() !== '|' && this.peek() !== stop) {
        const node = this.parseRepeatedAtom();
        items.push(node);
        // x{0} emits no code in Spencer's compiler, which matters for EMPTY.
        emitted ||= !(node.kind === 'repeat' && node.max === 0);
      }
      this.require(emitted, 'EMPTY');
      options.push(items.length === 1 ? items[0]! : { kind: 'concat', items });
      if (!this.eat('|')) break;
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  private parseRepeatedAtom(): ReNode {
    const c = this.src[this.pos++]!;
    let node: ReNode;
    let wasCaret = false;
    switch (c) {
      case '(': {
        this.require(this.more(), 'EPAREN');
        const index = ++this.groupCount;
        const body = this.peek() === ')' ? null : this.parseAlternation(')');
        this.closed.add(index);
        this.require(this.eat(')'), 'EPAREN');
        node = { kind: 'group', index, body };
        break;
      }
      case ')':
        throw new RegexSyntaxError('EPAREN');
      case '^':
        node = { kind: 'assert', what: 'bol' };
        wasCaret = true;
        break;
      case '$':
        node = { kind: 'assert', what: 'eol' };
        break;
      case '|':
        throw new RegexSyntaxError('EMPTY');
      case '*':
      case '+':
      case '?':
        throw new RegexSyntaxError('BADRPT');
      case '.': {
        const set = new CharSet();
        set.invert();
        if (this.flags.newline) set.delete(0x0a);
        node = { kind: 'set', set };
        break;
      }
      case '[':
        node = this.parseBracket();
        break;
      case '\\': {
        this.require(this.more(), 'EESCAPE');
        const e = this.src[this.pos++]!;
        if (e >= '1' && e <= '9') {
          const index = e.charCodeAt(0) - 0x30;
          this.require(this.closed.has(index), 'ESUBREG');
          this.hasBackrefs = true;
          node = { kind: 'backref', index };
        } else {
          node = this.ordinary(e);
        }
        break;
      }
      case '{':
        this.require(!this.more() || !isDigit(this.peek()), 'BADRPT');
        node = this.ordinary(c);
        break;
      default:
        node = this.ordinary(c);
    }

    if (!this.isRepetitionAhead()) return node;
    const op = this.src[this.pos++]!;
    this.require(!wasCaret, 'BADRPT');
    let min: number;
    let max: number;
    if (op === '*') [min, max] = [0, Infinity];
    else if (op === '+') [min, max] = [1, Infinity];
    else if (op === '?') [min, max] = [0, 1];
    else [min, max] = this.parseBound();
    node = { kind: 'repeat', body: node, min, max };
    this.require(!this.isRepetitionAhead(), 'BADRPT');
    return node;
  }

  private isRepetitionAhead(): boolean {
    const c = this.peek();
    return c === '*' || c === '+' || c === '?' || (c === '{' && isDigit(this.peek(1)));
  }

  /** Parses "m}", "m,}" or "m,n}" after the opening brace. */
  private parseBound(): [number, number] {
    const min = this.parseCount();
    let max = min;
    if (this.eat(',')) {
      if (isDigit(this.peek())) {
        max = this.parseCount();
        this.require(min <= max, 'BADBR');
      } else {
        max = Infinity;
      }
    }
    if (!this.eat('}')) {
      while (this.more() && this.peek() !== '}') this.pos++;
      this.require(this.more(), 'EBRACE');
      throw new RegexSyntaxError('BADBR');
    }
    return [min, max];
  }

  private parseCount(): number {
    let count = 0;
    let digits = 0;
    while (isDigit(this.peek()) && count <= DUPMAX) {
      count = count * 10 + (this.src.charCodeAt(this.pos++) - 0x30);
      digits++;
    }
    this.require(digits > 0 && count <= DUPMAX, 'BADBR');
    return count;
  }

  private ordinary(c: string): ReNode {
    const code = c.charCodeAt(0);
    if (!this.flags.ignoreCase || !isAlpha(c)) return { kind: 'char', code };
    const set = CharSet.of(code);
    set.addOtherCases();
    return { kind: 'set', set };
  }

  private parseBracket(): ReNode {
    if (this.src.startsWith('[:<:]]', this.pos)) {
      this.pos += 6;
      return { kind: 'assert', what: 'bow' };
    }
    if (this.src.startsWith('[:>:]]', this.pos)) {
      this.pos += 6;
      return { kind: 'assert', what: 'eow' };
    }
    const set = new CharSet();
    const invert = this.eat('^');
    if (this.eat(']')) set.add(0x5d);
    else if (this.eat('-')) set.add(0x2d);
    while (this.more() && this.peek() !== ']' && !(this.peek() === '-' && this.peek(1) === ']')) this.parseBracketTerm(set);
    if (this.eat('-')) set.add(0x2d);
    this.require(this.eat(']'), 'EBRACK');

    if (this.flags.ignoreCase) set.addOtherCases();
    if (invert) {
      set.invert();
      if (this.flags.newline) set.delete(0x0a);
    }
    return { kind: 'set', set };
  }

  private parseBracketTerm(set: CharSet): void {
    const c = this.peek();
    if (c === '-') throw new RegexSyntaxError('ERANGE');
    const kind = c === '[' ? this.peek(1) : '';
    if (kind === ':') {
      this.pos += 2;
      this.require(this.more(), 'EBRACK');
      this.require(this.peek() !== '-' && this.peek() !== ']', 'ECTYPE');
      const nameStart = this.pos;
      while (isAlpha(this.peek())) this.pos++;
      const name = this.src.slice(nameStart, this.pos);
      if (!Object.hasOwn(CLASSES, name)) throw new RegexSyntaxError('ECTYPE');
      for (const ch of CLASSES[name]!) set.add(ch.charCodeAt(0));
      this.require(this.more(), 'EBRACK');
      this.require(this.eatTwo(':', ']'), 'ECTYPE');
      return;
    }
    if (kind === '=') {
      this.pos += 2;
      this.require(this.more(), 'EBRACK');
      this.require(this.peek() !== '-' && this.peek() !== ']', 'ECOLLATE');
      set.add(this.parseCollatingElement('='));
      this.require(this.more(), 'EBRACK');
      this.require(this.eatTwo('=', ']'), 'ECOLLATE');
      return;
    }
    const first = this.parseBracketSymbol();
    let last = first;
    if (this.peek() === '-' && this.more(2) && this.peek(1) !== ']') {
      this.pos++;
      last = this.eat('-') ? 0x2d : this.parseBracketSymbol();
    }
    // Range bounds are compared as (signed) chars, as in regcomp.c.
    const lo = first >= 128 ? first - 256 : first;
    const hi = last >= 128 ? last - 256 : last;
    this.require(lo <= hi, 'ERANGE');
    for (let i = lo; i <= hi; i++) set.add(i);
  }

  private parseBracketSymbol(): number {
    this.require(this.more(), 'EBRACK');
    if (!this.eatTwo('[', '.')) return this.src.charCodeAt(this.pos++);
    const value = this.parseCollatingElement('.');
    this.require(this.eatTwo('.', ']'), 'ECOLLATE');
    return value;
  }

  private parseCollatingElement(end: string): number {
    const start = this.pos;
    while (this.more() && !(this.peek() === end && this.peek(1) === ']')) this.pos++;
    this.require(this.more(), 'EBRACK');
    const name = this.src.slice(start, this.pos);
    if (Object.hasOwn(COLLATING_NAMES, name)) return COLLATING_NAMES[name]!.charCodeAt(0);
    if (name.length === 1) return name.charCodeAt(0);
    throw new RegexSyntaxError('ECOLLATE');
  }
}
