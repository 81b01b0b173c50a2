/**
 * The element tree of MLIR's declarative assembly format, parsed from an op's format string.
 * See https://mlir.llvm.org/docs/DefiningDialects/Operations/#declarative-assembly-format
 */
export type FormatElement =
  | { kind: 'literal'; text: string }
  | { kind: 'space'; text: '' | ' ' | '\\n' }
  | { kind: 'var'; name: string }
  | { kind: 'attr-dict'; withKeyword: boolean }
  | { kind: 'prop-dict' }
  | { kind: 'type'; arg: FormatElement }
  | { kind: 'qualified'; arg: FormatElement }
  | { kind: 'functional-type'; inputs: FormatElement; results: FormatElement }
  | { kind: 'operands' }
  | { kind: 'results' }
  | { kind: 'regions' }
  | { kind: 'successors' }
  | { kind: 'custom'; name: string; args: FormatElement[] }
  | { kind: 'optional'; then: FormatElement[]; else: FormatElement[]; anchor: FormatElement };

export class FormatSyntaxError extends Error {}

/** Tokenize and parse a format string into elements. */
export function parseFormat(format: string): FormatElement[] {
  let pos = 0;
  const fail = (msg: string): never => {
    throw new FormatSyntaxError(`${msg} at offset ${pos} in format '${format}'`);
  };
  const skipWs = () => {
    while (pos < format.length && /\s/.test(format[pos]!)) pos++;
  };
  const ident = (): string => {
    const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(format.slice(pos));
    if (!m) fail('expected identifier');
    pos += m![0].length;
    return m![0];
  };
  const expectChar = (c: string) => {
    skipWs();
    if (format[pos] !== c) fail(`expected '${c}'`);
    pos++;
  };

  const parseElement = (): { el: FormatElement; anchor: boolean } => {
    skipWs();
    const c = format[pos];
    let el: FormatElement;
    if (c === '`') {
      const end = format.indexOf('`', pos + 1);
      if (end < 0) fail('unterminated literal');
      const text = format.slice(pos + 1, end);
      pos = end + 1;
      el = text === '' || text === ' ' || text === '\\n' ? { kind: 'space', text } : { kind: 'literal', text };
    } else if (c === '$') {
      pos++;
      el = { kind: 'var', name: ident() };
    } else if (c === '(') {
      pos++;
      const then: FormatElement[] = [];
      let anchor: FormatElement | undefined;
      for (;;) {
        skipWs();
        if (format[pos] === ')') break;
        const r = parseElement();
        then.push(r.el);
        if (r.anchor) anchor = r.el;
      }
      pos++;
      const elseEls: FormatElement[] = [];
      skipWs();
      if (format[pos] === ':') {
        pos++;
        expectChar('(');
        for (;;) {
          skipWs();
          if (format[pos] === ')') break;
          elseEls.push(parseElement().el);
        }
        pos++;
      }
      expectChar('?');
      if (!anchor) fail('optional group has no anchor');
      el = { kind: 'optional', then, else: elseEls, anchor: anchor! };
    } else {
      const word = ident();
      switch (word) {
        case 'attr-dict':
          el = { kind: 'attr-dict', withKeyword: false };
          break;
        case 'attr-dict-with-keyword':
          el = { kind: 'attr-dict', withKeyword: true };
          break;
        case 'prop-dict':
          el = { kind: 'prop-dict' };
          break;
        case 'operands':
        case 'results':
        case 'regions':
        case 'successors':
          el = { kind: word };
          break;
        case 'type':
        case 'qualified': {
          expectChar('(');
          const arg = parseElement().el;
          expectChar(')');
          el = { kind: word, arg };
          break;
        }
        case 'functional-type': {
          expectChar('(');
          const inputs = parseElement().el;
          expectChar(',');
          const results = parseElement().el;
          expectChar(')');
          el = { kind: 'functional-type', inputs, results };
          break;
        }
        case 'custom': {
          expectChar('<');
          skipWs();
          const name = ident();
          expectChar('>');
          expectChar('(');
          const args: FormatElement[] = [];
          skipWs();
          while (format[pos] !== ')') {
            args.push(parseElement().el);
            skipWs();
            if (format[pos] === ',') pos++;
            skipWs();
          }
          pos++;
          el = { kind: 'custom', name, args };
          break;
        }
        default:
          return fail(`unknown directive '${word}'`);
      }
    }
    skipWs();
    let anchor = false;
    if (format[pos] === '^') {
      pos++;
      anchor = true;
    }
    return { el, anchor };
  };

  const elements: FormatElement[] = [];
  for (skipWs(); pos < format.length; skipWs()) elements.push(parseElement().el);
  return elements;
}
