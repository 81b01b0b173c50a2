// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The same file passes `mlir-opt --split-input-file --verify-diagnostics` (LLVM 19).

// == Naming the results of an op without results.

func.func @f(%m: memref<4xf32>, %x: f32, %i: index) {
  // expected-error @+1 {{cannot name an operation with no results}}
  %a = memref.store %x, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %x: f32, %i: index) {
  // expected-error @+1 {{cannot name an operation with no results}}
  %a = "memref.store"(%x, %m, %i) : (f32, memref<4xf32>, index) -> ()
  return
}

// -----

// == An empty block where a terminator is needed: reported at the op, without its name (and
// without the op in a note).

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{empty block: expect at least a terminator}}
    gpu.func @k(%a: memref<?xf32>) kernel {
    }
  }
}
