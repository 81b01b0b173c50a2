// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The same file passes `mlir-opt --split-input-file --verify-diagnostics` (LLVM 19).

{-#
  dialect_resources: {
    // expected-error @+1 {{dialect 'foo' is unknown}}
    foo: {
      blob: "0x0400000001000000"
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    arith: {
      // expected-error @+1 {{unexpected 'resource' section for dialect 'arith'}}
      blob: "0x0400000001000000"
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
      blob: "0x04"
    }
  }
#-}

// -----

{-#
  // expected-error @+1 {{unknown key 'dialect_resourcez' in file metadata dictionary}}
  dialect_resourcez: {
  }
#-}

// -----

func.func @f() {
  // expected-error @+1 {{expected ':'}}
  %0 = "arith.constant"() {value = dense_resource<x>} : () -> tensor<2xf32>
  return
}
