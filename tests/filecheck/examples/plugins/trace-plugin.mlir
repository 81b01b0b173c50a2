// The example plugin: its dialect parses and prints, its pass runs with options, its pipeline
// is usable by name.
// RUN: tile-opt %s --load-plugin %S/../../../../examples/plugins/trace-plugin.mjs --trace-functions=prefix=in: | FileCheck %s
// RUN: tile-opt %s --load-plugin %S/../../../../examples/plugins/trace-plugin.mjs -p trace-and-clean | FileCheck %s --check-prefix=PUBLIC
// RUN: not tile-opt %s --load-plugin %S/no-such-plugin.mjs 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: func.func @kernel(
// CHECK-NEXT:    trace.point "in:@kernel"
// CHECK-NEXT:    trace.point "already here"
// CHECK-LABEL: func.func private @helper(
// CHECK-NEXT:    trace.point "in:@helper"

// PUBLIC:     trace.point "enter @kernel"
// PUBLIC-NOT: trace.point "enter @helper"

// MISSING: tile-opt: error: plugin '{{.*}}no-such-plugin.mjs': no such file
func.func @kernel(%a: i32) -> i32 {
  trace.point "already here"
  return %a : i32
}
func.func private @helper() {
  return
}
