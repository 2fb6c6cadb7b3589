; Rewriting a member rewires the address computations built on it: here
; %p4 and %r4 are computed from %p, and after %p's rewrite from the base.
; Their delta proofs compared the rewrite with that computation, so each
; held only given %p's rewrite. Under the drop-sext ablation %p's rewrite is
; refuted and strict mode put it back, but kept the two built on it: their
; stores went to base + 4 and base + 8, with the base computed from zext i
; (for i = -1, 2^34 bytes off). Such a proof now becomes unknown unless the
; rewrites it took as given are proved, and strict mode puts the function
; back as it was. Without the ablation all four are proved, %p4's and %r4's
; given %p's, and the merge stays. The report names each original as the input had it (it
; printed %p4's operand as rewired). Index reuse is off in the ablated runs:
; it would rebuild %p4 and %r4 off %a after the rollback (proved).
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 1 -- %xwarp check %s --passes cbe --ablate drop-sext \
; RUN:   --verify strict --cbe-index-reuse=false | FileCheck %s --check-prefix=CHECKER
; RUN: %xwarp opt %s --passes cbe --ablate drop-sext --verify strict --cbe-index-reuse=false -o - \
; RUN:   | FileCheck %s --check-prefix=STRICT
; RUN: %xwarp opt %s --passes cbe --ablate drop-sext --verify report -o /dev/null --report - \
; RUN:   | FileCheck %s --check-prefix=REPORT
; RUN: %xwarp check %s --passes cbe --verify strict | FileCheck %s --check-prefix=SOUND

; CHECKER:      scevcgp_0+0 rolled-back refuted {{.*}} the rewritten address differs from the original
; CHECKER-NEXT: scevcgp_0+4 rolled-back unknown {{.*}} proved given the rewrite of %p = getelementptr i32, ptr addrspace(1) %a, i64 %s, which is not proved
; CHECKER-NEXT: scevcgp_0+8 rolled-back unknown {{.*}} proved given the rewrite of %p = getelementptr i32, ptr addrspace(1) %a, i64 %s, which is not proved
; CHECKER-NEXT: scevcgp_0+8 rolled-back refuted
; CHECKER: 0 addresses rewritten, 4 put back; delta proofs: 0 proved, 2 refuted, 2 unknown

; SOUND: 4 addresses rewritten, 0 put back; delta proofs: 4 proved, 0 refuted, 0 unknown

; STRICT-LABEL: @built_on(
; STRICT: store i32 1, ptr addrspace(1) %p, align 4
; STRICT: store i32 2, ptr addrspace(1) %p4, align 4
; STRICT: store i32 3, ptr addrspace(1) %r4, align 4
; STRICT: store i32 4, ptr addrspace(1) %q, align 4

; REPORT: "original": "%p4 = getelementptr i8, ptr addrspace(1) %p3, i64 1"

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @built_on(ptr addrspace(1) %a, i32 %i, i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  %s = sext i32 %i to i64
  %p = getelementptr i32, ptr addrspace(1) %a, i64 %s
  store i32 1, ptr addrspace(1) %p, align 4
  %p1 = getelementptr i8, ptr addrspace(1) %p, i64 1
  %p2 = getelementptr i8, ptr addrspace(1) %p1, i64 1
  %p3 = getelementptr i8, ptr addrspace(1) %p2, i64 1
  %p4 = getelementptr i8, ptr addrspace(1) %p3, i64 1
  store i32 2, ptr addrspace(1) %p4, align 4
  %r1 = getelementptr i8, ptr addrspace(1) %p, i64 2
  %r2 = getelementptr i8, ptr addrspace(1) %r1, i64 2
  %r3 = getelementptr i8, ptr addrspace(1) %r2, i64 2
  %r4 = getelementptr i8, ptr addrspace(1) %r3, i64 2
  store i32 3, ptr addrspace(1) %r4, align 4
  br label %done
right:
  %j = add nsw i32 %i, 2
  %t = sext i32 %j to i64
  %q = getelementptr i32, ptr addrspace(1) %a, i64 %t
  store i32 4, ptr addrspace(1) %q, align 4
  br label %done
done:
  ret void
}
