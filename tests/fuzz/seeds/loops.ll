; Loop-carried addresses through PHIs: the induction variable's phi is a
; leaf of the walk and ScalarEvolution's add recurrence stands for it. The
; two branches of the body address a[i] and a[i+1]: one base in the loop
; header (where the recurrence is available), not above the loop.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-missed=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @iv(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i64
; CHECK-NEXT:    %scevcgp_0 = getelementptr float, ptr addrspace(1) %a, i64 %i
; CHECK-NEXT:    br i1 %c, label %even, label %odd
; CHECK:       even:
; CHECK-NEXT:    store float 0.000000e+00, ptr addrspace(1) %scevcgp_0
; CHECK:       odd:
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0.d4
define void @iv(ptr addrspace(1) %a, i64 %n, i1 %c) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  br i1 %c, label %even, label %odd
even:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float 0.0, ptr addrspace(1) %p, align 4
  br label %latch
odd:
  %i1 = add nuw nsw i64 %i, 1
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i1
  store float 1.0, ptr addrspace(1) %q, align 4
  br label %latch
latch:
  %i.next = add nuw nsw i64 %i, 2
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; REMARK: Merged 2 addresses (2 memory operations) into base scevcgp_0 at the common dominator %loop: 3 instructions removed, 2 created

; A pointer induction variable: %p steps by 8 bytes; the body reads p[0]
; in one branch and p[1] in the other. They form a class (the phi is their
; base), but the rewrite would trade one GEP for another: left alone.
; CHECK-LABEL: @ptr_iv(
; CHECK:       left:
; CHECK-NEXT:    load float, ptr addrspace(1) %p
; CHECK:       right:
; CHECK-NEXT:    %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
; CHECK-NEXT:    load float, ptr addrspace(1) %p1
define float @ptr_iv(ptr addrspace(1) %a, ptr addrspace(1) %end, i1 %c) {
entry:
  br label %loop
loop:
  %p = phi ptr addrspace(1) [ %a, %entry ], [ %p.next, %latch ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %latch ]
  br i1 %c, label %left, label %right
left:
  %x = load float, ptr addrspace(1) %p, align 4
  br label %latch
right:
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %y = load float, ptr addrspace(1) %p1, align 4
  br label %latch
latch:
  %v = phi float [ %x, %left ], [ %y, %right ]
  %s.next = fadd float %s, %v
  %p.next = getelementptr inbounds float, ptr addrspace(1) %p, i64 2
  %done = icmp eq ptr addrspace(1) %p.next, %end
  br i1 %done, label %exit, label %loop
exit:
  ret float %s.next
}
; REMARK: Kept 2 addresses (2 memory operations) apart: unprofitable: 1 instructions for 1 removed
