"builtin.module"() ({
  "gpu.binary"() <{objects = [#gpu.object<#nvvm.target, "">], offloadingHandler = #gpu.select_object, sym_name = "plain"}> : () -> ()
  "gpu.binary"() <{objects = [#gpu.object<#nvvm.target, "AB">, #gpu.object<#rocdl.target<chip = "gfx90a">, properties = {O = 2 : i32}, bin = "x">], offloadingHandler = #gpu.select_object<1 : i64>, sym_name = "second"}> : () -> ()
  "gpu.binary"() <{objects = [#gpu.object<#nvvm.target, offload = "a">, #gpu.object<#nvvm.target, assembly = "a">, #gpu.object<#nvvm.target, "a">, #gpu.object<#nvvm.target, bin = "a">], offloadingHandler = #gpu.select_object<#rocdl.target>, sym_name = "formats"}> : () -> ()
  "gpu.binary"() <{objects = [#gpu.object<#nvvm.target, "">], offloadingHandler = #gpu.select_object, sym_name = "attrs"}> {x} : () -> ()
  "gpu.module"() <{offloadingHandler = #gpu.select_object<0 : i64>, sym_name = "handled", targets = [#nvvm.target]}> ({
    "gpu.module_end"() : () -> ()
  }) : () -> ()
}) : () -> ()

