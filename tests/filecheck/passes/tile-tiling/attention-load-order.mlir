// The loads of a FlashAttention key block are issued one dot ahead of their use, so that their
// latency overlaps the dot before (docs/attention.md, "Load order"): each K and Q chunk before
// the previous chunk's score dot, every chunk of V before the last score dot.
// RUN: tile-opt %S/../../../../examples/attention.mlir -p '@tile-tiled{tile-sizes=16,16,64,32}' | FileCheck %s --check-prefix=CHUNKS
// RUN: tile-opt %S/../../../../examples/attention.mlir -p '@tile-tiled{tile-sizes=16,16,64}' | FileCheck %s --check-prefix=WHOLE

// CHUNKS-LABEL: gpu.func @attention_attention(
// CHUNKS:         scf.for %[[T0:.*]] = %c0 to %{{.*}} step %c16 iter_args(
// CHUNKS-NEXT:      %[[K0:.*]] = tile.load %arg1[%{{.*}}, %{{.*}}, %[[T0]], %c0]
// CHUNKS-NEXT:      %[[Q0:.*]] = tile.load %arg0[%{{.*}}, %{{.*}}, %{{.*}}, %c0]
// CHUNKS-NEXT:      %[[K1:.*]] = tile.load %arg1[%{{.*}}, %{{.*}}, %[[T0]], %c32]
// CHUNKS-NEXT:      %[[Q1:.*]] = tile.load %arg0[%{{.*}}, %{{.*}}, %{{.*}}, %c32]
// CHUNKS-NEXT:      %[[K0T:.*]] = tile.transpose %[[K0]]
// CHUNKS-NEXT:      %[[S0:.*]] = tile.dot %[[Q0]], %[[K0T]], %{{.*}}
// CHUNKS-NEXT:      %[[V0:.*]] = tile.load %arg2[%{{.*}}, %{{.*}}, %[[T0]], %c0]
// CHUNKS-NEXT:      %[[V1:.*]] = tile.load %arg2[%{{.*}}, %{{.*}}, %[[T0]], %c32]
// CHUNKS-NEXT:      %[[K1T:.*]] = tile.transpose %[[K1]]
// CHUNKS-NEXT:      tile.dot %[[Q1]], %[[K1T]], %[[S0]]
// CHUNKS:           tile.reduce max
// CHUNKS:           tile.dot %{{.*}}, %[[V0]], %{{.*}}
// CHUNKS:           tile.dot %{{.*}}, %[[V1]], %{{.*}}
// CHUNKS-NEXT:      scf.yield

// Without chunks Q is loaded once before the loop; V's load goes before the score dot.
// WHOLE-LABEL: gpu.func @attention_attention(
// WHOLE:         %[[Q:.*]] = tile.load %arg0[
// WHOLE:         scf.for %[[T0:.*]] = %c0 to %{{.*}} step %c16 iter_args(
// WHOLE-NEXT:      %[[K:.*]] = tile.load %arg1[%{{.*}}, %{{.*}}, %[[T0]], %c0]
// WHOLE-NEXT:      %[[V:.*]] = tile.load %arg2[%{{.*}}, %{{.*}}, %[[T0]], %c0]
// WHOLE-NEXT:      %[[KT:.*]] = tile.transpose %[[K]]
// WHOLE-NEXT:      tile.dot %[[Q]], %[[KT]], %{{.*}}
// WHOLE:           tile.reduce max
// WHOLE:           tile.dot %{{.*}}, %[[V]], %{{.*}}
// WHOLE-NEXT:      scf.yield
