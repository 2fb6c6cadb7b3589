; Loops without a preheader, as clang emits a guarded loop whose index is
; used after it: the entry block branches to the loop header and to the exit.
; In the loop, s[i] and s[i + 1] form one recurrence; expanding it literally
; needs the preheader, and common-base-elim crashed in SCEVExpander (the
; probe asked in canonical mode, which does not need one). The loop's class
; now takes its dominating member s[i] as the base, as upstream's
; separate-const-offset-from-gep would, and the class after the loop merges.
; There s[last + 1] is the base as it is, flags kept: its split rests on the
; add's nuw, which only its own instructions carry (not the pass's
; ScalarEvolution, which reads no IR flags), and its load comes before
; s[last + 2] is used, so the flag holds wherever the other member runs. A
; build before expanded s + 4 * zext(%last) + 4 instead: one instruction
; more than upstream on guarded_loop_tail.cu.
; In @generic the members are generic pointers, which cannot stand for the
; class: it is kept apart. Its class after the loop does not pay: giving up
; removed each member's addrspacecast but left its delta GEP, whose base the
; expander's cleanup had turned into poison.
; RUN: %opt -S -passes='common-base-elim,verify' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-missed=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %xwarp opt %s --passes dse,cbe --verify strict -o /dev/null | FileCheck %s --check-prefix=DRIVER

; REMARK: Merged 2 addresses (2 memory operations) into base scevcgp_0 at the dominating member in %loop
; REMARK: Merged 2 addresses (2 memory operations) into base scevcgp_1 at the common dominator %exit
; REMARK: Kept 2 addresses (2 memory operations) apart: the base cannot be computed where it would dominate every use
; REMARK: Kept 2 addresses (2 memory operations) apart: unprofitable: 7 instructions for 6 removed
; DRIVER: 4 addresses rewritten, {{.*}} delta proofs: 4 proved, 0 refuted, 0 unknown

; CHECK-LABEL: define void @shared(
; CHECK:       loop:
; CHECK:         %scevcgp_0 = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %i.64
; CHECK-NEXT:    %a = load i32, ptr addrspace(3) %scevcgp_0, align 4
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 4
; CHECK-NEXT:    %b = load i32, ptr addrspace(3) %scevcgp_0.d4, align 4
; CHECK:       exit:
; CHECK-NOT:     scevcgptmp_
; CHECK:         %j1 = add nuw nsw i32 %last, 1
; CHECK-NEXT:    %j1.64 = zext nneg i32 %j1 to i64
; CHECK-NEXT:    %scevcgp_1 = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %j1.64
; CHECK:         %scevcgp_1.d4 = getelementptr i8, ptr addrspace(3) %scevcgp_1, i64 4
; CHECK-LABEL: define void @generic(
; CHECK-NOT:     scevcgp
; CHECK-NOT:     poison
; CHECK:       ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [512 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; s[i] and s[i + 1] in the loop are one recurrence {s + 4t, +, 12}.
define void @shared(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %loop, label %exit

loop:
  %acc = phi i32 [ %acc.next, %loop ], [ 0, %entry ]
  %i = phi i32 [ %i.next, %loop ], [ %t, %entry ]
  %i.64 = zext nneg i32 %i to i64
  %p = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %i.64
  %a = load i32, ptr addrspace(3) %p, align 4
  %i1 = add nuw nsw i32 %i, 1
  %i1.64 = zext nneg i32 %i1 to i64
  %q = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %i1.64
  %b = load i32, ptr addrspace(3) %q, align 4
  %m = mul nsw i32 %b, %a
  %acc.next = add nsw i32 %m, %acc
  %i.next = add nuw nsw i32 %i, 3
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %loop, label %exit

exit:
  %last = phi i32 [ %t, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %j1 = add nuw nsw i32 %last, 1
  %j1.64 = zext nneg i32 %j1 to i64
  %x = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %j1.64
  %c = load i32, ptr addrspace(3) %x, align 4
  %j2 = add nuw nsw i32 %last, 2
  %j2.64 = zext nneg i32 %j2 to i64
  %y = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %j2.64
  %d = load i32, ptr addrspace(3) %y, align 4
  %r1 = add nsw i32 %c, %sum
  %r = add nsw i32 %r1, %d
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

define void @generic(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %loop, label %exit

loop:
  %acc = phi i32 [ %acc.next, %loop ], [ 0, %entry ]
  %i = phi i32 [ %i.next, %loop ], [ %t, %entry ]
  %i.64 = zext nneg i32 %i to i64
  %p = getelementptr inbounds [512 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %i.64
  %a = load i32, ptr %p, align 4
  %i1 = add nuw nsw i32 %i, 1
  %i1.64 = zext nneg i32 %i1 to i64
  %q = getelementptr inbounds [512 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %i1.64
  %b = load i32, ptr %q, align 4
  %m = mul nsw i32 %b, %a
  %acc.next = add nsw i32 %m, %acc
  %i.next = add nuw nsw i32 %i, 3
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %loop, label %exit

exit:
  %last = phi i32 [ %t, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %j1 = add nuw nsw i32 %last, 1
  %j1.64 = zext nneg i32 %j1 to i64
  %x = getelementptr inbounds [512 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %j1.64
  %c = load i32, ptr %x, align 4
  %j2 = add nuw nsw i32 %last, 2
  %j2.64 = zext nneg i32 %j2 to i64
  %y = getelementptr inbounds [512 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %j2.64
  %d = load i32, ptr %y, align 4
  %r1 = add nsw i32 %c, %sum
  %r = add nsw i32 %r1, %d
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @shared, !"kernel", i32 1}
!1 = !{ptr @generic, !"kernel", i32 1}
