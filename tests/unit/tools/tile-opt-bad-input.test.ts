/**
 * tile-opt on bad input, run as a subprocess (the bundle users run, which starts in half the time
 * of build/tools/tile-opt.js: a hundred runs here) so that crashes, stack
 * overflows and hangs are caught as such: every case must end with exit status 1 (0 for the
 * valid ones), a located first stderr line `FILE:LINE:COL: error: ...`, no JavaScript stack
 * frames anywhere in the output, and within a time limit.
 *
 * Where mlir-opt (LLVM 19) reports the same error, the expected line:col below is the one
 * mlir-opt printed for the same file (checked when writing these tests); where its wording
 * differs, the comment gives mlir-opt's message and only tile-opt's fragment is asserted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../testing/random.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TILE_OPT = path.join(repoRoot, 'build', 'bundle', 'tile-opt.js');

/** Wall-clock limits: generous, as CI machines are shared; a hang or runaway parse still fails. */
const LIMIT_MS = 30_000;
const LIMIT_HUGE_MS = 90_000;

let dir = '';
beforeAll(() => {
  if (!existsSync(TILE_OPT)) throw new Error(`${TILE_OPT} is missing: build first (npm run build)`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'tile-opt-bad-input-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  file: string;
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runFile(name: string, content: string | Uint8Array, flags: readonly string[] = [], limitMs = LIMIT_MS): Run {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const t0 = Date.now();
  const r = spawnSync(TILE_OPT, [...flags, file], { encoding: 'utf8', timeout: limitMs, maxBuffer: 256 << 20 });
  const ms = Date.now() - t0;
  // A timeout or a signal (crash, out of memory) is a failure in itself.
  expect(r.error, `tile-opt did not finish within ${limitMs} ms`).toBeUndefined();
  expect(r.signal).toBeNull();
  return { file, status: r.status, stdout: r.stdout, stderr: r.stderr, ms };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Expected {
  /** Line and column of the first diagnostic, when pinned down. */
  line?: number;
  col?: number;
  /** Fragments of the first diagnostic's message. */
  message?: readonly string[];
  /** `LINE:COL: note: ...` locations expected among the following lines. */
  notes?: readonly string[];
}

/** Exit status 1, a located first line, no stack frames; returns the first line's parts. */
function expectLocatedError(r: Run, want: Expected = {}): { line: number; col: number; message: string } {
  const out = r.stdout + r.stderr;
  expect(out).not.toMatch(/^ {4}at /m);
  expect(out).not.toMatch(/RangeError|TypeError|ReferenceError|Maximum call stack/);
  expect(r.status).toBe(1);
  const first = r.stderr.split('\n')[0]!;
  const m = new RegExp(`^${escapeRegExp(r.file)}:(\\d+):(\\d+): error: (.*)$`).exec(first);
  expect(m, `first stderr line not located: ${first.slice(0, 300)}`).not.toBeNull();
  const got = { line: Number(m![1]), col: Number(m![2]), message: m![3]! };
  if (want.line !== undefined) expect(got.line).toBe(want.line);
  if (want.col !== undefined) expect(got.col).toBe(want.col);
  for (const f of want.message ?? []) expect(got.message).toContain(f);
  for (const n of want.notes ?? []) expect(r.stderr).toContain(`${r.file}:${n}: note: `);
  expect(r.stdout).toBe('');
  return got;
}

describe('tile-opt bad input: unterminated constructs', () => {
  it('region left open at the end of the file (custom ops)', () => {
    // mlir-opt: 2:30 "expected operation name in quotes" (same place: after the last token).
    const r = runFile('unterminated-region.mlir', 'func.func @f() {\n  %0 = arith.constant 1 : i32\n');
    expectLocatedError(r, { line: 2, col: 30, message: ["expected '}' to close region"] });
  });
  it('region left open at the end of the file (generic op)', () => {
    // mlir-opt: 2:21 "expected operation name in quotes".
    const r = runFile('unterminated-region-generic.mlir', '"a.b"() ({\n  "a.c"() : () -> ()\n', ['--allow-unregistered-dialect']);
    expectLocatedError(r, { line: 2, col: 21, message: ["expected '}' to close region"] });
  });
  it('region left open, followed by blank lines and a comment', () => {
    // mlir-opt: 2:30 (it backs up over the blank lines and the comment).
    const r = runFile('unterminated-region-comment.mlir', 'func.func @f() {\n  %0 = arith.constant 1 : i32\n\n// trailing comment\n\n');
    expectLocatedError(r, { line: 2, col: 30, message: ["expected '}' to close region"] });
  });
  it('string cut off by the end of the line', () => {
    const r = runFile('unterminated-string.mlir', '"a.b"() {foo = "abc\n} : () -> ()\n', ['--allow-unregistered-dialect']);
    expectLocatedError(r, { line: 1, col: 20, message: [`expected '"' in string literal`] });
  });
  it('string cut off by the end of the line, later in the file', () => {
    const r = runFile('unterminated-string-2.mlir', 'func.func @f() {\n  return\n}\n"a.b"() {s = "abc} : () -> ()\n', ['--allow-unregistered-dialect']);
    expectLocatedError(r, { line: 4, col: 30, message: [`expected '"' in string literal`] });
  });
  it('string cut off by the end of the file', () => {
    const r = runFile('unterminated-string-eof.mlir', 'func.func @f() attributes {s = "abc');
    expectLocatedError(r, { line: 1, col: 36, message: [`expected '"' in string literal`] });
  });
});

describe('tile-opt bad input: unknown types, ops and dialects', () => {
  it('unknown builtin-looking type', () => {
    const r = runFile('unknown-type.mlir', 'func.func @f(%a: floaty) {\n  return\n}\n');
    expectLocatedError(r, { line: 1, col: 17, message: ['expected non-function type'] });
  });
  it('type of an unregistered dialect', () => {
    // mlir-opt: 1:23 "`!"foo"<"bar">` type created with unregistered dialect. ...".
    const r = runFile('unknown-type-dialect.mlir', 'func.func @f(%a: !foo.bar) {\n  return\n}\n');
    expectLocatedError(r, { line: 1, message: ["'foo'"] });
  });
  it('unknown op of a registered dialect', () => {
    const r = runFile('unknown-op.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.frobnicate %a : i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 8, message: ["custom op 'arith.frobnicate' is unknown"] });
  });
  it('generic op of an unregistered dialect', () => {
    const r = runFile('unknown-dialect.mlir', 'func.func @f() {\n  "foo.bar"() : () -> ()\n  return\n}\n');
    expectLocatedError(r, { line: 2, col: 12, message: ['operation being parsed with an unregistered dialect', '-allow-unregistered-dialect'] });
  });
  it('custom-form op of an unregistered dialect', () => {
    // mlir-opt: 2:3 "Dialect `foo' not found for custom op 'foo.bar'".
    const r = runFile('unknown-dialect-custom.mlir', 'func.func @f() {\n  foo.bar\n  return\n}\n');
    expectLocatedError(r, { line: 2, col: 3, message: ["'foo.bar'"] });
  });
  it('attribute of an unregistered dialect', () => {
    const r = runFile('unknown-attr-dialect.mlir', 'func.func @f() {\n  "a.b"() {x = #foo.bar<1>} : () -> ()\n  return\n}\n');
    expectLocatedError(r, { line: 2, col: 8, message: ['unregistered dialect'] });
  });
});

describe('tile-opt bad input: types and values', () => {
  it('one value used with two types', () => {
    const r = runFile('type-mismatch.mlir', 'func.func @f(%a: i32, %b: i64) -> i32 {\n  %0 = arith.addi %a, %b : i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 23, message: ["use of value '%b' expects different type than prior uses: 'i32' vs 'i64'"], notes: ['1:23'] });
  });
  it('operand types that the op does not accept', () => {
    const r = runFile('type-mismatch-verify.mlir', 'func.func @f(%a: i32, %b: i64) -> i32 {\n  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 8, message: ["'arith.addi' op requires the same type for all operands and results"] });
  });
  it('returned type differs from the function type', () => {
    const r = runFile('type-mismatch-return.mlir', 'func.func @f(%a: i32) -> i64 {\n  return %a : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 3, message: ["type of return operand 0 ('i32') doesn't match function result type ('i64')"] });
  });
  it('undefined value', () => {
    const r = runFile('undefined-value.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %x : i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 23, message: ['use of undeclared SSA value name'] });
  });
  it('value used outside the region defining it', () => {
    const r = runFile(
      'out-of-scope.mlir',
      'func.func @f() {\n  %c = arith.constant 0 : index\n  scf.for %i = %c to %c step %c {\n    %x = arith.addi %i, %i : index\n  }\n  %y = arith.addi %x, %x : index\n  return\n}\n',
    );
    expectLocatedError(r, { line: 6, col: 19, message: ['use of undeclared SSA value name'] });
  });
  it('doubly defined value', () => {
    const r = runFile('redefined-value.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %0 = arith.muli %a, %a : i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 3, col: 3, message: ["redefinition of SSA value '%0'"], notes: ['2:3'] });
  });
  it('use before definition in the same block (dominance)', () => {
    // mlir-opt: 2:8 "operand #1 does not dominate this use" (no "'arith.addi' op" prefix).
    const r = runFile('dominance.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %1 : i32\n  %1 = arith.muli %a, %a : i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 8, message: ['operand #1 does not dominate this use'], notes: ['3:8'] });
  });
});

describe('tile-opt bad input: operand and result counts', () => {
  it('too few operands, generic form', () => {
    const r = runFile('operand-count.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = "arith.addi"(%a) : (i32) -> i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 8, message: ["'arith.addi' op expected 2 operands, but found 1"] });
  });
  it('too few operands, custom form', () => {
    const r = runFile('operand-count-custom.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a : i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 21, message: ["expected ','"] });
  });
  it('more results bound than the op defines', () => {
    const r = runFile('result-count.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0:2 = arith.addi %a, %a : i32\n  return %0#0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 3, message: ['operation defines 1 results but was provided 2 to bind'] });
  });
  it('return without the function result', () => {
    const r = runFile('return-count.mlir', 'func.func @f() -> i32 {\n  %0 = arith.constant 1 : i32\n  return\n}\n');
    expectLocatedError(r, { line: 3, col: 3, message: ["'func.return' op has 0 operands, but enclosing function (@f) returns 1"] });
  });
  it('missing comma before a blank line and a comment', () => {
    const r = runFile('missing-comma.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32   // comment\n\n  %1 = arith.muli %0 %0 : i32\n  return %1 : i32\n}\n');
    expectLocatedError(r, { line: 4, col: 21, message: ["expected ','"] });
  });
  it('missing type, reported at the end of the previous line', () => {
    const r = runFile('missing-colon.mlir', 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a   // comment\n\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 2, col: 25, message: ["expected ':'"] });
  });
});

describe('tile-opt bad input: invalid attributes and locations', () => {
  it('float literal for an integer type', () => {
    // Reported at the token after the literal's type, as mlir-opt does (here on the next line).
    const r = runFile('invalid-attr-float.mlir', 'func.func @f() -> i32 {\n  %0 = arith.constant 1.5 : i32\n  return %0 : i32\n}\n');
    expectLocatedError(r, { line: 3, col: 3, message: ['floating point value not valid for specified type'] });
  });
  it('integer literal out of range', () => {
    const r = runFile('invalid-attr-range.mlir', 'func.func @f() {\n  %0 = arith.constant 300 : i8\n  return\n}\n');
    expectLocatedError(r, { line: 2, col: 23, message: ['integer constant out of range for attribute'] });
  });
  it('array attribute closed with the wrong bracket', () => {
    // mlir-opt: 2:21 "expected ',' or ']'".
    const r = runFile('invalid-attr-array.mlir', 'func.func @f() {\n  "a.b"() {x = [1, 2} : () -> ()\n  return\n}\n', ['--allow-unregistered-dialect']);
    expectLocatedError(r, { line: 2, col: 21, message: ["']'"] });
  });
  it('dense elements with a scalar type', () => {
    const r = runFile('invalid-attr-dense.mlir', 'func.func @f() {\n  %0 = arith.constant dense<[1, 2]> : i32\n  return\n}\n');
    expectLocatedError(r, { line: 3, col: 3, message: ['elements literal must be a shaped type'] });
  });
  it('dense elements with a dynamic shape', () => {
    const r = runFile('invalid-attr-dense-dyn.mlir', 'func.func @f() {\n  "a.b"() {x = dense<1> : tensor<?xi32>} : () -> ()\n  return\n}\n', ['--allow-unregistered-dialect']);
    expectLocatedError(r, { line: 2, col: 40, message: ['elements literal type must have static shape'] });
  });
  it('unknown enum case', () => {
    const r = runFile('invalid-enum.mlir', 'func.func @f(%a: i32) -> i1 {\n  %0 = arith.cmpi foo, %a, %a : i32\n  return %0 : i1\n}\n');
    expectLocatedError(r, { line: 2, col: 19, message: ["custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate'"] });
  });
  it('location left open', () => {
    const r = runFile('invalid-loc.mlir', 'func.func @f() {\n  %0 = arith.constant 1 : i32\n  %1 = arith.addi %0, %0 : i32 loc(\n  return\n}\n');
    expectLocatedError(r, { line: 3, col: 36, message: ['expected location instance'] });
  });
  it('invalid call site location', () => {
    const r = runFile('invalid-loc-callsite.mlir', 'func.func @f() {\n  return loc(callsite("a" at 5))\n}\n');
    expectLocatedError(r, { line: 2, col: 29, message: ['expected location instance'] });
  });
});

describe('tile-opt bad input: bytes that are not MLIR', () => {
  it('random bytes with NULs', () => {
    // mlir-opt reads bytes ("unexpected character" at 1:1); tile-opt first requires UTF-8.
    const r0 = mulberry32(42);
    const bytes = new Uint8Array(4096).map(() => (r0() < 0.05 ? 0 : Math.floor(r0() * 256)));
    expect(bytes.includes(0)).toBe(true);
    expectLocatedError(runFile('binary.mlir', bytes), { message: ['not valid UTF-8'] });
  });
  it('random ASCII with NULs (valid UTF-8)', () => {
    // mlir-opt: 1:2 "expected operation name in quotes" (it skips the leading NUL).
    const r0 = mulberry32(7);
    const bytes = new Uint8Array(4096).map(() => (r0() < 0.05 ? 0 : Math.floor(r0() * 128)));
    expect(bytes.includes(0)).toBe(true);
    expectLocatedError(runFile('ascii-binary.mlir', bytes));
  });
  it('NUL bytes in the middle of the IR', () => {
    // mlir-opt skips NULs like whitespace and accepts this file; tile-opt rejects them.
    const r = runFile('nul.mlir', Buffer.from('func.func @f() {\n  \0return\n}\n'));
    expectLocatedError(r, { line: 2, col: 3 });
  });
  it('non-UTF-8 bytes in a comment', () => {
    // mlir-opt accepts this file; tile-opt requires UTF-8 and points at the first bad byte.
    const r = runFile('non-utf8.mlir', Buffer.concat([Buffer.from('func.func @f() {\n  return\n}\n// caf'), Buffer.from([0xe9, 0x20, 0xff, 0xfe, 0x0a])]));
    expectLocatedError(r, { line: 4, col: 7, message: ['source file is not valid UTF-8'] });
  });
  it('non-UTF-8 bytes after a genuine U+FFFD', () => {
    const r = runFile('non-utf8-after-fffd.mlir', Buffer.concat([Buffer.from('// \uFFFD is fine\nfunc.func @f() {\n  return\n}\n// caf'), Buffer.from([0xe9, 0x0a])]));
    expectLocatedError(r, { line: 5, col: 7, message: ['source file is not valid UTF-8'] });
  });
});

describe('tile-opt bad input: deep nesting (mlir-opt overflows its stack on these)', () => {
  const N = 10_000;
  it('10,000 nested generic ops with regions', () => {
    const text = '"a.b"() ({\n'.repeat(N) + '}) : () -> ()\n'.repeat(N);
    const got = expectLocatedError(runFile('deep-generic.mlir', text, ['--allow-unregistered-dialect']), { message: ['nesting too deep'] });
    expect(got.line).toBeGreaterThan(1);
    expect(got.line).toBeLessThanOrEqual(N);
  });
  it('10,000 nested scf.execute_region', () => {
    const text = 'func.func @f() {\n' + '  scf.execute_region {\n'.repeat(N) + '  scf.yield\n  }\n'.repeat(N) + '  return\n}\n';
    const got = expectLocatedError(runFile('deep-execute-region.mlir', text), { message: ['nesting too deep'] });
    expect(got.line).toBeGreaterThan(2);
    expect(got.line).toBeLessThanOrEqual(N + 1);
  });
  it("10,000 nested '[' in an attribute", () => {
    const text = '"a.b"() {x = ' + '['.repeat(N) + ']'.repeat(N) + '} : () -> ()\n';
    const got = expectLocatedError(runFile('deep-array.mlir', text, ['--allow-unregistered-dialect']), { line: 1, message: ['nesting too deep'] });
    expect(got.col).toBeGreaterThan(14);
    expect(got.col).toBeLessThanOrEqual(14 + N);
  });
  it('10,000 nested dictionaries (the JS stack may run out before the nesting limit)', () => {
    const text = '"a.b"() {x = ' + '{a = '.repeat(N) + '1' + '}'.repeat(N) + '} : () -> ()\n';
    const got = expectLocatedError(runFile('deep-dict.mlir', text, ['--allow-unregistered-dialect']), { line: 1, message: ['nesting too deep'] });
    // At the point where it gave up, not at the start of the file.
    expect(got.col).toBeGreaterThan(100);
  });
  it('10,000 nested tuple types', () => {
    const text = '"a.b"() : () -> ' + 'tuple<'.repeat(N) + 'i32' + '>'.repeat(N) + '\n';
    expectLocatedError(runFile('deep-tuple.mlir', text, ['--allow-unregistered-dialect']), { line: 1, message: ['nesting too deep'] });
  });
  it('10,000 nested call site locations', () => {
    const text = '"a.b"() : () -> () loc(' + 'callsite('.repeat(N) + '"a"' + ' at "b")'.repeat(N) + ')\n';
    expectLocatedError(runFile('deep-loc.mlir', text, ['--allow-unregistered-dialect']), { line: 1, message: ['nesting too deep'] });
  });
  it('500 nested regions are fine', () => {
    const text = '"a.b"() ({\n'.repeat(499) + '}) : () -> ()\n'.repeat(499);
    const r = runFile('ok-deep-generic.mlir', text, ['--allow-unregistered-dialect']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

// 10 MB in the slow suite (TILE_SLOW=1, as CI runs it); 1 MB, the same code paths, otherwise.
const HUGE_BYTES = (process.env['TILE_SLOW'] ? 10 : 1) * 1024 * 1024;

describe(`tile-opt bad input: a ${HUGE_BYTES >> 20} MB line`, () => {
  it(
    'huge array attribute broken at the end',
    () => {
      let text = '"a.b"() {x = [';
      const parts: string[] = [];
      let length = text.length;
      for (let i = 0; length < HUGE_BYTES; i++) {
        const s = `${i}, `;
        parts.push(s);
        length += s.length;
      }
      text += parts.join('') + '1 } : () -> ()\n';
      // mlir-opt: the same line:col ("expected ',' or ']'", right after the last element).
      const r = runFile('huge-array.mlir', text, ['--allow-unregistered-dialect'], LIMIT_HUGE_MS);
      expectLocatedError(r, { line: 1, col: text.indexOf('}'), message: ["']'"] });
      // The source line shown under the message is cut to a window around the column.
      expect(r.stderr.split('\n')[1]!.length).toBeLessThan(200);
    },
    LIMIT_HUGE_MS + 30_000,
  );
  it(
    'a long run of ops on one line, broken at the end',
    () => {
      const op = '"a.b"() : () -> () ';
      const text = op.repeat(Math.ceil(HUGE_BYTES / op.length)) + '"a.b"() : (\n';
      const r = runFile('huge-ops.mlir', text, ['--allow-unregistered-dialect'], LIMIT_HUGE_MS);
      expectLocatedError(r, { line: 1, col: text.length, message: ['expected non-function type'] });
    },
    LIMIT_HUGE_MS + 30_000,
  );
});

describe('tile-opt on (nearly) empty input', () => {
  // Byte for byte what mlir-opt prints for these files.
  it('empty file', () => {
    const r = runFile('empty.mlir', '');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('module {\n}\n\n');
  });
  it('only a comment and blank lines', () => {
    const r = runFile('comment-only.mlir', '// only a comment\n\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('module {\n}\n\n');
  });
});
