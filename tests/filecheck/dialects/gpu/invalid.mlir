// RUN: tile-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
    gpu.func @k(%a: i32) -> i32 kernel {
      gpu.return %a : i32
    }
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @k(%a: i32) workgroup(%w : memref<4xf32, #gpu.address_space<private>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @k() private(%w : memref<4xf32, #gpu.address_space<global>>) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @k() workgroup(%w : f32) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op attribute 'known_block_size' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 2>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note@+1 {{return type declared here}}
  gpu.func @k(%a: i32) -> i32 {
    // expected-error@+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: i32) -> f32 {
    // expected-error@+1 {{'gpu.return' op unexpected type `'i32'' for operand #0}}
    gpu.return %a : i32
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{gpu.func requires named arguments}}
  gpu.func @k(i32) {
    gpu.return
  }
}

// -----

func.func @f() {
  // expected-error@+1 {{'gpu.func' op expects parent op 'gpu.module'}}
  "gpu.func"() <{function_type = () -> ()}> ({
    "gpu.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
  return
}

// -----

// expected-error@+1 {{unknown gpu type: foo}}
func.func private @f(!gpu.foo)

// -----

module {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel container 'nope' is undefined}}
    gpu.launch_func @nope::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func private @notmod()
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel module 'notmod' is undefined}}
    gpu.launch_func @notmod::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function '@kernels::@k' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op got 0 kernel operands but expected 1}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%c1 : index)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index, %i: i32) {
    // expected-error@+1 {{'gpu.launch_func' op expects types of the cluster dimensions must be the same}}
    "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %c1, %c1, %i, %c1) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0>}> : (index, index, index, index, index, index, index, i32, index) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index, %f: f32) {
    // expected-error@+1 {{'gpu.launch_func' op operand #1 must be index or 32-bit signless integer or 64-bit signless integer, but got 'f32'}}
    "gpu.launch_func"(%c1, %f, %c1, %c1, %c1, %c1) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, f32, index, index, index, index) -> ()
    return
  }
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{needs to be named when marked 'async'}}
  gpu.launch_func async @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
  return
}

// -----

