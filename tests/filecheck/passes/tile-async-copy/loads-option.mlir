// RUN: tile-opt %s -p 'tile-async-copy{loads=dot-operands}' | FileCheck %s --check-prefix=DOT
// RUN: tile-opt %s -p 'tile-async-copy{loads=none}' | FileCheck %s --check-prefix=NONE
// RUN: tile-opt %s -p 'tile-async-copy{loads=all}' | FileCheck %s --check-prefix=ALL
// RUN: not tile-opt %s -p 'tile-async-copy{loads=some}' 2>&1 | FileCheck %s --check-prefix=BAD

// `loads` picks the loads that become copies: a dot reads elements of other threads (here one
// operand through a transpose), an elementwise update reads only its own, so with dot-operands
// the bias stays a load into registers.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @biased(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %Bias: memref<?x?xf32>, %K: index) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<16x16xf32>
      %acc = scf.for %k = %c0 to %K step %c16 iter_args(%a = %init) -> (tensor<16x16xf32>) {
        %ta = tile.load %A[%c0, %k] : memref<?x?xf32> -> tensor<16x16xf32>
        %tb = tile.load %B[%c0, %k] : memref<?x?xf32> -> tensor<16x16xf32>
        %bt = tile.transpose %tb : tensor<16x16xf32> -> tensor<16x16xf32>
        %bias = tile.load %Bias[%c0, %k] : memref<?x?xf32> -> tensor<16x16xf32>
        %d = tile.dot %ta, %bt, %a : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
        %e = arith.addf %d, %bias : tensor<16x16xf32>
        scf.yield %e : tensor<16x16xf32>
      }
      gpu.return
    }
  }
}

// DOT-COUNT-2: async.copy
// DOT-NOT:     async.copy
// DOT:         tile.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32> -> tensor<16x16xf32>
// DOT:         tile.dot

// NONE-NOT: async.copy
// NONE-NOT: tile.alloc

// ALL-COUNT-3: async.copy

// BAD: invalid value 'some' for option 'loads': expected one of all, dot-operands, none
