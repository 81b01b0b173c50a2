// RUN: tile-opt %s -p 'tile-view-schedule{format=svg output=%t.svg}' -o /dev/null
// RUN: FileCheck %s < %t.svg
// RUN: tile-opt %s -p 'tile-view-schedule{format=svg output=%t.pred.svg peel-epilogue=false trip-count=1}' -o /dev/null
// RUN: FileCheck %s --check-prefix=PRED < %t.pred.svg

// A standalone document: XML declaration, svg root with its size, the hatch pattern of
// predicated-off instances, then one group per loop.
// CHECK:      <?xml version="1.0" encoding="UTF-8"?>
// CHECK-NEXT: <svg xmlns="http://www.w3.org/2000/svg" width="{{[0-9]+}}" height="{{[0-9]+}}" viewBox="0 0 {{[0-9]+}} {{[0-9]+}}" font-family="monospace" font-size="12">
// CHECK:      <pattern id="predicated-off"
// CHECK:      <g class="loop" id="loop-0" transform="translate(16,16)">
// CHECK:      class="title" {{.*}}>Schedule of scf.for at {{.*}}svg.mlir:[[@LINE+81]]:3</text>
// CHECK-NEXT: class="summary">2 stages, trip count 2, epilogue peeled</text>

// The op table: one row per op, in the colour of its stage.
// CHECK:      class="op-table-header" {{.*}}>order  stage  op</text>
// CHECK-NEXT: class="op-swatch stage-0" fill="#4e79a7"/>
// CHECK-NEXT: class="op stage-0" fill="#4e79a7" xml:space="preserve">    0      0  %0 = arith.muli %arg2, %c64</text>
// CHECK-NEXT: class="op-swatch stage-0" fill="#4e79a7"/>
// CHECK-NEXT: class="op stage-0" fill="#4e79a7" xml:space="preserve">    1      0  %tile = tile.load %X, %0</text>
// CHECK-NEXT: class="op-swatch stage-1" fill="#f28e2b"/>
// CHECK-NEXT: class="op stage-1" fill="#f28e2b" xml:space="preserve">    2      1  %1 = arith.addf %tile, %tile</text>
// CHECK-NEXT: class="op-swatch stage-1" fill="#f28e2b"/>
// CHECK-NEXT: class="op stage-1" fill="#f28e2b" xml:space="preserve">    3      1  tile.store %1, %Y, %0</text>

// The timeline: a band and a label per region, a label per iteration column, a rect per stage
// instance (slot t runs stage s of iteration t - s), labelled.
// CHECK:      class="region-band prologue"
// CHECK-NEXT: class="region-label prologue" {{.*}}>prologue</text>
// CHECK-NEXT: class="region-band kernel"
// CHECK-NEXT: class="region-label kernel" {{.*}}>kernel</text>
// CHECK-NEXT: class="region-band epilogue"
// CHECK-NEXT: class="region-label epilogue" {{.*}}>epilogue</text>
// CHECK-NEXT: class="iteration-label" {{.*}}>i0</text>
// CHECK-NEXT: class="iteration-label" {{.*}}>i1</text>
// CHECK-NEXT: class="time-label">t=0</text>
// CHECK-NEXT: <rect {{.*}} class="instance stage-0" data-time="0" data-iteration="0" data-stage="0" fill="#4e79a7"
// CHECK-NEXT: >S0</text>
// CHECK-NEXT: class="time-label">t=1</text>
// CHECK-NEXT: <rect {{.*}} class="instance stage-1" data-time="1" data-iteration="0" data-stage="1" fill="#f28e2b"
// CHECK-NEXT: >S1</text>
// CHECK-NEXT: <rect {{.*}} class="instance stage-0" data-time="1" data-iteration="1" data-stage="0" fill="#4e79a7"
// CHECK-NEXT: >S0</text>
// CHECK-NEXT: class="time-label">t=2</text>
// CHECK-NEXT: <rect {{.*}} class="instance stage-1" data-time="2" data-iteration="1" data-stage="1" fill="#f28e2b"
// CHECK-NEXT: >S1</text>
// CHECK-NOT:  class="instance
// CHECK-NOT:  predicated-off"

// The legend: a swatch per stage, the predicated-off mark (text escaped), the regions.
// CHECK:      <g class="legend">
// CHECK:      class="legend-swatch" fill="#4e79a7"
// CHECK-NEXT: class="legend-label">stage 0</text>
// CHECK-NEXT: class="legend-swatch" fill="#f28e2b"
// CHECK-NEXT: class="legend-label">stage 1</text>
// CHECK-NEXT: class="legend-swatch" fill="url(#predicated-off)"
// CHECK-NEXT: class="legend-label">predicated off (iteration &gt;= trip count)</text>
// CHECK-NEXT: class="legend-swatch" fill="#eaf1fb"
// CHECK-NEXT: class="legend-label">prologue</text>
// CHECK-NEXT: class="legend-swatch" fill="#f3f3f3"
// CHECK-NEXT: class="legend-label">kernel</text>
// CHECK-NEXT: class="legend-swatch" fill="#fbefe6"
// CHECK-NEXT: class="legend-label">epilogue</text>
// CHECK-NEXT: </g>
// CHECK:      </svg>
// CHECK-EMPTY:
// CHECK-NOT:  {{.}}

// Not peeled, one iteration: the kernel's one slot runs stage 0 of iteration 1 predicated off,
// pale and hatched; there is no epilogue band (the kernel's label comes right before the columns').
// PRED:       class="summary">2 stages, trip count 1 (from the trip-count option), epilogue predicated</text>
// PRED:       class="region-label prologue"
// PRED-NEXT:  class="region-band kernel"
// PRED-NEXT:  class="region-label kernel"
// PRED-NEXT:  class="iteration-label" {{.*}}>i0</text>
// PRED-NEXT:  class="iteration-label" {{.*}}>i1</text>
// PRED-NEXT:  class="time-label">t=0</text>
// PRED-NEXT:  class="instance stage-0" data-time="0" data-iteration="0" data-stage="0" fill="#4e79a7" stroke="#333333"/>
// PRED-NEXT:  >S0</text>
// PRED-NEXT:  class="time-label">t=1</text>
// PRED-NEXT:  class="instance stage-1" data-time="1" data-iteration="0" data-stage="1" fill="#f28e2b" stroke="#333333"/>
// PRED-NEXT:  >S1</text>
// PRED-NEXT:  class="instance stage-0 predicated-off" data-time="1" data-iteration="1" data-stage="0" fill="#4e79a7" fill-opacity="0.25"
// PRED-NEXT:  class="hatch" fill="url(#predicated-off)"
// PRED-NEXT:  >(S0)</text>
// PRED-NEXT:  </g>

func.func @scale_2stage(%X: memref<?xf32>, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  scf.for %j = %c0 to %c2 step %c1 {
    %col = arith.muli %j, %c64 {tile.stage = 0, tile.order = 0} : index
    %x = tile.load %X[%col] {tile.stage = 0, tile.order = 1} : memref<?xf32> -> tensor<64xf32>
    %y = arith.addf %x, %x {tile.stage = 1, tile.order = 2} : tensor<64xf32>
    tile.store %y, %Y[%col] {tile.stage = 1, tile.order = 3} : tensor<64xf32> -> memref<?xf32>
  }
  return
}