"gpu.module"() <{sym_name = "m"}> ({
  // expected-error@+1 {{block with no terminator, has}}
  "gpu.func"() <{function_type = () -> ()}> ({
    "gpu.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}) : () -> ()

// -----

func.func @alloc_dynamic_count(%n: index) {
  // expected-error @+1 {{'gpu.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %0 = gpu.alloc (%n) : memref<4xf32>
  return
}

// -----

func.func @alloc_symbol_count(%n: index) {
  // expected-error @+1 {{'gpu.alloc' op symbol operand count does not equal memref symbol count}}
  %0 = gpu.alloc (%n) : memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  return
}

// -----

func.func @alloc_async_unnamed(%n: index) {
  // expected-error @+1 {{custom op 'gpu.alloc' needs to be named when marked 'async'}}
  gpu.alloc async (%n) : memref<?xf32>
  return
}

// -----

func.func @no_op_no_body(%x: f32) {
  // expected-error@+1 {{expected either an op attribute or a non-empty body}}
  %r = "gpu.all_reduce"(%x) ({}) : (f32) -> (f32)
  return
}

// -----

func.func @int_op_on_float(%x: f32) {
  // expected-error@+1 {{`xor` reduction operation is not compatible with type 'f32'}}
  %r = gpu.all_reduce xor %x {} : (f32) -> (f32)
  return
}

// -----

func.func @bad_kind(%x: f32) {
  // expected-error@+1 {{invalid op kind}}
  %r = gpu.all_reduce plus %x {} : (f32) -> (f32)
  return
}

// -----

func.func @region_args(%x: f32) {
  // expected-error@+1 {{expected two region arguments}}
  %r = gpu.all_reduce %x {
  ^bb(%lhs : f32):
    gpu.yield %lhs : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @yield_type(%x: f32) {
  // expected-error@+1 {{incorrect gpu.yield type}}
  %r = gpu.all_reduce %x {
  ^bb(%lhs : f32, %rhs : f32):
    %n = arith.constant 1 : i32
    gpu.yield %n : i32
  } : (f32) -> (f32)
  return
}

// -----

func.func @launch_attribution(%sz: index) {
  // expected-error@+1 {{expected memory space workgroup in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) workgroup(%w : memref<4xf32, #gpu.address_space<private>>) {
    gpu.terminator
  }
  return
}

// -----

func.func @launch_terminator(%sz: index) {
  // expected-note@+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) {
    // expected-error@+1 {{expected 'gpu.terminator' or a terminator with successors}}
    gpu.yield
  }
  return
}

// -----

func.func @wait_async_unnamed(%t: !gpu.async.token) {
  // expected-error @+1 {{custom op 'gpu.wait' needs to be named when marked 'async'}}
  gpu.wait async [%t]
}

// -----

func.func @memcpy_shapes(%a: memref<4x?xf16>, %b: memref<5x?xf16>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %a, %b : memref<4x?xf16>, memref<5x?xf16>
}

// -----

func.func @memset_type(%a: memref<2x2xi8>, %v: i16) {
  // expected-error @+1 {{'gpu.memset' op failed to verify that all of {dst, value} have same element type}}
  gpu.memset %a, %v : memref<2x2xi8>, i16
}

// -----

// The verifier messages of gpu.subgroup_reduce, as mlir-opt 19 gives them.

func.func @rank2(%v: vector<4x4xi32>) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op operand #0 must be Integer or Float or vector of Integer or Float values of ranks 1, but got 'vector<4x4xi32>'}}
  %r = gpu.subgroup_reduce add %v : (vector<4x4xi32>) -> vector<4x4xi32>
  return
}

// -----

func.func @scalable(%v: vector<[4]xi32>) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op is not compatible with scalable vector types}}
  %r = gpu.subgroup_reduce add %v : (vector<[4]xi32>) -> vector<[4]xi32>
  return
}

// -----

func.func @or_on_float(%v: vector<2xf16>) {
  // expected-error@+1 {{`or` reduction operation is not compatible with type 'vector<2xf16>'}}
  %r = gpu.subgroup_reduce or %v : (vector<2xf16>) -> vector<2xf16>
  return
}

// -----

func.func @minimumf_on_int(%v: i64) {
  // expected-error@+1 {{`minimumf` reduction operation is not compatible with type 'i64'}}
  %r = gpu.subgroup_reduce minimumf %v : (i64) -> i64
  return
}

// -----

func.func @no_operation(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op requires attribute 'op'}}
  %r = gpu.subgroup_reduce %v : (f32) -> f32
  return
}

// -----

func.func @types_differ(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op requires the same type for all operands and results}}
  %r = gpu.subgroup_reduce add %v : (f32) -> f64
  return
}

// -----

func.func @shuffle_types_differ(%v: f32, %o: i32, %w: i32) {
  // expected-error@+1 {{'gpu.shuffle' op failed to verify that all of {value, shuffleResult} have same type}}
  %r, %ok = "gpu.shuffle"(%v, %o, %w) {mode = #gpu<shuffle_mode up>} : (f32, i32, i32) -> (f64, i1)
  return
}

// -----

// The verifier messages of gpu.dynamic_shared_memory, as mlir-opt 19 gives them: the address space
// must be #gpu.address_space<workgroup> (the integer 3 is refused too), the size dynamic, the
// elements i8 and the rank 1.

func.func @integer_space() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
  %0 = gpu.dynamic_shared_memory : memref<?xi8, 3>
  return
}

// -----

func.func @no_space() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
  %0 = gpu.dynamic_shared_memory : memref<?xi8>
  return
}

// -----

