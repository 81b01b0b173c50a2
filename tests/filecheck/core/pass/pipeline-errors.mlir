// RUN: not tile-opt %s -p 'builtin.module(func.func(cse,foo))' 2>&1 | FileCheck %s --check-prefix=UNKNOWN --strict-whitespace
// RUN: not tile-opt %s -p 'func.func(canonicalize{max-iterations=many})' 2>&1 | FileCheck %s --check-prefix=VALUE --strict-whitespace
// RUN: not tile-opt %s -p 'func.func(cse' 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not tile-opt %s -p 'cse' --canonicalize 2>&1 | FileCheck %s --check-prefix=MIX
// RUN: not tile-opt %s -p @no-such-pipeline 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: not tile-opt %s -p 'func.func(canonicalise)' 2>&1 | FileCheck %s --check-prefix=NEAR --strict-whitespace

// UNKNOWN:      MLIR Textual PassPipeline Parser:1:30: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(func.func(cse,foo))
// UNKNOWN-NEXT: {{^}}                             ^

// VALUE:      MLIR Textual PassPipeline Parser:1:39: error: invalid value 'many' for option 'max-iterations': expected an integer
// VALUE-NEXT: func.func(canonicalize{max-iterations=many})
// VALUE-NEXT: {{^}}                                      ^

// PAREN: MLIR Textual PassPipeline Parser:1:10: error: encountered unbalanced parentheses while parsing pipeline

// MIX: tile-opt: error: '--pass-pipeline' option can't be used with individual pass options

// A misspelt pass name gets a note with the nearest one (mlir-opt suggests only for flags).
// NEAR:      MLIR Textual PassPipeline Parser:1:11: error: 'canonicalise' does not refer to a registered pass or pass pipeline
// NEAR-NEXT: func.func(canonicalise)
// NEAR-NEXT: {{^}}          ^
// NEAR-NEXT: MLIR Textual PassPipeline Parser:1:11: note: did you mean 'canonicalize'?

// NAMED: MLIR Textual PassPipeline Parser:1:1: error: 'no-such-pipeline' does not refer to a registered pass pipeline or a pipeline file
func.func @f() {
  return
}
