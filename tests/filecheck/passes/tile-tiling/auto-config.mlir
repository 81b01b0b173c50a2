// tile-tiling's automatic matmul configuration (no tile-sizes): per shape and workgroup memory.
// Static shapes choose one kernel when compiling: one row takes vector-matrix products (1x16x256,
// 8 warps: B streamed through registers, its K loop carrying tile.register_stages, no tile.dot); at most 8 rows take 8x64x32 and at most 16 rows
// 16x64x32 (4 warps, A not packed, K split over workgroups into partials that a second kernel
// sums: split-k); otherwise the largest of 256x128x16 (8 warps), 128x128x16 (8 warps) and 64x64x32 (4 warps) that
// fits max-workgroup-memory at 2 stages and gives at least auto-min-workgroups (256) workgroups,
// else the smallest that fits; A is packed (pack-lhs) and the K loop carries tile.num_stages.
// RUN: tile-opt %s -p 'tile-tiling,canonicalize' | FileCheck %s
// RUN: tile-opt %s -p 'tile-tiling{max-workgroup-memory=49152},canonicalize' | FileCheck %s --check-prefix=BIG
// RUN: tile-opt %s -p 'tile-tiling{num-warps=4 num-stages=3},canonicalize' | FileCheck %s --check-prefix=GIVEN
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p 'tile-tiling,canonicalize,cse' | FileCheck %s --check-prefix=DYN
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p 'tile-tiling{max-workgroup-memory=49152},canonicalize,cse' | FileCheck %s --check-prefix=DYN-BIG

// CHECK-LABEL: gpu.func @square_1024_pack_lhs(
// CHECK-LABEL: gpu.func @square_1024(
// CHECK:         scf.for {{.*}} step %c32
// CHECK:           tile.dot {{.*}} -> tensor<64x64xf32, #tile.blocked<sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>>
// CHECK:         } {tile.num_stages = 2 : i64}
// CHECK-LABEL: gpu.func @square_4096(
// CHECK:         scf.for {{.*}} step %c16
// CHECK:           tile.dot {{.*}} -> tensor<128x128xf32
// CHECK:         } {tile.num_stages = 2 : i64}
// CHECK-LABEL: gpu.func @decode_one(
// CHECK-NOT:       tile.dot
// CHECK:           scf.for {{.*}} step %c256 iter_args(%{{.*}}) -> (tensor<256x16xf32>)
// CHECK:             tile.broadcast {{.*}} dims [1] : tensor<256xf32> -> tensor<256x16xf32>
// CHECK:           } {tile.register_stages = 2 : i64}
// CHECK:           tile.reduce add {{.*}} axis 0 : tensor<256x16xf32> -> tensor<16xf32>
// CHECK-LABEL: gpu.func @decode(
// CHECK-SAME:      %{{.*}}: memref<4x?x4096xf32>) kernel
// CHECK:           tile.dot {{.*}} -> tensor<8x64xf32
// CHECK-LABEL: gpu.func @decode_split_k_sum(
// CHECK-LABEL: gpu.func @small(
// CHECK:           tile.dot {{.*}} -> tensor<64x64xf32
// A static M decides the skinny rule when compiling (only N is left to the run-time choice).
// CHECK-LABEL: gpu.func @decode_dynamic_n(
// CHECK:           tile.dot {{.*}} -> tensor<8x64xf32
// CHECK-LABEL: gpu.func @decode_dynamic_n_split_k_sum(
// CHECK-NOT:     gpu.func @decode_dynamic_n_
// CHECK-LABEL: gpu.func @rows_dynamic_n_128x128x16(
// CHECK-LABEL: gpu.func @rows_dynamic_n_64x64x32(
// CHECK-LABEL: func.func @square_1024(
// CHECK:         gpu.launch_func @kernels::@square_1024_pack_lhs
// CHECK:         gpu.launch_func @kernels::@square_1024 blocks in (%c16, %c16, %c1) threads in (%c128, %c1, %c1)
// CHECK-LABEL: func.func @square_4096(
// CHECK:         gpu.launch_func @kernels::@square_4096 blocks in (%c32, %c32, %c1) threads in (%c256, %c1, %c1)
// 1 x 4096: a workgroup per 16 columns, 8 warps, nothing split.
// CHECK-LABEL: func.func @decode_one(
// CHECK:         gpu.launch_func @kernels::@decode_one blocks in (%c256, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK-NEXT:    return
// 4 x 4096 in 8x64 tiles: 64 workgroups, K split into 8 slices for 512 (twice auto-min-workgroups).
// CHECK-LABEL: func.func @decode(
// CHECK-NOT:     pack_lhs
// CHECK:         %[[P:.*]] = memref.alloc() : memref<4x8x4096xf32>
// CHECK:         %[[PARTIALS:.*]] = memref.cast %[[P]]
// CHECK:         gpu.launch_func @kernels::@decode blocks in (%c64, %c1, %c8) threads in (%c128, %c1, %c1) {{.*}} %[[PARTIALS]] : memref<4x?x4096xf32>)
// CHECK-NEXT:    gpu.launch_func @kernels::@decode_split_k_sum blocks in (%c32, %c4, %c1) threads in (%c64, %c1, %c1) args(%[[PARTIALS]] : memref<4x?x4096xf32>, %C : memref<4x4096xf32>)
// CHECK-NEXT:    memref.dealloc %[[P]]
// CHECK-LABEL: func.func @decode_dynamic_n(
// CHECK-NOT:     scf.if
// CHECK:         gpu.launch_func @kernels::@decode_dynamic_n blocks
// CHECK-LABEL: func.func @rows_dynamic_n(
// CHECK-NOT:     arith.cmpi ule
// CHECK:         gpu.launch_func @kernels::@rows_dynamic_n_pack_lhs
// CHECK:         scf.if

