// A Thompson NFA used only to find the POSIX leftmost-longest match end,
// which JS's backtracking (leftmost-first) engine does not compute.

import type { CharSet } from './charset.js';
import type { ReNode } from './ere-parser.js';

type State =
  | { op: 'char'; code: number; next: number }
  | { op: 'set'; set: CharSet; next: number }
  | { op: 'split'; next: number; alt: number }
  | { op: 'assert'; what: 'bol' | 'eol' | 'bow' | 'eow'; next: number }
  | { op: 'match' };

/** Guards against patterns whose bounded repeats expand into huge automata. */
const MAX_STATES = 50_000;

export class Nfa {
  private constructor(
    private readonly states: State[],
    private readonly startState: number,
  ) {}

  /** Builds the automaton, or returns undefined if it cannot (back-references) or should not. */
  static build(root: ReNode): Nfa | undefined {
    const states: State[] = [{ op: 'match' }];
    const push = (s: State): number => {
      if (states.length >= MAX_STATES) throw new TooLarge();
      states.push(s);
      return states.length - 1;
    };
    const compile = (node: ReNode, next: number): number => {
      switch (node.kind) {
        case 'char':
          return push({ op: 'char', code: node.code, next });
        case 'set':
          return push({ op: 'set', set: node.set, next });
        case 'assert':
          return push({ op: 'assert', what: node.what, next });
        case 'group':
          return node.body ? compile(node.body, next) : next;
        case 'backref':
          throw new TooLarge();
        case 'concat':
          for (let i = node.items.length - 1; i >= 0; i--) next = compile(node.items[i]!, next);
          return next;
        case 'alt': {
          const starts = node.options.map((o) => compile(o, next));
          let s = starts[starts.length - 1]!;
          for (let i = starts.length - 2; i >= 0; i--) s = push({ op: 'split', next: starts[i]!, alt: s });
          return s;
        }
        case 'repeat': {
          let tail = next;
          if (node.max === Infinity) {
            const loop = push({ op: 'split', next: -1, alt: next });
            const body = compile(node.body, loop);
            (states[loop] as { next: number }).next = body;
            tail = loop;
          } else {
            for (let i = node.min; i < node.max; i++) tail = push({ op: 'split', next: compile(node.body, tail), alt: next });
          }
          for (let i = 0; i < node.min; i++) tail = compile(node.body, tail);
          return tail;
        }
      }
    };
    try {
      const start = compile(root, 0);
      return new Nfa(states, start);
    } catch (e) {
      if (e instanceof TooLarge) return undefined;
      throw e;
    }
  }

  /** End of the longest match of the whole pattern starting at `start`, or -1. */
  longestMatchEnd(text: string, start: number): number {
    const seen = new Int32Array(this.states.length).fill(-1);
    let generation = 0;
    let current: number[] = [];
    let best = -1;

    const addClosure = (list: number[], id: number, pos: number, gen: number): void => {
      const stack = [id];
      while (stack.length > 0) {
        const s = stack.pop()!;
        if (seen[s] === gen) continue;
        seen[s] = gen;
        const state = this.states[s]!;
        if (state.op === 'split') {
          stack.push(state.alt, state.next);
        } else if (state.op === 'assert') {
          if (assertionHolds(state.what, text, pos)) stack.push(state.next);
        } else {
          list.push(s);
        }
      }
    };

    addClosure(current, this.startState, start, generation);
    for (let pos = start; ; pos++) {
      if (current.some((s) => this.states[s]!.op === 'match')) best = pos;
      if (pos >= text.length || current.length === 0) break;
      const code = text.charCodeAt(pos);
      const next: number[] = [];
      generation++;
      for (const s of current) {
        const state = this.states[s]!;
        if ((state.op === 'char' && state.code === code) || (state.op === 'set' && state.set.has(code))) addClosure(next, state.next, pos + 1, generation);
      }
      current = next;
    }
    return best;
  }
}

class TooLarge extends Error {}

const isWordCode = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

/** Evaluates an anchor at `pos`; the text boundaries count as line boundaries. */
function assertionHolds(what: 'bol' | 'eol' | 'bow' | 'eow', text: string, pos: number): boolean {
  const before = pos > 0 ? text.charCodeAt(pos - 1) : -1;
  const after = pos < text.length ? text.charCodeAt(pos) : -1;
  switch (what) {
    case 'bol':
      return before === -1 || before === 0x0a;
    case 'eol':
      return after === -1 || after === 0x0a;
    case 'bow':
      return !(before !== -1 && isWordCode(before)) && after !== -1 && isWordCode(after);
    case 'eow':
      return before !== -1 && isWordCode(before) && !(after !== -1 && isWordCode(after));
  }
}
