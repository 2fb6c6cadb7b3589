; Two reqntidx entries with different values: LLVM's backend uses the first
; (64 threads), a reader that keeps the last sees one thread and finds every
; barrier dead. xwarp rejects the input; the plugin ignores the key.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %u = xor i32 %t, 1
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k, !"reqntidx", i32 64}
!2 = !{ptr @k, !"reqntidx", i32 1}
