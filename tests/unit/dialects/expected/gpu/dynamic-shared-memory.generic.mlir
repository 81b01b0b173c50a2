"builtin.module"() ({
  "func.func"() <{function_type = () -> memref<?xi8, #gpu.address_space<workgroup>>, sym_name = "bytes"}> ({
    %0 = "gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
    %1 = "gpu.dynamic_shared_memory"() {tag} : () -> memref<?xi8, strided<[2]>, #gpu.address_space<workgroup>>
    "func.return"(%0) : (memref<?xi8, #gpu.address_space<workgroup>>) -> ()
  }) : () -> ()
}) : () -> ()