// With 48 KiB, 4096² takes 256x128x16 tiles (24 KiB at 2 stages), 1024² still 64x64.
// BIG-LABEL: gpu.func @square_1024(
// BIG:           tile.dot {{.*}} -> tensor<64x64xf32
// BIG-LABEL: gpu.func @square_4096(
// BIG:           tile.dot {{.*}} -> tensor<256x128xf32
// BIG-LABEL: func.func @square_4096(
// BIG:         gpu.launch_func @kernels::@square_4096 blocks in (%c32, %c16, %c1) threads in (%c256, %c1, %c1)

// Warps and stages given: the candidates keep them; those tuned with more warps (the 8-warp
// 256x128 and 128x128) and those that no longer fit drop out (64x64 takes the shallower BK = 16
// at 3 stages).
// GIVEN-LABEL: gpu.func @square_4096(
// GIVEN:         scf.for {{.*}} step %c16
// GIVEN:           tile.dot {{.*}} -> tensor<64x64xf32
// GIVEN:         } {tile.num_stages = 3 : i64}
// GIVEN-LABEL: func.func @square_4096(
// GIVEN:         gpu.launch_func @kernels::@square_4096 {{.*}} threads in (%c128, %c1, %c1)

// Dynamic shapes: a kernel per candidate and an scf.if chain that picks one at run time; A is
// packed once, for the variants that read it packed.
// DYN-LABEL: func.func @matmul_f32(
// DYN:         %[[M:.*]] = memref.dim %C, %c0
// DYN:         %[[ROW:.*]] = arith.cmpi ule, %[[M]], %c1 : index
// DYN-NEXT:    scf.if %[[ROW]] {
// M rows of one row each, on y and (past 65535) z:
// DYN:           %[[ZROWS:.*]] = arith.ceildivui %[[M]], %c65535 : index
// DYN:           %[[YROWS:.*]] = arith.ceildivui %[[M]], %{{.*}} : index
// DYN:           gpu.launch_func @kernels::@matmul_f32_1x16x256 blocks in (%{{.*}}, %[[YROWS]], %[[ZROWS]]) threads in (%c256, %c1, %c1) args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %C : memref<?x?xf32>)
// DYN-NEXT:    } else {
// DYN:         %[[SKINNY8:.*]] = arith.cmpi ule, %[[M]], %c8 : index
// DYN-NEXT:    scf.if %[[SKINNY8]] {
// DYN:           %[[TILES:.*]] = arith.muli
// DYN:           %[[WANTED:.*]] = arith.ceildivui %c512, %[[TILES]] : index
// DYN:           %[[SLICES:.*]] = arith.minui
// DYN:           %[[PARTIALS:.*]] = memref.alloc(%[[M]], %[[SLICES]], %{{.*}}) : memref<?x?x?xf32>
// DYN:           gpu.launch_func @kernels::@matmul_f32_8x64x32 blocks in (%{{.*}}, %{{.*}}, %[[SLICES]]) {{.*}} args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %[[PARTIALS]] : memref<?x?x?xf32>)
// DYN:           gpu.launch_func @kernels::@matmul_f32_8x64x32_split_k_sum {{.*}} args(%[[PARTIALS]] : memref<?x?x?xf32>, %C : memref<?x?xf32>)
// DYN-NEXT:      memref.dealloc %[[PARTIALS]]
// DYN-NEXT:    } else {
// DYN:           %[[SKINNY16:.*]] = arith.cmpi ule, %[[M]], %c16 : index
// DYN-NEXT:      scf.if %[[SKINNY16]] {
// DYN:             gpu.launch_func @kernels::@matmul_f32_16x64x32 {{.*}} args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %{{.*}} : memref<?x?x?xf32>)
// DYN:             gpu.launch_func @kernels::@matmul_f32_16x64x32_split_k_sum
// DYN:           } else {
// DYN:           %[[AT:.*]] = memref.alloc
// DYN:           gpu.launch_func @kernels::@matmul_f32_pack_lhs {{.*}} args(%A : memref<?x?xf32>, %[[AT]] : memref<?x?xf32>)
// DYN:           %[[BP:.*]] = scf.if %{{.*}} -> (memref<?x?xf32>) {
// DYN:             gpu.launch_func @kernels::@matmul_f32_pad_rhs {{.*}} args(%B : memref<?x?xf32>, %{{.*}} : memref<?x?xf32>)
// DYN:           %[[ROWS:.*]] = arith.ceildivui %[[M]], %c128 : index
// DYN:           %[[COLS:.*]] = arith.ceildivui %{{.*}}, %c128 : index
// DYN:           %[[COUNT:.*]] = arith.muli %[[ROWS]], %[[COLS]] : index
// DYN:           %[[MANY:.*]] = arith.cmpi uge, %[[COUNT]], %c256 : index
// DYN-NEXT:      scf.if %[[MANY]] {
// DYN:             gpu.launch_func @kernels::@matmul_f32_128x128x16 {{.*}} args(%[[AT]] : memref<?x?xf32>, %[[BP]] : memref<?x?xf32>, %C : memref<?x?xf32>)
// DYN-NEXT:      } else {
// DYN:             gpu.launch_func @kernels::@matmul_f32_64x64x32 {{.*}} args(%[[AT]] : memref<?x?xf32>, %[[BP]] : memref<?x?xf32>, %C : memref<?x?xf32>)
// DYN-NEXT:        }
// DYN-NEXT:        scf.if
// DYN-NEXT:          memref.dealloc %[[BP]]
// DYN-NEXT:        }
// DYN-NEXT:        memref.dealloc %[[AT]]
// DYN-NEXT:      }
// DYN-NEXT:    }
// DYN-NEXT:    }
// DYN-NEXT:    return
// DYN-BIG-LABEL: func.func @matmul_f32(
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_1x16x256
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_8x64x32
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_8x64x32_split_k_sum
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_16x64x32
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_16x64x32_split_k_sum
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_pack_lhs
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_pad_rhs
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_256x128x16
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_128x128x16
// DYN-BIG:       gpu.launch_func @kernels::@matmul_f32_64x64x32
// DYN-BIG-NOT:   gpu.launch_func
// DYN-BIG:       return

