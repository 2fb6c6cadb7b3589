; Addresses that others must not be computed from. An inrange GEP bounds
; every access through a pointer derived from it (LangRef), so a base or a
; reused address built on one moves the other members' accesses under its
; range: a[i] through the inrange GEP and a[i + 2] through the global became
; the first plus 4 bytes, undefined at i = 0 (the delta proof took it for
; proved). A flagged constant address may be poison: index reuse built on
; one whose only access is on another path. The same shapes without the
; inrange or the flag are rewritten.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=report>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = internal addrspace(3) global [8 x float] undef, align 4

; CHECK-LABEL: @inrange_base(
; CHECK-NOT:     scevcgp
; CHECK:         ret void
define ptx_kernel void @inrange_base(i64 %i) {
entry:
  %a = getelementptr float, ptr addrspace(3) getelementptr inrange(0, 4) ([8 x float], ptr addrspace(3) @g, i64 0, i64 1), i64 %i
  %v = load float, ptr addrspace(3) %a
  %i2 = add i64 %i, 2
  %b = getelementptr float, ptr addrspace(3) @g, i64 %i2
  store float %v, ptr addrspace(3) %b
  ret void
}

; CHECK-LABEL: @plain_base(
; CHECK:         %[[BASE:scevcgp_[0-9]+]] = getelementptr float, ptr addrspace(3) getelementptr ([8 x float], ptr addrspace(3) @g, i64 0, i64 1), i64 %i
; CHECK:         getelementptr i8, ptr addrspace(3) %[[BASE]], i64 4
define ptx_kernel void @plain_base(i64 %i) {
entry:
  %a = getelementptr float, ptr addrspace(3) getelementptr ([8 x float], ptr addrspace(3) @g, i64 0, i64 1), i64 %i
  %v = load float, ptr addrspace(3) %a
  %i2 = add i64 %i, 2
  %b = getelementptr float, ptr addrspace(3) @g, i64 %i2
  store float %v, ptr addrspace(3) %b
  ret void
}

; CHECK-LABEL: @inrange_reuse(
; CHECK-NOT:     scevcgp
; CHECK:         ret void
define ptx_kernel void @inrange_reuse(i32 %n) {
entry:
  store float 1.0, ptr addrspace(3) getelementptr inrange(0, 4) ([8 x float], ptr addrspace(3) @g, i64 0, i64 1)
  %i = add nsw i32 %n, 1
  %e = sext i32 %i to i64
  %p = getelementptr float, ptr addrspace(3) @g, i64 %e
  store float 2.0, ptr addrspace(3) %p
  ret void
}

; CHECK-LABEL: @poison_constant_reuse(
; CHECK-NOT:     scevcgp
; CHECK:         ret void
define ptx_kernel void @poison_constant_reuse(i32 %n, i1 %c) {
entry:
  br i1 %c, label %use, label %other
use:
  store float 1.0, ptr addrspace(3) getelementptr inbounds ([8 x float], ptr addrspace(3) @g, i64 0, i64 -1)
  br label %other
other:
  %i = add nsw i32 %n, -1
  %e = sext i32 %i to i64
  %p = getelementptr float, ptr addrspace(3) @g, i64 %e
  store float 2.0, ptr addrspace(3) %p
  ret void
}

; CHECK-LABEL: @poison_nuw_constant_reuse(
; CHECK-NOT:     scevcgp
; CHECK:         ret void
define ptx_kernel void @poison_nuw_constant_reuse(i32 %n, i1 %c) {
entry:
  br i1 %c, label %use, label %other
use:
  store float 1.0, ptr addrspace(3) getelementptr nuw (i8, ptr addrspace(3) @g, i64 -4)
  br label %other
other:
  %i = add nsw i32 %n, -1
  %e = sext i32 %i to i64
  %p = getelementptr float, ptr addrspace(3) @g, i64 %e
  store float 2.0, ptr addrspace(3) %p
  ret void
}

; CHECK-LABEL: @plain_constant_reuse(
; CHECK:       other:
; CHECK:         getelementptr float, ptr addrspace(3) getelementptr ([8 x float], ptr addrspace(3) @g, i64 0, i64 -1), i64 %scevcgptmp_
define ptx_kernel void @plain_constant_reuse(i32 %n, i1 %c) {
entry:
  br i1 %c, label %use, label %other
use:
  store float 1.0, ptr addrspace(3) getelementptr ([8 x float], ptr addrspace(3) @g, i64 0, i64 -1)
  br label %other
other:
  %i = add nsw i32 %n, -1
  %e = sext i32 %i to i64
  %p = getelementptr float, ptr addrspace(3) @g, i64 %e
  store float 2.0, ptr addrspace(3) %p
  ret void
}
