; A counterexample that picks a value of a loop phi the proof cannot bound is
; no refutation: without nuw/nsw on the increment the proof does not take
; %i for a counted loop's counter (ScalarEvolution still knows it runs 0..14
; and the rewrite holds). It was "refuted" with an %i the loop never
; reaches, and `check` exited 1; it is unknown now, and strict mode puts the
; rewrite back.
; RUN: %xwarp check %s --passes cbe | FileCheck %s
; RUN: %xwarp opt %s --passes cbe --verify strict -o /dev/null | FileCheck %s --check-prefix=STRICT
; CHECK: scevcgp_0+32 {{ *}}rewritten {{ *}}unknown {{.*}} ms  the rewritten address differs from the original only for values of %i the proof cannot bound (the loop may never reach them)
; CHECK: delta proofs: 0 proved, 0 refuted, 1 unknown
; STRICT: 0 addresses rewritten, {{.*}}delta proofs: 0 proved, 0 refuted, 1 unknown, 1 rolled back

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @k(ptr %a, ptr %o) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %x = add nuw nsw i32 %i, %t
  %s = shl i32 %x, 3
  %e = sext i32 %s to i64
  %g = getelementptr i32, ptr %a, i64 %e
  %v = load i32, ptr %g
  %i1 = or disjoint i32 %i, 1
  %y = add nuw nsw i32 %i1, %t
  %s1 = shl i32 %y, 3
  %e1 = sext i32 %s1 to i64
  %g1 = getelementptr i32, ptr %a, i64 %e1
  %w = load i32, ptr %g1
  %r = add i32 %v, %w
  store i32 %r, ptr %o
  %i2 = add i32 %i, 2
  %c = icmp eq i32 %i2, 16
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
