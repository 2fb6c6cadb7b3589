; A CTA runs one kernel's launch, so a partial barrier pairs only with the
; barriers of code that launch may run: the kernel, its callees, and what
; they may call without naming it. A counted barrier on resource 0 in one
; kernel, or a call of code the module does not show, keeps the full
; barriers of that kernel (and of functions code outside the module may
; run), not those of another kernel (which the previous build kept too:
; the rule was module-wide).
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '*,1,1' | FileCheck %s --check-prefix=CHECKER

; CHECKER:      neg_counted_here (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync.cnt kept
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} shares its barrier resource with a partial barrier
; CHECKER:      neg_counted_in_callee (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} shares its barrier resource with a partial barrier
; CHECKER:      neg_unseen_call (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} shares its barrier resource with a partial barrier
; CHECKER:      pos_other_kernel (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @elsewhere() #0


; CHECK-LABEL: @neg_counted_here(
; CHECK:         call void @llvm.nvvm.barrier.sync.cnt(i32 0, i32 64)
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_counted_here(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @llvm.nvvm.barrier.sync.cnt(i32 0, i32 64)
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define internal void @counted() {
  call void @llvm.nvvm.barrier.sync.cnt(i32 0, i32 64)
  ret void
}

; CHECK-LABEL: @neg_counted_in_callee(
; CHECK:         call void @counted()
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_counted_in_callee(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @counted()
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: @neg_unseen_call(
; CHECK:         call void @elsewhere()
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_unseen_call(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @elsewhere() #0
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: @pos_other_kernel(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_other_kernel(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

attributes #0 = { convergent }
