import { mathDialect } from '../../../dialects/math/index.js';
import { describeParity } from './harness.js';

// Expected texts under tests/unit/dialects/expected/math/ were produced by mlir-opt (LLVM 19.1)
// from the golden inputs in tests/filecheck/dialects/math/ and reviewed.
describeParity('math', { ops: mathDialect.ops.keys() });
