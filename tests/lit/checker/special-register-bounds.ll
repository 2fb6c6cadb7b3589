; The delta proof knows what CUDA guarantees of the special registers
; (tid.x < 1024, ...) even where the IR carries no range attribute, as hand-
; written IR and other front ends may not. With the assumption t < 32,
; ScalarEvolution merges s[t + 32] with s[t]; the proof (which reads no
; assumptions) used to "refute" that with t = 2147483629.
; RUN: %xwarp opt %s --passes cbe --verify report -o /dev/null 2>&1 | FileCheck %s
; CHECK: 1 addresses rewritten, {{.*}}delta proofs: 1 proved, 0 refuted, 0 unknown

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [2048 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.assume(i1)

define ptx_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %small = icmp ult i32 %t, 32
  call void @llvm.assume(i1 %small)
  %p = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  %t32 = add i32 %t, 32
  %q = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %t32
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}
