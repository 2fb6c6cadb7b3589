; The reference's example: mul nsw %i, 4 and shl nsw %i, 2 are one SCEV, so
; the two GEPs become one base; the load and the store both use it. As in
; the reference's output, the reused mul keeps its nsw, but only because the
; load through it runs before the store: were the base poison, the load would
; already be undefined (the delta proof assumes the base defined for that
; reason). A base that serves addresses not preceded by an access through it
; loses its poison flags (@flags).
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' \
; RUN:   -pass-remarks=common-base-elim -pass-remarks-analysis=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %t0 = mul nsw i64 %i, 4
; CHECK-NEXT:    %scevcgp_0 = getelementptr i8, ptr %p, i64 %t0
; CHECK-NEXT:    %v0 = load i32, ptr %scevcgp_0, align 4
; CHECK-NEXT:    store i32 %v0, ptr %scevcgp_0, align 4
; CHECK-NEXT:    ret void
define void @k(ptr %p, i64 %i) {
entry:
  %t0 = mul nsw i64 %i, 4
  %a0 = getelementptr i8, ptr %p, i64 %t0
  %v0 = load i32, ptr %a0, align 4
  %t1 = shl nsw i64 %i, 2
  %a1 = getelementptr i8, ptr %p, i64 %t1
  store i32 %v0, ptr %a1, align 4
  ret void
}
; REMARK: remark: <unknown>:0:0: Delta proof for %a1 = getelementptr i8, ptr %p, i64 %t1 = scevcgp_0 + 0: proved
; REMARK: remark: <unknown>:0:0: Merged 2 addresses (2 memory operations) into base scevcgp_0 at the common dominator %entry: 2 instructions removed, 0 created

; The inbounds address (nuw offset) is used only on one path, the plain one
; only on the other: the base at their common dominator is built without the
; poison flags, which neither path's address had in both.
; CHECK-LABEL: @flags(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %scevcgptmp_ = shl i64 %i, 2
; CHECK-NEXT:    %scevcgp_0 = getelementptr i8, ptr %p, i64 %scevcgptmp_
; CHECK-NEXT:    br i1 %c,
; CHECK:       a:
; CHECK-NEXT:    load i32, ptr %scevcgp_0, align 4
; CHECK:       b:
; CHECK-NEXT:    store i32 0, ptr %scevcgp_0, align 4
define void @flags(ptr %p, i64 %i, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %t0 = shl nuw i64 %i, 2
  %a0 = getelementptr inbounds i8, ptr %p, i64 %t0
  %v0 = load i32, ptr %a0, align 4
  ret void
b:
  %t1 = mul i64 %i, 4
  %a1 = getelementptr i8, ptr %p, i64 %t1
  store i32 0, ptr %a1, align 4
  ret void
}
; REMARK: Delta proof for %a0 = getelementptr inbounds i8, ptr %p, i64 %t0 = scevcgp_0 + 0: proved
; REMARK: Delta proof for %a1 = getelementptr i8, ptr %p, i64 %t1 = scevcgp_0 + 0: proved

; In one block, the inbounds load executes before the plain store: the
; load's address is the base (a member no dearer to copy than to expand) and
; keeps inbounds and nuw, since the load through it runs first; the store's
; rewrite is proved under that assumption.
; CHECK-LABEL: @in_context(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %t0 = shl nuw i64 %i, 2
; CHECK-NEXT:    %scevcgp_0 = getelementptr inbounds i8, ptr %p, i64 %t0
; CHECK-NEXT:    %v0 = load i32, ptr %scevcgp_0, align 4
; CHECK-NEXT:    store i32 %v0, ptr %scevcgp_0, align 4
define void @in_context(ptr %p, i64 %i) {
entry:
  %t0 = shl nuw i64 %i, 2
  %a0 = getelementptr inbounds i8, ptr %p, i64 %t0
  %v0 = load i32, ptr %a0, align 4
  %t1 = mul i64 %i, 4
  %a1 = getelementptr i8, ptr %p, i64 %t1
  store i32 %v0, ptr %a1, align 4
  ret void
}
; REMARK: Delta proof for %a1 = getelementptr i8, ptr %p, i64 %t1 = scevcgp_0 + 0: proved
