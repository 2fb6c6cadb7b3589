target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"

@s = internal addrspace(3) global [64 x i32] undef

declare void @llvm.nvvm.barrier0()

define void @k() {
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
