// RUN: tile-opt %s --split-input-file -p '@tile-tiled{tile-sizes=64,64,16 num-warps=4 pack-lhs=true}' | FileCheck %s
// RUN: tile-run %S/../../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:65x17xf32 --arg B=rand:17x130xf32 --arg C=zeros:65x130xf32 --compare-pipeline '@tile-wgsl{tile-sizes=64,64,16 num-warps=4 num-stages=2 pack-lhs=true}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %S/../../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:1x1xf32 --arg B=rand:1x1xf32 --arg C=zeros:1x1xf32 --compare-pipeline '@tile-wgsl{tile-sizes=64,64,16 num-warps=4 num-stages=3 pack-lhs=true}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %S/../../../../examples/matmul.mlir --entry matmul_f32 --arg A=rand:37x23xf32 --arg B=rand:23x45xf32 --arg C=zeros:37x45xf32 --compare-pipeline '@tile-wgsl{tile-sizes=32,32,8 num-warps=4 num-stages=2 pack-lhs=true}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %S/../../../../examples/matmul.mlir --entry matmul_f16 --arg A=rand:70x129xf16 --arg B=rand:129x33xf16 --arg C=zeros:70x33xf32 --compare-pipeline '@tile-wgsl{tile-sizes=64,64,16 num-warps=4 num-stages=1 pack-lhs=true}' --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../../examples/matmul-epilogue.mlir -p '@tile-tiled{tile-sizes=2,2,2 num-warps=1 pack-lhs=true max-grid-dims=1}' | FileCheck %s --check-prefix=GRID
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p 'symbol-privatize{exclude=matmul_f32},symbol-dce,@tile-tiled{max-workgroup-memory=49152}' | FileCheck %s --check-prefix=VARIANTS
// RUN: tile-run %S/../../../../examples/matmul-epilogue.mlir --entry matmul_bias_relu --arg A=rand:5x6xf32 --arg B=rand:6x5xf32 --arg bias=rand:5xf32 --arg C=zeros:5x5xf32 --compare-pipeline '@tile-tiled{tile-sizes=2,2,2 num-warps=1 pack-lhs=true max-grid-dims=1}' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// pack-lhs: a matmul whose A is row-major first launches a kernel that writes Aᵀ into a buffer
// allocated for the call (64x64 squares of A, each loaded, transposed and stored at the mirrored
// position, masked at the edges), then the matmul kernel reads that buffer as transpose_a does
// (K-major tiles of 16 x 64, transposed after loading); the buffer is freed after the call. The
// packing kernel runs 8 warps (256 threads) whatever num-warps says; the matmul runs num-warps.
// The buffer's rows (M) are rounded up to whole tiles (BM = 64), and a B whose rows (N) are not a
// multiple of 4 is copied into rows of whole tiles (BN = 64) first (mm_pad_rhs; tested at run time
// for a dynamic N, B itself passed on where it is aligned): the matmul's copies then read both as
// whole vec4s, the edge tiles' too. The padding is not written (it reaches only C's rows and
// columns beyond M and N, which are not stored).
// CHECK-LABEL: gpu.func @mm_pack_lhs(
// CHECK-SAME: %[[SRC:[a-z0-9]+]]: memref<?x?xf32>, %[[DST:[a-z0-9]+]]: memref<?x?xf32>) kernel
// CHECK-DAG: %[[R0:.+]] = arith.muli %{{[0-9]+}}, %c64
// CHECK-DAG: %[[C0:.+]] = arith.muli %block_id_x, %c64
// CHECK: %[[T:.+]] = tile.load %[[SRC]][%[[R0]], %[[C0]]] : memref<?x?xf32> -> tensor<64x64xf32>
// CHECK-NEXT: %[[TT:.+]] = tile.transpose %[[T]] : tensor<64x64xf32> -> tensor<64x64xf32>
// CHECK-NEXT: tile.store %[[TT]], %[[DST]][%[[C0]], %[[R0]]]
// CHECK-LABEL: gpu.func @mm_pad_rhs(
// CHECK-SAME: %[[SRC:[a-z0-9]+]]: memref<?x?xf32>, %[[DST:[a-z0-9]+]]: memref<?x?xf32>) kernel
// CHECK-DAG: %[[R0:.+]] = arith.muli %{{[0-9]+}}, %c64
// CHECK-DAG: %[[C0:.+]] = arith.muli %block_id_x, %c64
// CHECK: %[[T:.+]] = tile.load %[[SRC]][%[[R0]], %[[C0]]] : memref<?x?xf32> -> tensor<64x64xf32>
// CHECK-NEXT: tile.store %[[T]], %[[DST]][%[[R0]], %[[C0]]]
// CHECK: gpu.func @mm(%[[AT:[a-z0-9]+]]: memref<?x?xf32>, %{{.+}}: memref<?x?xf32>, %{{.+}}: memref<?x?xf32>) kernel
// CHECK: %[[K:.+]] = memref.dim %[[AT]], %c0
// CHECK: scf.for %[[KK:.+]] = %c0 to %[[K]] step %c16
// CHECK: %[[AS:.+]] = tile.load %[[AT]][%[[KK]], %{{.+}}] : memref<?x?xf32> -> tensor<16x64xf32>
// CHECK-NEXT: tile.transpose %[[AS]] : tensor<16x64xf32> -> tensor<64x16xf32>
// CHECK: func.func @mm(%[[A:.+]]: memref<?x?xf32>, %[[B:.+]]: memref<?x?xf32>, %[[C:.+]]: memref<?x?xf32>)
// The sizes a call must have, asserted first (generate-runtime-verification):
// CHECK-DAG: %[[KD:.+]] = memref.dim %[[A]], %c1
// CHECK-DAG: %[[MD:.+]] = memref.dim %[[A]], %c0
// CHECK-DAG: %[[N:.+]] = memref.dim %[[B]], %c1
// CHECK-DAG: cf.assert %{{.+}}, "'tile.matmul' op reduction dimensions differ at run time: dimension 1 of A and dimension 0 of B"
// CHECK-DAG: cf.assert %{{.+}}, "'tile.matmul' op C's rows (dimension 0) differ from op(A)'s (dimension 0 of A) at run time"
// CHECK-DAG: cf.assert %{{.+}}, "'tile.matmul' op C's columns (dimension 1) differ from op(B)'s (dimension 1 of B) at run time"
// CHECK: %[[MV:.+]] = arith.ceildivui %[[MD]], %c64
// CHECK-NEXT: %[[M64:.+]] = arith.muli %[[MV]], %c64
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc(%[[KD]], %[[M64]]) : memref<?x?xf32>
// CHECK: gpu.launch_func @kernels::@mm_pack_lhs blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%c256, %c1, %c1) args(%[[A]] : memref<?x?xf32>, %[[BUF]] : memref<?x?xf32>)
// CHECK-NEXT: %[[NR:.+]] = arith.remui %[[N]], %c4
// CHECK-NEXT: %[[ODD:.+]] = arith.cmpi ne, %[[NR]], %c0
// CHECK-NEXT: %[[BP:.+]] = scf.if %[[ODD]] -> (memref<?x?xf32>) {
// CHECK: %[[NV:.+]] = arith.ceildivui %[[N]], %c64
// CHECK-NEXT: %[[N64:.+]] = arith.muli %[[NV]], %c64
// CHECK-NEXT: %[[PAD:.+]] = memref.alloc(%{{.+}}, %[[N64]]) : memref<?x?xf32>
// CHECK: gpu.launch_func @kernels::@mm_pad_rhs blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%c256, %c1, %c1) args(%[[B]] : memref<?x?xf32>, %[[PAD]] : memref<?x?xf32>)
// CHECK-NEXT: scf.yield %[[PAD]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[B]] : memref<?x?xf32>
// CHECK: gpu.launch_func @kernels::@mm blocks in {{.+}} threads in (%c128, %c1, %c1) args(%[[BUF]] : memref<?x?xf32>, %[[BP]] : memref<?x?xf32>, %[[C]] : memref<?x?xf32>)
// CHECK-NEXT: scf.if %[[ODD]] {
// CHECK-NEXT: memref.dealloc %[[BP]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<?x?xf32>
// CHECK-NEXT: return
// The automatic configuration of a dynamic matmul chooses at run time among variants; those that
// pack (256x128 and 128x128 tiles) share one Aᵀ and one padded B, padded for the largest tiles.
// VARIANTS-LABEL: func.func @matmul_f32(
// VARIANTS: %[[MV:.+]] = arith.ceildivui %{{.+}}, %c256
// VARIANTS-NEXT: %[[M256:.+]] = arith.muli %[[MV]], %c256
// VARIANTS-NEXT: memref.alloc(%{{.+}}, %[[M256]]) : memref<?x?xf32>
// VARIANTS: gpu.launch_func @kernels::@matmul_f32_pack_lhs
// VARIANTS: %[[NV:.+]] = arith.ceildivui %{{.+}}, %c128
// VARIANTS-NEXT: %[[N128:.+]] = arith.muli %[[NV]], %c128
// VARIANTS-NEXT: memref.alloc(%{{.+}}, %[[N128]]) : memref<?x?xf32>
// VARIANTS: gpu.launch_func @kernels::@matmul_f32_pad_rhs
// VARIANTS: gpu.launch_func @kernels::@matmul_f32_256x128x16
// VARIANTS: gpu.launch_func @kernels::@matmul_f32_128x128x16
func.func @mm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

