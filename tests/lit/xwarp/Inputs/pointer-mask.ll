; __builtin_align_down of a __shared__ array: llvm.ptrmask of a constant.
; The barrier orders the neighbour's read.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a = internal addrspace(3) global [64 x float] undef, align 16

define ptx_kernel void @k(ptr addrspace(1) noalias %out) {
entry:
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext i32 %t to i64
  %p = call ptr @llvm.ptrmask.p0.i64(ptr addrspacecast (ptr addrspace(3) @a to ptr), i64 -16)
  %mine = getelementptr inbounds float, ptr %p, i64 %tz
  store float 1.0, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %x = xor i64 %tz, 1
  %theirs = getelementptr inbounds float, ptr %p, i64 %x
  %v = load float, ptr %theirs, align 4
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tz
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
declare void @llvm.nvvm.barrier0()
