module {
  gpu.binary @plain  [#gpu.object<#nvvm.target, "">]
  gpu.binary @second <#gpu.select_object<1 : i64>> [#gpu.object<#nvvm.target, "AB">, #gpu.object<#rocdl.target<chip = "gfx90a">, properties = {O = 2 : i32}, bin = "x">]
  gpu.binary @formats <#gpu.select_object<#rocdl.target>> [#gpu.object<#nvvm.target, offload = "a">, #gpu.object<#nvvm.target, assembly = "a">, #gpu.object<#nvvm.target, "a">, #gpu.object<#nvvm.target, bin = "a">]
  gpu.binary @attrs  {x} [#gpu.object<#nvvm.target, "">]
  gpu.module @handled <#gpu.select_object<0 : i64>> [#nvvm.target]  {
  }
}

