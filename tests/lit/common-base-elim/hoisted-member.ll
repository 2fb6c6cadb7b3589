; An address hoisted out of the loop its accesses are in: the base member's
; first access (in the loop) comes after the other member's address is
; computed, but before anything uses it. Were the base poison, that access
; would already be undefined wherever the rewrite is used, so its flags hold
; there: proved, and strict mode keeps the rewrite. If the other address is
; also used before the loop, the base's access does not come first: not
; proved, and strict mode puts the rewrite back. (There the indices are
; 4r | 5 and 4r | 6, which the bits of 4r do not show to be adds: with | 1
; and | 2 the address accessed first, %b, would stand for both as it is.)
; (Strict mode: LLVM's ScalarEvolution, which reads the flags; without strict
; mode the pass reads none, and the base is expanded without them.)
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=strict>' -pass-remarks-analysis=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PROOF

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @used_in_loop(
; CHECK:         %scevcgp_0 = getelementptr inbounds i8, ptr %p, i64 %x1
; CHECK-NEXT:    %scevcgp_0.d1 = getelementptr i8, ptr %scevcgp_0, i64 1
; CHECK:       loop:
; CHECK:         load i8, ptr %scevcgp_0,
; CHECK-NEXT:    load i8, ptr %scevcgp_0.d1,
; PROOF: Delta proof for %b = {{.*}} = scevcgp_0 + 1: proved
define i32 @used_in_loop(ptr %p, i32 %t, i32 %n) {
entry:
  %m = mul nsw i32 %t, 3
  %r = srem i32 %m, 256
  %sh = shl nsw i32 %r, 2
  %o1 = or disjoint i32 %sh, 1
  %x1 = sext i32 %o1 to i64
  %a = getelementptr inbounds i8, ptr %p, i64 %x1
  %o2 = or disjoint i32 %sh, 2
  %x2 = sext i32 %o2 to i64
  %b = getelementptr inbounds i8, ptr %p, i64 %x2
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %loop ]
  %va = load i8, ptr %a, align 1
  %vb = load i8, ptr %b, align 1
  %za = zext i8 %va to i32
  %zb = zext i8 %vb to i32
  %s = add i32 %za, %zb
  %acc2 = add i32 %acc, %s
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %acc2
}

; CHECK-LABEL: @also_used_before(
; CHECK:         store i8 0, ptr %b
; CHECK:       loop:
; CHECK:         load i8, ptr %b,
; PROOF: Delta proof for %b = {{.*}} = [[B:scevcgp_[0-9]+]] + 1: unknown (the rewritten address uses an inbounds GEP (%[[B]]) whose object bounds cannot be shown)
define i32 @also_used_before(ptr %p, i32 %t, i32 %n) {
entry:
  %m = mul nsw i32 %t, 3
  %r = srem i32 %m, 256
  %sh = shl nsw i32 %r, 2
  %o1 = or disjoint i32 %sh, 5
  %x1 = sext i32 %o1 to i64
  %a = getelementptr inbounds i8, ptr %p, i64 %x1
  %o2 = or disjoint i32 %sh, 6
  %x2 = sext i32 %o2 to i64
  %b = getelementptr inbounds i8, ptr %p, i64 %x2
  store i8 0, ptr %b, align 1
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %loop ]
  %va = load i8, ptr %a, align 1
  %vb = load i8, ptr %b, align 1
  %za = zext i8 %va to i32
  %zb = zext i8 %vb to i32
  %s = add i32 %za, %zb
  %acc2 = add i32 %acc, %s
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %acc2
}