func.func @static_size() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op result memref type must be memref<?xi8, #gpu.address_space<workgroup>>}}
  %0 = gpu.dynamic_shared_memory : memref<16xi8, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @not_bytes() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?xi16, #gpu.address_space<workgroup>>'}}
  %0 = gpu.dynamic_shared_memory : memref<?xi16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @rank_two() {
  // expected-error@+1 {{'gpu.dynamic_shared_memory' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?x?xi8, #gpu.address_space<workgroup>>'}}
  %0 = gpu.dynamic_shared_memory : memref<?x?xi8, #gpu.address_space<workgroup>>
  return
}

// -----

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

// -----

// The verifier and parser messages of gpu.binary, #gpu.object and #gpu.select_object, as
// mlir-opt 19 gives them.

// expected-error@+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @none []

// -----

// expected-error@+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @strings ["cubin"]

// -----

// expected-error@+1 {{'gpu.binary' op attribute 'offloadingHandler' failed to satisfy constraint: any attribute with the `OffloadingTranslationAttrTrait` trait.}}
gpu.binary @handler <"first"> [#gpu.object<#nvvm.target, "">]

// -----

// expected-error@+1 {{the target attribute must implement or promise the `gpu::TargetAttrInterface`}}
gpu.binary @target [#gpu.object<"sm_90", "">]

// -----

// expected-error@+1 {{the target attribute must be a GPU Target attribute}}
gpu.binary @select <#gpu.select_object<"a">> [#gpu.object<#nvvm.target, "">]

// -----

func.func @vector_arg(%v: vector<2xf32>) {
  // expected-error@+1 {{'gpu.printf' op operand #0 must be variadic of integer or index or floating-point, but got 'vector<2xf32>'}}
  gpu.printf "%f" %v : vector<2xf32>
  return
}

// -----

func.func @no_format(%v: f32) {
  // expected-error@+1 {{'gpu.printf' op requires attribute 'format'}}
  "gpu.printf"(%v) : (f32) -> ()
  return
}

// -----

// The messages of !gpu.mma_matrix and the subgroup matrix ops, as mlir-opt 19 gives them.

// expected-error@+1 {{MMAMatrixType must have exactly two dimensions}}
func.func @rank_one(%m: !gpu.mma_matrix<16xf16, "AOp">) {
  return
}

// -----

// expected-error@+1 {{operand expected to be one of AOp, BOp or COp}}
func.func @d_operand(%m: !gpu.mma_matrix<16x16xf16, "DOp">) {
  return
}

// -----

// expected-error@+1 {{MMAMatrixType elements must be SI8, UI8, I32, F16, or F32}}
func.func @f64_elements(%m: !gpu.mma_matrix<16x16xf64, "COp">) {
  return
}

// -----

func.func @load_column_major(%m: memref<32x32xf32, strided<[1, 32]>>, %i: index) {
  // expected-error@+1 {{expected source memref most minor dim must have unit stride}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf32, strided<[1, 32]>> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

func.func @load_f64(%m: memref<32x32xf64>, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_load_matrix' op operand #0 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float values of ranks 1 values, but got 'memref<32x32xf64>'}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf64> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

func.func @store_b(%v: !gpu.mma_matrix<16x16xf16, "BOp">, %m: memref<32x32xf16>, %i: index) {
  // expected-error@+1 {{expected the operand matrix being stored to have 'COp' operand type}}
  gpu.subgroup_mma_store_matrix %v, %m[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "BOp">, memref<32x32xf16>
  return
}

// -----

func.func @store_column_major(%v: !gpu.mma_matrix<16x16xf16, "COp">, %m: memref<32x32xf16, strided<[1, 32]>>, %i: index) {
  // expected-error@+1 {{expected destination memref most minor dim must have unit stride}}
  gpu.subgroup_mma_store_matrix %v, %m[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, strided<[1, 32]>>
  return
}

// -----

func.func @compute_order(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{operands must be in the order AOp, BOp, COp}}
  %d = gpu.subgroup_mma_compute %a, %a, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "AOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @compute_shapes(%a: !gpu.mma_matrix<16x8xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{operand shapes do not satisfy matmul constraints}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}
