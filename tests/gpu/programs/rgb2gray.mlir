// gray = 0.299 r + 0.587 g + 0.114 b: the kernel of tests/filecheck/targets/wgsl/Inputs/rgb2gray.mlir
// (channel planes as rank-reducing subviews with dynamic offsets, workgroup size from the launch)
// with a host function that launches ceil(N*H*W / 256) workgroups of 256 threads.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rgb2gray(%img: memref<?x3x?x?xf32>, %gray: memref<?x?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %N = memref.dim %img, %c0 : memref<?x3x?x?xf32>
      %H = memref.dim %img, %c2 : memref<?x3x?x?xf32>
      %W = memref.dim %img, %c3 : memref<?x3x?x?xf32>
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bx, %bdim : index
      %p = arith.addi %base, %tx : index
      %hw = arith.muli %H, %W : index
      %total = arith.muli %N, %hw : index
      %inside = arith.cmpi slt, %p, %total : index
      scf.if %inside {
        %n = arith.divui %p, %hw : index
        %rest = arith.remui %p, %hw : index
        %h = arith.divui %rest, %W : index
        %w = arith.remui %rest, %W : index
        %red = memref.subview %img[%n, 0, 0, 0] [1, 1, %H, %W] [1, 1, 1, 1] : memref<?x3x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
        %green = memref.subview %img[%n, 1, 0, 0] [1, 1, %H, %W] [1, 1, 1, 1] : memref<?x3x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
        %blue = memref.subview %img[%n, 2, 0, 0] [1, 1, %H, %W] [1, 1, 1, 1] : memref<?x3x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
        %r = memref.load %red[%h, %w] : memref<?x?xf32, strided<[?, 1], offset: ?>>
        %g = memref.load %green[%h, %w] : memref<?x?xf32, strided<[?, 1], offset: ?>>
        %b = memref.load %blue[%h, %w] : memref<?x?xf32, strided<[?, 1], offset: ?>>
        %kr = arith.constant 0.299 : f32
        %kg = arith.constant 0.587 : f32
        %kb = arith.constant 0.114 : f32
        %wr = arith.mulf %r, %kr : f32
        %rg = math.fma %g, %kg, %wr : f32
        %y = math.fma %b, %kb, %rg : f32
        memref.store %y, %gray[%n, %h, %w] : memref<?x?x?xf32>
      }
      gpu.return
    }
  }
  func.func @main(%img: memref<?x3x?x?xf32>, %gray: memref<?x?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c256 = arith.constant 256 : index
    %N = memref.dim %img, %c0 : memref<?x3x?x?xf32>
    %H = memref.dim %img, %c2 : memref<?x3x?x?xf32>
    %W = memref.dim %img, %c3 : memref<?x3x?x?xf32>
    %hw = arith.muli %H, %W : index
    %total = arith.muli %N, %hw : index
    %blocks = arith.ceildivsi %total, %c256 : index
    gpu.launch_func @kernels::@rgb2gray blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1) args(%img : memref<?x3x?x?xf32>, %gray : memref<?x?x?xf32>)
    return
  }
}
