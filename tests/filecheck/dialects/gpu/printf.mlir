// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// gpu.printf as mlir-opt 19 prints it: the attribute dictionary before the arguments, the format
// string with MLIR's escapes.

// CHECK-LABEL: func.func @prints(
// CHECK: gpu.printf "Hello\0A" {x}
// CHECK: gpu.printf "%d %f %lu" %a, %b, %c : i32, f32, index
// GENERIC: "gpu.printf"() <{format = "Hello\0A"}> {x} : () -> ()
// GENERIC: "gpu.printf"(%a, %b, %c) <{format = "%d %f %lu"}> : (i32, f32, index) -> ()
func.func @prints(%a: i32, %b: f32, %c: index) {
  gpu.printf "Hello\n" {x}
  gpu.printf "%d %f %lu" %a, %b, %c : i32, f32, index
  return
}
