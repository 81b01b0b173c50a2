// RUN: tile-opt %s -p 'tile-tiling{auto-config=false}' | FileCheck %s
// RUN: tile-opt %s -p 'tile-tiling{auto-config=false max-grid-dims=1 num-warps=1}' | FileCheck %s --check-prefix=GRID1
// RUN: tile-opt %S/../../../../examples/add.mlir -p 'tile-tiling{tile-sizes=2,16}' | FileCheck %s --check-prefix=SIZES
// RUN: tile-opt %s -p 'tile-tiling{auto-config=false}' | tile-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tile-opt %s -p 'tile-tiling' | FileCheck %s --check-prefix=AUTO

// Configured automatically (the default): a map of rank >= 2 takes rows of 1024 columns a
// workgroup with 8 warps, its loop marked for one stage; rank 1 keeps [256].
// AUTO-LABEL:   gpu.func @add(
// AUTO:           scf.for {{.*}} step %c1024 {
// AUTO-NEXT:        tile.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32> -> tensor<1024xf32>
// AUTO:           } {tile.num_stages = 1 : i64}
// AUTO-LABEL:   gpu.func @relu_inplace(
// AUTO:           tile.load {{.*}} -> tensor<256xf16>
// AUTO-LABEL: func.func @add(
// AUTO:         gpu.launch_func @kernels::@add blocks in (%{{.*}}, %{{.*}}, %c1) threads in (%c256, %c1, %c1)
// AUTO-LABEL: func.func @relu_inplace(
// AUTO:         gpu.launch_func @kernels::@relu_inplace {{.*}} threads in (%c128, %c1, %c1)

// tile.map of any rank becomes a kernel: the grid covers dimensions 0..r-2 (rank 1: its one
// dimension), the last one is walked by an scf.for; each step loads a tile of every input,
// computes the body on tiles and stores a tile of every output. Fixed default tile sizes
// (auto-config=false): [256] for rank 1, [1, ..., 1, 4, 64] above (leading 1s are dropped from
// the tile's shape).

// CHECK:       module attributes {gpu.container_module} {
// CHECK-NEXT:    gpu.module @kernels {

// CHECK-LABEL:   gpu.func @add(
// CHECK-SAME:        %[[X:.*]]: memref<?x?xf32>, %[[Y:.*]]: memref<?x?xf32>, %[[Z:.*]]: memref<?x?xf32>) kernel {
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[C64:.*]] = arith.constant 64 : index
// The row blocks (a dynamic count) may outnumber what one grid axis takes (65535): they continue
// on y, block id = y * grid_dim(x) + x, and the blocks past the last one do nothing.
// CHECK-NEXT:      %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:      %[[M:.*]] = memref.dim %[[X]], %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:      %[[BLOCKS:.*]] = arith.ceildivui %[[M]], %[[C4]] : index
// CHECK-NEXT:      %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT:      %[[GX:.*]] = gpu.grid_dim x
// CHECK-NEXT:      %[[YX:.*]] = arith.muli %[[BY]], %[[GX]] : index
// CHECK-NEXT:      %[[ID:.*]] = arith.addi %[[YX]], %[[BX]] : index
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi ult, %[[ID]], %[[BLOCKS]] : index
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[R0:.*]] = arith.muli %[[ID]], %[[C4]] : index
// CHECK-NEXT:        %[[N:.*]] = memref.dim %[[X]], %[[C1]] : memref<?x?xf32>
// CHECK-NEXT:        scf.for %[[J:.*]] = %[[C0]] to %[[N]] step %[[C64]] {
// CHECK-NEXT:          %[[TX:.*]] = tile.load %[[X]][%[[R0]], %[[J]]] : memref<?x?xf32> -> tensor<4x64xf32>
// CHECK-NEXT:          %[[TY:.*]] = tile.load %[[Y]][%[[R0]], %[[J]]] : memref<?x?xf32> -> tensor<4x64xf32>
// CHECK-NEXT:          %[[S:.*]] = arith.addf %[[TX]], %[[TY]] : tensor<4x64xf32>
// CHECK-NEXT:          tile.store %[[S]], %[[Z]][%[[R0]], %[[J]]] : tensor<4x64xf32> -> memref<?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
// CHECK-NEXT:    }

