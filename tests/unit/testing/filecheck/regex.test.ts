import { describe, expect, it } from 'vitest';
import { escapeRegex, PosixRegex, RegexSyntaxError, type RegexFlags } from '../../../../testing/filecheck/regex/regex.js';

const match = (pattern: string, subject: string, flags: RegexFlags = { newline: true }): string | undefined => {
  const m = new PosixRegex(pattern, flags).exec(subject);
  return m && subject.slice(m.index, m.end);
};

const syntaxError = (pattern: string): string => {
  try {
    new PosixRegex(pattern);
  } catch (e) {
    if (e instanceof RegexSyntaxError) return e.message;
    throw e;
  }
  return 'no error';
};

describe('PosixRegex syntax (LLVM/Spencer ERE)', () => {
  it.each([
    ['', 'empty (sub)expression'],
    ['a|', 'empty (sub)expression'],
    ['(', 'parentheses not balanced'],
    ['a)', 'parentheses not balanced'],
    ['[a', 'brackets ([ ]) not balanced'],
    ['*a', 'repetition-operator operand invalid'],
    ['a**', 'repetition-operator operand invalid'],
    ['^*', 'repetition-operator operand invalid'],
    ['a{2,1}', 'invalid repetition count(s)'],
    ['a{256}', 'invalid repetition count(s)'],
    ['a{1', 'braces not balanced'],
    ['[z-a]', 'invalid character range'],
    ['[a-c-e]', 'invalid character range'],
    ['[[:nope:]]', 'invalid character class'],
    ['[[.nope.]]', 'invalid collating element'],
    ['\\1', 'invalid backreference number'],
    ['(a\\1)', 'invalid backreference number'],
    ['a\\', 'trailing backslash (\\)'],
  ])('rejects %j with "%s"', (pattern, message) => {
    expect(syntaxError(pattern)).toBe(message);
  });

  it.each(['()', 'a{,2}', '{a', 'a{0}b', '[]a]', '[^]a]', '[a-]', '[[.hyphen.]]', '[[=a=]]', '$*', '(a)\\1'])('accepts %j', (pattern) => {
    expect(syntaxError(pattern)).toBe('no error');
  });

  it('counts capture groups', () => {
    expect(PosixRegex.groupCountOf('(a)(b(c))|()')).toBe(4);
    expect(PosixRegex.groupCountOf('[(]\\(')).toBe(0);
  });
});

describe('PosixRegex matching', () => {
  it('finds the leftmost-longest match, unlike JS backtracking', () => {
    expect(match('a|ab', 'xabc')).toBe('ab');
    expect(match('x*(xy)?', 'xyz')).toBe('xy');
    expect(match('(a|ab)(c|bcd)', 'abcd')).toBe('abcd');
  });

  it('reports capture groups of the longest match', () => {
    const m = new PosixRegex('(a|ab)(c)?').exec('abc')!;
    expect(m.groups[1]).toEqual([0, 2]);
    expect(m.groups[2]).toEqual([2, 3]);
  });

  it('keeps "." and negated brackets off newlines with REG_NEWLINE', () => {
    expect(match('a.b', 'a\nb')).toBeUndefined();
    expect(match('a[^x]b', 'a\nb')).toBeUndefined();
    expect(match('a.b', 'a\nb', { newline: false })).toBe('a\nb');
    expect(match('a[[:space:]]b', 'a\nb')).toBe('a\nb');
  });

  it('anchors ^ and $ at line and subject boundaries', () => {
    expect(new PosixRegex('^b').exec('a\nb')?.index).toBe(2);
    expect(match('^ b', ' b')).toBe(' b');
    expect(match('a$', 'a b\nxa')).toBe('a');
    expect(new PosixRegex('a$').exec('ab\na')?.index).toBe(3);
  });

  it('supports word boundaries', () => {
    expect(new PosixRegex('[[:<:]]foo[[:>:]]').exec('xfoo foo')?.index).toBe(5);
  });

  it('treats escaped characters literally, including "\\n"', () => {
    expect(match('a\\.b', 'axb a.b')).toBe('a.b');
    expect(match('a\\nb', 'anb')).toBe('anb');
  });

  it('treats backslash in brackets literally', () => {
    expect(match('[\\]+', 'a\\\\b')).toBe('\\\\');
  });

  it('ignores case only for ASCII letters', () => {
    expect(match('[a-c]+d', 'xABCD', { ignoreCase: true })).toBe('ABCD');
    expect(match('\u00e9', '\u00c9', { ignoreCase: true })).toBeUndefined();
  });

  it('matches back-references', () => {
    expect(match('([a-z]+)=\\1', 'ab=ac ab=ab')).toBe('ab=ab');
  });

  it('supports bounded repetition', () => {
    expect(match('a{2,3}', 'aaaa')).toBe('aaa');
    expect(match('ca{2}b', 'cab caab')).toBe('caab');
  });
});

describe('escapeRegex', () => {
  it('escapes LLVM regex metacharacters', () => {
    const text = 'a.b*c[d](e)+f?g^h$i|j\\k{l}';
    expect(escapeRegex(text)).toBe('a\\.b\\*c\\[d\\]\\(e\\)\\+f\\?g\\^h\\$i\\|j\\\\k\\{l\\}');
    expect(match(escapeRegex(text), `xx${text}yy`)).toBe(text);
  });
});
