; The knobs: a class of one member is left alone; the depth cap, the
; iteration cap, cbe-min-uses, scev-cgp-cross-block-limit,
; scev-cgp-idom-level-limit and cbe-enable each stop a merge; the progress
; lines; and the IR stays verifier-clean in every case.
; RUN: %opt -S -verify-each -passes=common-base-elim -cbe-max-depth=3 %s | FileCheck %s --check-prefixes=ALL,ROUNDS
; RUN: %opt -S -verify-each -passes=common-base-elim -cbe-max-depth=3 -cbe-max-iter=1 %s \
; RUN:   | FileCheck %s --check-prefixes=ALL,ONEROUND
; RUN: %opt -S -verify-each -passes=common-base-elim -cbe-max-depth=2 %s | FileCheck %s --check-prefixes=ALL,SHALLOW
; RUN: %opt -S -verify-each -passes=common-base-elim -cbe-max-depth=3 -scev-cgp-cross-block-limit=1 %s \
; RUN:   | FileCheck %s --check-prefixes=ALL,ONEROUND
; RUN: %opt -S -verify-each -passes=common-base-elim -cbe-min-uses=3 %s | FileCheck %s --check-prefixes=ALL,SHALLOW
; RUN: %opt -S -verify-each -passes=common-base-elim -cbe-enable=0 %s | FileCheck %s --check-prefixes=ALL,SHALLOW
; RUN: %opt -disable-output -passes=common-base-elim -cbe-max-depth=3 -scev-cgp-idom-level-limit=0 \
; RUN:   -pass-remarks-missed=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=IDOM
; RUN: %opt -disable-output -passes=common-base-elim -cbe-max-depth=3 -scev-cgp-cross-block-limit=1 \
; RUN:   -pass-remarks-missed=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=CROSS
; RUN: %opt -disable-output -passes=common-base-elim -cbe-print-progress %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PROGRESS

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; One address, used twice: nothing to merge.
; ALL-LABEL: @single(
; ALL-NEXT:    %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
; ALL-NEXT:    %v = load float, ptr addrspace(1) %p
; ALL-NEXT:    store float %v, ptr addrspace(1) %p
define void @single(ptr addrspace(1) %a, i64 %i) {
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  store float %v, ptr addrspace(1) %p, align 4
  ret void
}

; Round 1 merges a[i+k] of both branches (depth 3). The row addresses built
; on them are depth 4, over the cap of 3, until round 1 rewrites a[i+k] off
; the base: then they are shallow, and round 2 merges them too. One round,
; or a limit of one base per block, leaves them; a cap of 2 or a minimum of
; three uses merges nothing.
; ALL-LABEL: @rounds(
; ALL:       entry:
; ROUNDS-NEXT:   %scevcgptmp_ = add i64 %i, %k
; ROUNDS-NEXT:   %scevcgp_0 = getelementptr float, ptr addrspace(1) %a, i64 %scevcgptmp_
; ROUNDS-NEXT:   %scevcgp_1 = getelementptr float, ptr addrspace(1) %scevcgp_0, i64 %j
; ROUNDS-NEXT:   br i1 %c
; ROUNDS:      left:
; ROUNDS-NEXT:   store float 1.000000e+00, ptr addrspace(1) %scevcgp_0
; ROUNDS-NEXT:   store float 2.000000e+00, ptr addrspace(1) %scevcgp_1
; ROUNDS:      right:
; ROUNDS-NEXT:   %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; ROUNDS-NEXT:   store float 3.000000e+00, ptr addrspace(1) %scevcgp_0.d4
; ROUNDS-NEXT:   %scevcgp_1.d8 = getelementptr i8, ptr addrspace(1) %scevcgp_1, i64 8
; ROUNDS-NEXT:   store float 4.000000e+00, ptr addrspace(1) %scevcgp_1.d8
; ONEROUND:      %scevcgp_0 = getelementptr
; ONEROUND-NOT:  %scevcgp_1
; ONEROUND:    left:
; ONEROUND-NEXT: store float 1.000000e+00, ptr addrspace(1) %scevcgp_0
; ONEROUND-NEXT: %q1 = getelementptr inbounds float, ptr addrspace(1) %scevcgp_0, i64 %j
; SHALLOW-NOT:   scevcgp
; SHALLOW:     left:
; SHALLOW-NEXT:  %s1 = add nsw i64 %i, %k
define void @rounds(ptr addrspace(1) %a, i64 %i, i64 %k, i64 %j, i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  %s1 = add nsw i64 %i, %k
  %p1 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %s1
  store float 1.0, ptr addrspace(1) %p1, align 4
  %q1 = getelementptr inbounds float, ptr addrspace(1) %p1, i64 %j
  store float 2.0, ptr addrspace(1) %q1, align 4
  br label %done
right:
  %s2 = add nsw i64 %k, %i
  %s2.1 = add nsw i64 %s2, 1
  %p2 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %s2.1
  store float 3.0, ptr addrspace(1) %p2, align 4
  %j2 = add nsw i64 %j, 1
  %q2 = getelementptr inbounds float, ptr addrspace(1) %p2, i64 %j2
  store float 4.0, ptr addrspace(1) %q2, align 4
  br label %done
done:
  ret void
}
; IDOM: remark: <unknown>:0:0: Kept 2 addresses (2 memory operations) apart: the common dominator is 1 levels above a use (scev-cgp-idom-level-limit) and no member dominates the others
; CROSS: remark: <unknown>:0:0: Kept 2 addresses (2 memory operations) apart: block %entry already has 1 bases (scev-cgp-cross-block-limit)

; PROGRESS:      Processing 1 / Block 1
; PROGRESS-NEXT: Processing 2 / Block 1
; PROGRESS-NEXT: Processing 2 / Block 2
