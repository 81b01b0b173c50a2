// RUN: tile-opt %s --split-input-file --verify-diagnostics

// Verifier messages as mlir-opt 19 gives them: the gpu dialect's checks of `gpu.known_block_size`
// and `gpu.known_grid_size` on any op, gpu.module's `targets`, and the operand count of the
// generic gpu.launch / gpu.launch_func (MLIR's AtLeastNOperands comes before the segment sizes).

// expected-error@+1 {{'func.func' op gpu.known_grid_size must be a dense i32 array}}
func.func @grid_not_array() attributes {gpu.known_grid_size = [1, 1, 1]} {
  return
}

// -----

// expected-error@+1 {{'func.func' op gpu.known_block_size must be a dense i32 array}}
func.func @block_i64() attributes {gpu.known_block_size = array<i64: 1, 1, 1>} {
  return
}

// -----

// expected-error@+1 {{'func.func' op gpu.known_block_size must contain exactly 3 elements}}
func.func @block_four() attributes {gpu.known_block_size = array<i32: 1, 1, 1, 1>} {
  return
}

// -----

gpu.module @empty_targets [] {
}
// expected-error@-2 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}

// -----

// expected-error@+1 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}
gpu.module @string_target ["sm_90"] {
}

// -----

func.func @launch_four_operands(%i: index) {
  // expected-error@+1 {{'gpu.launch' op expected 6 or more operands, but found 4}}
  "gpu.launch"(%i, %i, %i, %i) ({
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1>} : (index, index, index, index) -> ()
  return
}

// -----

func.func @launch_func_no_segments(%i: index) {
  // expected-error@+1 {{'gpu.launch_func' op expected 6 or more operands, but found 2}}
  "gpu.launch_func"(%i, %i) {kernel = @m::@k} : (index, index) -> ()
  return
}
