// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not tile-opt %s --split-input-file 2>/dev/null | FileCheck %s --check-prefix=OUT

// Each chunk is processed on its own (the marker splits wherever it stands, as in mlir-opt);
// errors are located within their chunk as mlir-opt does,
// and the chunks that succeed are still printed, a failed one leaving an empty place.

// OUT:      module {
// OUT-NEXT:   func.func @a() {
// OUT:      {{^}}// {{-----$}}
// OUT-NEXT: {{^}}// {{-----$}}
// OUT-NEXT: module {
// OUT-NEXT:   func.func @c() {
func.func @a() {
  return
}

// CHECK: split-input-file.mlir:[[@LINE+1]]:7: warning: near miss with file split marker
// ----x
// -----

// CHECK: within split at {{.*}}split-input-file.mlir:[[@LINE-2]] offset :5:19: error: use of undeclared SSA value name
func.func @b() {
  %0 = arith.addi %x, %x : i32
  return
}

// -----

func.func @c() {
  return
}
