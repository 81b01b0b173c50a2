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

// -----

// == "expected operation name in quotes" right after the previous token, also when that ends a
// dense literal (read twice: its element type comes after it).

func.func @f() {
  // expected-error @+1 {{expected operation name in quotes}}
  %26 = arith.constant dense<1.0> : vector<4xf32>
   = arith.constant 1 : i32
  return
}
