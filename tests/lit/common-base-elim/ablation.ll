; The drop-sext ablation reads sign extensions as zero extensions when it
; groups addresses: a[sext i] and a[zext i] + 4 look like one class. The
; delta proof refutes the rewrite of a[sext i] with a negative i (report
; mode keeps it, as a deliberately wrong variant would); strict mode puts it
; back. Without the ablation the two addresses are never merged.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=report;ablate=drop-sext>' %s \
; RUN:   | FileCheck %s --check-prefix=WRONG
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict;ablate=drop-sext>' %s \
; RUN:   | FileCheck %s --check-prefix=KEPT
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt -disable-output -passes='common-base-elim<verify=report;ablate=drop-sext>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -disable-output -passes='common-base-elim<verify=strict;ablate=drop-sext>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=STRICT
; An ablation of dead-sync-elim does not apply here: refused, not ignored.
; RUN: not %opt -disable-output -passes='common-base-elim<ablate=no-waw>' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=OTHER
; OTHER: ablation 'no-waw' does not apply to common-base-elim (it takes drop-sext)
; RUN: not %opt -disable-output -passes='common-base-elim<ablate=no-such>' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; WRONG-LABEL: @signs(
; WRONG:         zext i32 %i to i64
; WRONG:       neg:
; WRONG-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0
; KEPT-LABEL:  @signs(
; KEPT:        neg:
; KEPT-NEXT:     %s = sext i32 %i to i64
; KEPT-NEXT:     %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %s
; KEPT-NEXT:     store float 1.000000e+00, ptr addrspace(1) %p
define void @signs(ptr addrspace(1) %a, i32 %i, i1 %c) {
entry:
  br i1 %c, label %neg, label %pos
neg:
  %s = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %s
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %done
pos:
  %z = zext i32 %i to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %z
  %q1 = getelementptr inbounds float, ptr addrspace(1) %q, i64 1
  store float 2.0, ptr addrspace(1) %q1, align 4
  br label %done
done:
  ret void
}
; REMARK: Delta proof for %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %s = scevcgp_0 + 0: refuted (the rewritten address differs from the original)
; REMARK: Delta proof for %q1 = getelementptr inbounds float, ptr addrspace(1) %q, i64 1 = scevcgp_0 + 4: proved
; STRICT: Delta proof for %p = {{.*}}: refuted (the rewritten address differs from the original); rolled back
; STRICT-NEXT: Delta proof for %q1 = {{.*}}: proved ({{.*}}); rolled back
; BAD: invalid common-base-elim parameter 'ablate=no-such'
