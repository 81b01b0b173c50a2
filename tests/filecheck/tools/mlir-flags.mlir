// mlir-opt's printing and pass flags; the expected text is what mlir-opt (LLVM 19) prints for this file.
// RUN: tile-opt %s --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s --check-prefix=ELIDE
// ELIDE: %cst = arith.constant dense_resource<__elided__> : tensor<5xi32>
// ELIDE: arith.constant dense<7> : tensor<9xi32>
// RUN: tile-opt %s --mlir-print-local-scope --mlir-print-debuginfo | FileCheck %s --check-prefix=LOCAL
// LOCAL-NOT: #loc
// LOCAL: arith.addi %a, %a : i32 loc("x.py":3:4)
// LOCAL: } loc("{{.*}}mlir-flags.mlir":0:0)
// LOCAL-NOT: #loc
// RUN: tile-opt %s --strip-debuginfo --mlir-print-debuginfo | FileCheck %s --check-prefix=STRIP
// STRIP: #loc = loc(unknown)
// STRIP: func.func @f(%a: i32 loc(unknown)) -> i32 {
// STRIP-NEXT: arith.addi %a, %a : i32 loc(#loc)
// RUN: tile-opt %s --print-op-stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS --strict-whitespace
// STATS:      Operations encountered:
// STATS-NEXT: -----------------------
// STATS-NEXT: {{^}}    arith.addi     , 2
// STATS-NEXT: {{^}}    arith.constant , 2
// STATS-NEXT: {{^}}  builtin.module   , 1
// STATS-NEXT: {{^}}     func.func     , 2
// STATS-NEXT: {{^}}     func.return   , 2
// RUN: tile-opt %s -p 'builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// SCOPE: // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: module {
// SCOPE: // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT: func.func @f(
// RUN: tile-opt %s -p 'builtin.module(func.func(cse,canonicalize))' --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// LIST: ----Wall Time----  ----Name----
// LIST-NOT: '
// LIST-DAG: Parser
// LIST-DAG: 'func.func' Pipeline
// LIST-DAG: {{  }}CSE
// LIST-DAG: {{  }}Canonicalizer
// LIST: Rest
// LIST-NEXT: Total
// RUN: not tile-opt %s --no-implicit-module 2>&1 | FileCheck %s --check-prefix=NOIMPLICIT
// NOIMPLICIT: mlir-flags.mlir:0:0: error: source must contain a single top-level operation, found: 2

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("x.py":3:4)
  %1 = arith.addi %a, %a : i32
  %c = arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %s = arith.constant dense<7> : tensor<9xi32>
  return %0 : i32
}
func.func @g() {
  return
}