// -----

// Static shapes: the buffer is static too (K x M = 40 x 64, M = 48 rounded up to a tile).
// CHECK-LABEL: func.func @mm_static(
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<40x64xf16>
// CHECK: gpu.launch_func @kernels::@mm_static_pack_lhs
// CHECK: gpu.launch_func @kernels::@mm_static {{.+}} args(%[[BUF]] : memref<40x64xf16>,
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<40x64xf16>
func.func @mm_static(%A: memref<48x40xf16>, %B: memref<40x24xf16>, %C: memref<48x24xf32>) {
  tile.matmul %A, %B, %C : memref<48x40xf16>, memref<40x24xf16>, memref<48x24xf32>
  return
}

// -----

// Static shapes not multiples of 4 (M = 37, N = 45): Aᵀ is 23 x 64, B is copied into 23 x 64
// without a run-time test. A B read transposed (transpose_b) is read as it is.
// CHECK-LABEL: func.func @mm_odd(
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<23x64xf32>
// CHECK: gpu.launch_func @kernels::@mm_odd_pack_lhs
// CHECK-NOT: scf.if
// CHECK: %[[PAD:.+]] = memref.alloc() : memref<23x64xf32>
// CHECK: gpu.launch_func @kernels::@mm_odd_pad_rhs {{.+}} args(%{{.+}} : memref<23x45xf32>, %[[PAD]] : memref<23x64xf32>)
// CHECK: gpu.launch_func @kernels::@mm_odd {{.+}} args(%[[BUF]] : memref<23x64xf32>, %[[PAD]] : memref<23x64xf32>,
// CHECK-NEXT: memref.dealloc %[[PAD]] : memref<23x64xf32>
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<23x64xf32>
// CHECK-LABEL: func.func @mm_odd_tb(
// CHECK-NOT: pad_rhs
// CHECK: return
func.func @mm_odd(%A: memref<37x23xf32>, %B: memref<23x45xf32>, %C: memref<37x45xf32>) {
  tile.matmul %A, %B, %C : memref<37x23xf32>, memref<23x45xf32>, memref<37x45xf32>
  return
}
func.func @mm_odd_tb(%A: memref<37x23xf32>, %B: memref<45x23xf32>, %C: memref<37x45xf32>) {
  tile.matmul %A, %B, %C transpose_b : memref<37x23xf32>, memref<45x23xf32>, memref<37x45xf32>
  return
}

// -----

// A given transposed (transpose_a) is read as it is: nothing to pack.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-NOT: pack_lhs
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch_func @kernels::@mm_t
func.func @mm_t(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_a : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

// SAME: compare %C: max_abs=

// A fused epilogue's grid covers its output's tiles, not the padded operands' (one grid axis: the
// column tiles that split the block id come from C, 5 columns, not from the padded B's 8).
// GRID: gpu.func @matmul_bias_relu(%{{[a-z0-9]+}}: memref<?x?xf32>, %{{[a-z0-9]+}}: memref<?x?xf32>, %{{[a-z0-9]+}}: memref<?xf32>, %[[OUT:[a-z0-9]+]]: memref<?x?xf32>) kernel
// GRID: %[[N:.+]] = memref.dim %[[OUT]], %c1
// GRID-NEXT: %[[TILES:.+]] = arith.ceildivui %[[N]], %c2
// GRID-NEXT: arith.remui %block_id_x, %[[TILES]]
