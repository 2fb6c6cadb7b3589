; A pointer a loop advances (`q += 64` floats) beside its counter: out[t +
; 64i + 32] is the pointer plus 128 bytes. LLVM's ScalarEvolution (strict
; mode) sees it; the delta proof used to call the rewrite unknown ("depends
; on another value the original does not use", campaign 37) and strict mode
; put it back. The proof now reads both phis as their start plus their step
; times one count of the loop's latches, bounded by the counter's nuw/nsw
; (verify/LoopRecurrence.h): proved, and the merge stays. (Off mode: the
; flagless ScalarEvolution cannot show that 64i + t + 32 does not wrap, and
; leaves the two apart.)
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=strict>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-LABEL: @pos_pointer_beside_counter(
; CHECK:       loop:
; CHECK:         %scevcgp_0 = phi ptr [ %q0, %entry ], [ %q1, %loop ]
; CHECK-NEXT:    store float 0.000000e+00, ptr %scevcgp_0, align 4
; CHECK-NEXT:    %scevcgp_0.d128 = getelementptr i8, ptr %scevcgp_0, i64 128
; CHECK-NEXT:    store float 1.000000e+00, ptr %scevcgp_0.d128, align 4
; CHECK-NOT:     shl
; REMARK: Delta proof for %p = {{.*}} = scevcgp_0 + 128: proved
; REMARK: Merged 2 addresses (2 memory operations) into base scevcgp_0 at the common dominator %loop

define void @pos_pointer_beside_counter(ptr noundef %out, i32 noundef %n) {
entry:
  %t = call noundef range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %q0 = getelementptr inbounds float, ptr %out, i64 %tz
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = phi ptr [ %q0, %entry ], [ %q1, %loop ]
  store float 0.0, ptr %q, align 4
  %s = shl nsw i32 %i, 6
  %st = add nuw nsw i32 %s, %t
  %st32 = add nuw nsw i32 %st, 32
  %z = zext nneg i32 %st32 to i64
  %p = getelementptr inbounds float, ptr %out, i64 %z
  store float 1.0, ptr %p, align 4
  %q1 = getelementptr inbounds i8, ptr %q, i64 256
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