func.func @square_1024(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>) {
  tile.matmul %A, %B, %C : memref<1024x1024xf32>, memref<1024x1024xf32>, memref<1024x1024xf32>
  return
}
func.func @square_4096(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  tile.matmul %A, %B, %C : memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096x4096xf32>
  return
}
func.func @decode_one(%A: memref<1x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<1x4096xf32>) {
  tile.matmul %A, %B, %C : memref<1x4096xf32>, memref<4096x4096xf32>, memref<1x4096xf32>
  return
}
func.func @decode(%A: memref<4x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4x4096xf32>) {
  tile.matmul %A, %B, %C : memref<4x4096xf32>, memref<4096x4096xf32>, memref<4x4096xf32>
  return
}
func.func @small(%A: memref<40x30xf32>, %B: memref<30x50xf32>, %C: memref<40x50xf32>) {
  tile.matmul %A, %B, %C : memref<40x30xf32>, memref<30x50xf32>, memref<40x50xf32>
  return
}
func.func @decode_dynamic_n(%A: memref<4x?xf32>, %B: memref<?x?xf32>, %C: memref<4x?xf32>) {
  tile.matmul %A, %B, %C : memref<4x?xf32>, memref<?x?xf32>, memref<4x?xf32>
  return
}
func.func @rows_dynamic_n(%A: memref<64x?xf32>, %B: memref<?x?xf32>, %C: memref<64x?xf32>) {
  tile.matmul %A, %B, %C : memref<64x?xf32>, memref<?x?xf32>, memref<64x?xf32>
  return
}
