// RUN: tile-opt %s -allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect | tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Attributes and types of unregistered dialects keep their `<...>` body as written, whatever
// follows it: a list's `,` or `]`, a dictionary's `}`, an op's `>` (the body once took the next
// delimiter with it, printing `]]` and `>,, 1]`). (FileCheck passes on mlir-opt 19's output too.)

// CHECK: gpu.module @m [#nvvm.target, #rocdl.target<chip = "gfx90a">] {
// CHECK: "foo.op"() {a = [#nvvm.target, #rocdl.target<chip = "gfx90a">], b = [#rocdl.target<chip = "gfx90a">, 1], c = #foo.bar<[1, 2]>, d = {x = #foo<"a">}, e = !foo.t<i32>} : () -> !foo.u<[4]>
// GENERIC: targets = [#nvvm.target, #rocdl.target<chip = "gfx90a">]}>
// GENERIC: {a = [#nvvm.target, #rocdl.target<chip = "gfx90a">], b = [#rocdl.target<chip = "gfx90a">, 1], c = #foo.bar<[1, 2]>, d = {x = #foo<"a">}, e = !foo.t<i32>} : () -> !foo.u<[4]>
gpu.module @m [#nvvm.target, #rocdl.target<chip = "gfx90a">] {
}
%0 = "foo.op"() {a = [#nvvm.target, #rocdl.target<chip = "gfx90a">], b = [#rocdl.target<chip = "gfx90a">, 1], c = #foo.bar<[1, 2]>, d = {x = #foo<"a">}, e = !foo.t<i32>} : () -> !foo.u<[4]>
