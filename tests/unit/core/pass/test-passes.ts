// Passes defined for the pass manager's tests, independent of the real passes in passes/.
import { StringAttr, UnitAttr } from '../../../../core/ir/attributes.js';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import type { Operation } from '../../../../core/ir/operation.js';
import type { OptionValue } from '../../../../core/pass/options.js';
import { definePass } from '../../../../core/pass/pass.js';
import { PassRegistry } from '../../../../core/pass/registry.js';

/** `pass@op` for every run of a test pass, in order (`@name` of symbols, else the op name). */
export const runLog: string[] = [];
const where = (op: Operation): string => {
  const sym = op.getAttr('sym_name');
  return sym instanceof StringAttr ? `@${sym.value}` : op.name;
};

export const countPass = definePass({
  name: 'test-count',
  summary: 'Count the ops it runs on',
  displayName: 'TestCount',
  statistics: { 'num-runs': 'Number of ops the pass ran on', 'num-nested': 'Number of ops nested in them' },
  run(op, pass) {
    runLog.push(`test-count${where(op)}`);
    pass.addStatistic('num-runs');
    let n = -1;
    op.walk(() => void n++);
    pass.addStatistic('num-nested', n);
  },
});

export const failPass = definePass({
  name: 'test-fail',
  summary: 'Fail with a located error',
  options: { message: { type: 'string', help: 'The error message', default: 'test-fail failed' } },
  run(op, pass) {
    runLog.push(`test-fail${where(op)}`);
    pass.fail(op.loc, pass.options.message);
  },
});

export const throwPass = definePass({
  name: 'test-throw',
  summary: 'Throw a DiagnosticError',
  run(op) {
    throw DiagnosticError.at(op.loc, 'test-throw threw');
  },
});

export const crashPass = definePass({
  name: 'test-crash',
  summary: 'Throw a plain Error (a bug in a pass)',
  run() {
    throw new TypeError('oops');
  },
});

/** Records its options as `test.options = "..."` on the op it runs on. */
export const optionsPass = definePass({
  name: 'test-options',
  summary: 'A pass with every option type',
  options: {
    count: { type: 'int', help: 'An int', default: 3 },
    size: { type: 'uint', help: 'A uint' },
    ratio: { type: 'float', help: 'A float', default: 0.5 },
    flag: { type: 'bool', help: 'A bool' },
    label: { type: 'string', help: 'A string', default: 'x' },
    mode: { type: 'enum', help: 'An enum', values: ['fast', 'slow'], default: 'fast' },
    sizes: { type: 'int-list', help: 'An int list', default: [1, 2] },
    names: { type: 'string-list', help: 'A string list' },
  },
  run(op, pass) {
    op.setAttr('test.options', StringAttr.get(JSON.stringify(pass.options)));
  },
});

/** Anchored on func.func: marks each function it runs on. */
export const funcTagPass = definePass({
  name: 'test-func-tag',
  summary: 'Tag functions',
  opName: 'func.func',
  run(op) {
    runLog.push(`test-func-tag${where(op)}`);
    op.setAttr('test.tagged', UnitAttr.get());
  },
});

/** Leaves invalid IR: erases the terminator of every function body. */
export const breakIrPass = definePass({
  name: 'test-break-ir',
  summary: 'Erase function terminators',
  opName: 'func.func',
  run(op) {
    op.region(0).entry?.terminator?.erase();
  },
});

/** Depends on a dialect nobody loads. */
export const needsDialectPass = definePass({
  name: 'test-needs-dialect',
  summary: 'Needs the nowhere dialect',
  dependentDialects: ['nowhere'],
  run() {},
});

/** An option with a rule beyond its type: an even number. */
export const checkedOptionPass = definePass({
  name: 'test-checked-option',
  summary: 'A pass whose option must be even',
  options: { even: { type: 'uint', help: 'An even number', default: 2, check: (v: OptionValue) => ((v as number) % 2 === 0 ? undefined : 'must be even') } },
  run() {},
});

export const testPasses = [countPass, failPass, throwPass, crashPass, optionsPass, funcTagPass, breakIrPass, needsDialectPass, checkedOptionPass];

export function testRegistry(): PassRegistry {
  return new PassRegistry(testPasses);
}
