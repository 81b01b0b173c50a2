import { describe } from 'vitest';
import { describeParity, itReportsFirstErrors } from './harness.js';

// Expected texts under expected/func/ were produced by mlir-opt (LLVM 19) and reviewed.
describeParity('func');

describe('func dialect diagnostics', () => {
  itReportsFirstErrors([
    ['func.func @f(%a: i32, %a: i32) {\n  return\n}\n', "<stdin>:1:23: error: region entry argument '%a' is already in use"],
    [
      'func.func @f() attributes {function_type = () -> ()} {\n  return\n}\n',
      "<stdin>:1:16: error: custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary",
    ],
    ['func.func @f(i32) {\n  return\n}\n', "<stdin>:1:1: error: 'func.func' op entry block must have 1 arguments to match function signature"],
    ['func.func @f(%a: i32) -> i32 {\n  return\n}\n', "<stdin>:2:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1"],
    ['func.func @f(%a: i32) -> f32 {\n  return %a : i32\n}\n', "<stdin>:2:3: error: type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f"],
    ['func.func private @g(i32) -> i32\n', undefined, 'accepts a private declaration'],
    ['func.func @g(i32) -> i32\n', "<stdin>:1:1: error: 'func.func' op symbol declaration cannot have public visibility"],
  ]);
});
