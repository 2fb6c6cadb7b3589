; A kernel whose address is taken may be called through a pointer: PTX
; forbids calling a kernel, but the IR says it, so the kernel is analysed as a
; device function (as a kernel called by name is, in called-kernel.ll). It
; was taken for a launched kernel:
; - @entry's barrier orders @caller's store s[t] before @entry's load s[t+1];
;   it was removed as "no visible access above", and certified.
; - @param's pointer parameter was taken to point to global memory (a
;   launched kernel's), so its store p[t] seemed disjoint from its load of
;   shared s[t+1] across the barrier; @caller passes a pointer to @s.
; An address passed through llvm.ptr.annotation (which returns it) is taken
; too: @annotated was taken for a launched kernel (LLVM's address-taken test
; by default ignores such intrinsics' uses).
; A reference from @llvm.used calls nothing: @used stays a launched kernel,
; whose entry barrier has nothing above it.
; The driver accepts the module (a device may take a kernel's address to
; launch it) and keeps the three barriers.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim 64,1,1 | FileCheck %s --check-prefix=CHECKER
; RUN: %xwarp opt %s --variant four-map -o - | FileCheck %s

; CHECKER: entry (device function)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER: param (device function)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER: annotated (device function)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER: used (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER: 1 removed with address; 1 proved, 0 refuted, 0 unknown

; CHECK-LABEL: define void @entry(
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-LABEL: define void @param(
; CHECK:         store i32 %t, ptr %pp
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-LABEL: define void @annotated(
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-LABEL: define void @used(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK-LABEL: define void @caller(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [65 x i32] undef, align 4
@note = private constant [5 x i8] c"note\00"
@llvm.used = appending global [1 x ptr] [ptr @used], section "llvm.metadata"

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

define void @entry(ptr addrspace(1) %out) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add nuw nsw i32 %t, 1
  %m = and i32 %t1, 63
  %q = getelementptr inbounds [65 x i32], ptr addrspace(3) @s, i32 0, i32 %m
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define void @param(ptr %p, ptr addrspace(1) noalias %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pp = getelementptr inbounds i32, ptr %p, i32 %t
  store i32 %t, ptr %pp, align 4
  call void @llvm.nvvm.barrier0()
  %t1 = add nuw nsw i32 %t, 1
  %m = and i32 %t1, 63
  %q = getelementptr inbounds [65 x i32], ptr addrspace(3) @s, i32 0, i32 %m
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define void @annotated(ptr addrspace(1) %out) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add nuw nsw i32 %t, 1
  %m = and i32 %t1, 63
  %q = getelementptr inbounds [65 x i32], ptr addrspace(3) @s, i32 0, i32 %m
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define void @used(ptr addrspace(1) %out) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr inbounds [65 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define void @caller(ptr addrspace(1) %out, i1 %c) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [65 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p, align 4
  %bits = ptrtoint ptr @entry to i64
  %f = inttoptr i64 %bits to ptr
  call void %f(ptr addrspace(1) %out)
  %g = select i1 %c, ptr @param, ptr @param
  call void %g(ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr addrspace(1) %out)
  %h = call ptr @llvm.ptr.annotation.p0.p0(ptr @annotated, ptr @note, ptr @note, i32 0, ptr null)
  call void %h(ptr addrspace(1) %out)
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @entry, !"kernel", i32 1}
!1 = !{ptr @param, !"kernel", i32 1}
!2 = !{ptr @used, !"kernel", i32 1}
!3 = !{ptr @caller, !"kernel", i32 1}
!4 = !{ptr @annotated, !"kernel", i32 1}