// SIZES-LABEL:   gpu.func @add(
// SIZES:           scf.if
// SIZES-NEXT:        %[[R0:.*]] = arith.muli %{{.*}}, %[[C2:.*]] : index
// SIZES:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[C16:.*]] {
// SIZES-NEXT:        tile.load %{{.*}}[%[[R0]], %[[J]]] : memref<?x?xf32> -> tensor<2x16xf32>

// Rank 1, in place: no loop; the output is the input, passed once; a constant in the body
// becomes a dense tile.
// CHECK-LABEL:   gpu.func @relu_inplace(
// CHECK-SAME:        %[[X:.*]]: memref<?xf16>) kernel {
// CHECK:           %[[C256:.*]] = arith.constant 256 : index
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[ID:.*]], %{{.*}} : index
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[I0:.*]] = arith.muli %[[ID]], %[[C256]] : index
// CHECK-NEXT:        %[[T:.*]] = tile.load %[[X]][%[[I0]]] : memref<?xf16> -> tensor<256xf16>
// CHECK-NEXT:        %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<256xf16>
// CHECK-NEXT:        %[[R:.*]] = arith.maximumf %[[T]], %[[Z]] : tensor<256xf16>
// CHECK-NEXT:        tile.store %[[R]], %[[X]][%[[I0]]] : tensor<256xf16> -> memref<?xf16>
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return

