// RUN: tile-opt %s --allow-unregistered-dialect | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// gpu.binary, #gpu.object and #gpu.select_object as mlir-opt 19 prints them: the default handler
// (#gpu.select_object) is left out, leaving two spaces; fatbin objects have no format keyword.

// CHECK: gpu.binary @plain  [#gpu.object<#nvvm.target, "">]
// CHECK: gpu.binary @second <#gpu.select_object<1 : i64>> [#gpu.object<#nvvm.target, "AB">, #gpu.object<#rocdl.target<chip = "gfx90a">, properties = {O = 2 : i32}, bin = "x">]
// CHECK: gpu.binary @formats <#gpu.select_object<#rocdl.target>> [#gpu.object<#nvvm.target, offload = "a">, #gpu.object<#nvvm.target, assembly = "a">, #gpu.object<#nvvm.target, "a">, #gpu.object<#nvvm.target, bin = "a">]
// CHECK: gpu.binary @attrs  {x} [#gpu.object<#nvvm.target, "">]
// CHECK: gpu.module @handled <#gpu.select_object<0 : i64>> [#nvvm.target]  {
// GENERIC: "gpu.binary"() <{objects = [#gpu.object<#nvvm.target, "">], offloadingHandler = #gpu.select_object, sym_name = "plain"}> : () -> ()
gpu.binary @plain [#gpu.object<#nvvm.target, "">]
gpu.binary @second <#gpu.select_object<1>> [#gpu.object<#nvvm.target, "AB">, #gpu.object<#rocdl.target<chip = "gfx90a">, properties = {O = 2 : i32}, bin = "x">]
gpu.binary @formats <#gpu.select_object<#rocdl.target>> [#gpu.object<#nvvm.target, offload = "a">, #gpu.object<#nvvm.target, assembly = "a">, #gpu.object<#nvvm.target, fatbin = "a">, #gpu.object<#nvvm.target, bin = "a">]
gpu.binary @attrs {x} [#gpu.object<#nvvm.target, "">]
gpu.module @handled <#gpu.select_object<0>> [#nvvm.target] {
}
