// RUN: tile-opt %s -allow-unregistered-dialect | FileCheck %s --strict-whitespace
// RUN: tile-opt %s -allow-unregistered-dialect | tile-opt -allow-unregistered-dialect | FileCheck %s --strict-whitespace

// A declarative format's optional group may end with a space literal: gpu.module, as mlir-opt 19,
// prints two spaces after its target list (its format: `($targets^ ` `)?`). (FileCheck passes on
// mlir-opt 19's output too.)

// CHECK: {{^}}  gpu.module @plain {{[{]$}}
// CHECK: {{^}}  gpu.module @attributes [#nvvm.target]  attributes {x} {{[{]$}}
// CHECK: {{^}}  gpu.module @targets [#nvvm.target, #rocdl.target<chip = "gfx90a">]  {{[{]$}}
gpu.module @plain {
}
gpu.module @attributes [#nvvm.target] attributes {x} {
}
gpu.module @targets [#nvvm.target, #rocdl.target<chip = "gfx90a">] {
}