// Rank 4 with two outputs: dimensions 0, 1, 2 take z, y, x (tile sizes 1, 1, 4); a captured
// scalar is a kernel argument splatted into a tile; a captured constant is rebuilt in the kernel;
// a comparison gives an i1 tile.
// CHECK-LABEL:   gpu.func @scaled(
// CHECK-SAME:        %[[X:.*]]: memref<?x?x?x?xf32>, %[[Z:.*]]: memref<?x?x?x?xf32>, %[[Y:.*]]: memref<?x?x?x?xi32>, %[[S:.*]]: f32) kernel {
// CHECK:           %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:      %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT:      %[[BZ:.*]] = gpu.block_id z
// CHECK-NEXT:      %[[H0:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK-NEXT:      %[[ST:.*]] = tile.splat %[[S]] : tensor<4x64xf32>
// CHECK-NEXT:      %[[HALF:.*]] = arith.constant dense<5.000000e-01> : tensor<4x64xf32>
// CHECK-NEXT:      %[[W:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?x?x?xf32>
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %[[W]] step %{{.*}} {
// CHECK-NEXT:        %[[T:.*]] = tile.load %[[X]][%[[BZ]], %[[BY]], %[[H0]], %[[J]]] : memref<?x?x?x?xf32> -> tensor<4x64xf32>
// CHECK-NEXT:        %[[A:.*]] = arith.mulf %[[T]], %[[ST]] : tensor<4x64xf32>
// CHECK-NEXT:        %[[B:.*]] = arith.addf %[[A]], %[[HALF]] : tensor<4x64xf32>
// CHECK-NEXT:        %[[P:.*]] = arith.cmpf olt, %[[B]], %[[HALF]] : tensor<4x64xf32>
// CHECK-NEXT:        %[[I:.*]] = arith.extui %[[P]] : tensor<4x64xi1> to tensor<4x64xi32>
// CHECK-NEXT:        tile.store %[[B]], %[[Z]][%[[BZ]], %[[BY]], %[[H0]], %[[J]]] : tensor<4x64xf32> -> memref<?x?x?x?xf32>
// CHECK-NEXT:        tile.store %[[I]], %[[Y]][%[[BZ]], %[[BY]], %[[H0]], %[[J]]] : tensor<4x64xi32> -> memref<?x?x?x?xi32>
// CHECK-NEXT:      }

// With one grid axis, x numbers the tiles of dimensions 0..2, dimension 2 fastest; dimension 1's
// tile count is the dimension itself (tile size 1).
// GRID1-LABEL:   gpu.func @scaled(
// GRID1-SAME:        %[[X:[^:]*]]: memref<?x?x?x?xf32>,
// GRID1:           %[[BX:.*]] = gpu.block_id x
// GRID1-NEXT:      %[[D2:.*]] = memref.dim %[[X]], %[[C2:.*]] : memref<?x?x?x?xf32>
// GRID1-NEXT:      %[[T2:.*]] = arith.ceildivui %[[D2]], %[[C4:.*]] : index
// GRID1-NEXT:      %[[I2:.*]] = arith.remui %[[BX]], %[[T2]] : index
// GRID1-NEXT:      %[[Q2:.*]] = arith.divui %[[BX]], %[[T2]] : index
// GRID1-NEXT:      %[[D1:.*]] = memref.dim %[[X]], %[[C1:.*]] : memref<?x?x?x?xf32>
// GRID1-NEXT:      %[[I1:.*]] = arith.remui %[[Q2]], %[[D1]] : index
// GRID1-NEXT:      %[[I0:.*]] = arith.divui %[[Q2]], %[[D1]] : index
// GRID1-NEXT:      %[[H0:.*]] = arith.muli %[[I2]], %[[C4]] : index
// GRID1:           tile.load %[[X]][%[[I0]], %[[I1]], %[[H0]], %{{.*}}] : memref<?x?x?x?xf32> -> tensor<4x64xf32>

// A map inside a loop is replaced where it is.
// CHECK-LABEL:   gpu.func @in_loop(
// CHECK:           arith.addf %[[T:.*]], %[[T]] : tensor<4x64xf32>

// Strided views (memref.subview results) are rebuilt inside the kernel, which takes the memref
// they view and their dynamic sizes instead (kernel arguments keep layouts the WGSL target binds).
// CHECK-LABEL:   gpu.func @views(
// CHECK-SAME:        %[[M:.*]]: memref<?x?xf32>, %[[ROW0:[^:]*]]: index, %[[ROWS:[^:]*]]: index) kernel {
// CHECK:           %[[A:.*]] = memref.subview %[[M]][%[[ROW0]], 0] [%[[ROWS]], 8] [1, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:      %[[B:.*]] = memref.subview %[[M]][%[[ROW0]], 8] [%[[ROWS]], 8] [1, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
// CHECK:           tile.load %[[A]]{{.*}} : memref<?x8xf32, strided<[?, 1], offset: ?>> -> tensor<4x64xf32>
// CHECK:           tile.store %{{.*}}, %[[B]]{{.*}} : tensor<4x64xf32> -> memref<?x8xf32, strided<[?, 1], offset: ?>>

// Host code: the tile counts of the grid dimensions (dimension 0 of the first operand for add),
// 128 threads; G blocks as ceil(G / Y) along x and Y = ceil(G / 65535) along y (no blocks for
// G = 0).
// CHECK-LABEL: func.func @add(
// CHECK-SAME:      %[[X:.*]]: memref<?x?xf32>, %[[Y:.*]]: memref<?x?xf32>, %[[Z:.*]]: memref<?x?xf32>) {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[C65535:.*]] = arith.constant 65535 : index
// CHECK-NEXT:    %[[M:.*]] = memref.dim %[[X]], %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:    %[[G:.*]] = arith.ceildivui %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[GY:.*]] = arith.ceildivui %[[G]], %[[C65535]] : index
// CHECK-NEXT:    %[[ONE_OR_GY:.*]] = arith.maxui %[[GY]], %[[C1]] : index
// CHECK-NEXT:    %[[GX:.*]] = arith.ceildivui %[[G]], %[[ONE_OR_GY]] : index
// CHECK-NEXT:    gpu.launch_func @kernels::@add blocks in (%[[GX]], %[[GY]], %[[C1]]) threads in (%[[C128]], %[[C1]], %[[C1]]) args(%[[X]] : memref<?x?xf32>, %[[Y]] : memref<?x?xf32>, %[[Z]] : memref<?x?xf32>)
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @relu_inplace(
// CHECK:         gpu.launch_func @kernels::@relu_inplace {{.*}} args(%{{.*}} : memref<?xf16>)

// CHECK-LABEL: func.func @scaled(
// CHECK-SAME:      %[[X:.*]]: memref<?x?x?x?xf32>, %[[Y:.*]]: memref<?x?x?x?xi32>, %[[Z:.*]]: memref<?x?x?x?xf32>, %[[S:.*]]: f32) {
// CHECK:         %[[D0:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?x?x?xf32>
// CHECK-NEXT:    %[[D1:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?x?x?xf32>
// CHECK-NEXT:    %[[D2:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?x?x?xf32>
// CHECK-NEXT:    %[[G2:.*]] = arith.ceildivui %[[D2]], %{{.*}} : index
// CHECK-NEXT:    gpu.launch_func @kernels::@scaled blocks in (%[[G2]], %[[D1]], %[[D0]]) threads in ({{.*}}) args(%[[X]] : memref<?x?x?x?xf32>, %[[Z]] : memref<?x?x?x?xf32>, %[[Y]] : memref<?x?x?x?xi32>, %[[S]] : f32)

// GRID1-LABEL: func.func @scaled(
// GRID1:         %[[D0:.*]] = memref.dim
// GRID1-NEXT:    %[[D1:.*]] = memref.dim
// GRID1-NEXT:    %[[D2:.*]] = memref.dim
// GRID1-NEXT:    %[[G2:.*]] = arith.ceildivui %[[D2]], %{{.*}} : index
// GRID1-NEXT:    %[[G01:.*]] = arith.muli %[[D0]], %[[D1]] : index
// GRID1-NEXT:    %[[G:.*]] = arith.muli %[[G01]], %[[G2]] : index
// GRID1-NEXT:    gpu.launch_func @kernels::@scaled blocks in (%[[G]], %[[C1:.*]], %[[C1]]) threads in (%[[C32:.*]], %[[C1]], %[[C1]])

// CHECK-LABEL: func.func @in_loop(
// CHECK:         scf.for
// CHECK:           gpu.launch_func @kernels::@in_loop
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// ROUNDTRIP: gpu.func @views(
// ROUNDTRIP: func.func @views(

func.func @add(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
  tile.map ins(%X, %Y : memref<?x?xf32>, memref<?x?xf32>) outs(%Z : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return
}

func.func @relu_inplace(%X: memref<?xf16>) {
  tile.map ins(%X : memref<?xf16>) outs(%X : memref<?xf16>) {
  ^bb0(%x: f16):
    %z = arith.constant 0.0 : f16
    %r = arith.maximumf %x, %z : f16
    tile.yield %r : f16
  }
  return
}

func.func @scaled(%X: memref<?x?x?x?xf32>, %Y: memref<?x?x?x?xi32>, %Z: memref<?x?x?x?xf32>, %s: f32) {
  %half = arith.constant 0.5 : f32
  tile.map ins(%X : memref<?x?x?x?xf32>) outs(%Z, %Y : memref<?x?x?x?xf32>, memref<?x?x?x?xi32>) {
  ^bb0(%x: f32):
    %a = arith.mulf %x, %s : f32
    %b = arith.addf %a, %half : f32
    %p = arith.cmpf olt, %b, %half : f32
    %i = arith.extui %p : i1 to i32
    tile.yield %b, %i : f32, i32
  }
  return
}

func.func @in_loop(%X: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    tile.map ins(%X : memref<?x?xf32>) outs(%X : memref<?x?xf32>) {
    ^bb0(%x: f32):
      %d = arith.addf %x, %x : f32
      tile.yield %d : f32
    }
  }
  return
}

func.func @views(%M: memref<?x?xf32>, %row0: index) {
  %c0 = arith.constant 0 : index
  %m = memref.dim %M, %c0 : memref<?x?xf32>
  %a = memref.subview %M[%row0, 0] [%m, 8] [1, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  %b = memref.subview %M[%row0, 8] [%m, 8] [1, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  tile.map ins(%a : memref<?x8xf32, strided<[?, 1], offset: ?>>) outs(%b : memref<?x8xf32, strided<[?, 1], offset: ?>>) {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    tile.yield %n : f32
  }
  return
}
