; An address space the model does not know may hold any byte. Here thread t
; stores s[t + 1] through an addrspace(7) pointer (LLVM 20's shared::cluster
; space, which holds the CTA's own shared memory) and thread t + 1 reads
; s[t + 1] after the barrier. The select (of s[t + 1] and a pointer loaded
; from a parameter) makes the object unknown, and its space 7 was taken to be
; disjoint from shared memory: address removed the barrier and the checker
; proved it. four-map and dataflow kept it.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address | FileCheck %s --check-prefix=CHECKER
; CHECK: store i32 7, ptr addrspace(7)
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECKER: llvm.nvvm.barrier0 {{ *}}kept {{.*}}the objects may alias

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@s = internal addrspace(3) global [1025 x i32] undef, align 4
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @k(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %ptrs, i1 %c) {
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add i32 %t, 1
  %q = getelementptr i32, ptr addrspace(3) @s, i32 %t1
  %q7 = addrspacecast ptr addrspace(3) %q to ptr addrspace(7)
  %loaded = load ptr addrspace(1), ptr addrspace(1) %ptrs, align 8
  %o7 = addrspacecast ptr addrspace(1) %loaded to ptr addrspace(7)
  %p = select i1 %c, ptr addrspace(7) %q7, ptr addrspace(7) %o7
  store i32 7, ptr addrspace(7) %p, align 4          ; thread t writes s[t+1]
  call void @llvm.nvvm.barrier0()
  %r = getelementptr i32, ptr addrspace(3) @s, i32 %t
  %v = load i32, ptr addrspace(3) %r, align 4        ; thread t+1 reads s[t+1]
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %g
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
