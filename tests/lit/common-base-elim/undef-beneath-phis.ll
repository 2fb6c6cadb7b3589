; ScalarEvolution reads through phis and intrinsics the delta proof takes
; for single inputs: smax(n, n) and phi [n, n] are n to it, so it folds
; (n - m) & 1 to 0, and the base a[i + d] serves a[i+1] and a[i+2] as
; base + 4 and base + 8. Where n is undef (a load of memory never written)
; each read of it may differ, d may be 1, and the rewritten stores land one
; element past the originals. The base is accessed first, so it is not poison
; (nor n), and the undef check counted paths only up to the phi or the call:
; the rewrites stayed without proofs and in report mode, and index reuse did
; the same (campaign AL6). Undef is now counted through what ScalarEvolution
; reads through; the rewrites are put back in every mode. a[i+2] as a[i+1]
; plus 4 stays: it reads no n (proved, and an access through a[i+1] comes
; first).
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=report>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %xwarp opt %s --passes cbe --cbe-index-reuse -o - | FileCheck %s --check-prefix=REUSE

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.smax.i32(i32, i32)

; CHECK-LABEL: @through_smax(
; CHECK-NOT:     scevcgp_
; CHECK:         store float %v, ptr addrspace(1) %a1,
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr addrspace(1) %a1, i64 4
; CHECK-NEXT:    store float %v, ptr addrspace(1) %scevcgp_off,
; CHECK-NEXT:    ret void
define ptx_kernel void @through_smax(ptr addrspace(1) noundef %p, i32 noundef %i) {
entry:
  %never = alloca i32, align 4
  %n = load i32, ptr %never, align 4
  %m = call i32 @llvm.smax.i32(i32 %n, i32 %n)
  %s = sub i32 %n, %m
  %d = and i32 %s, 1
  %u = add i32 %i, %d
  %ue = sext i32 %u to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ue
  %v = load float, ptr addrspace(1) %b, align 4
  %i1 = add nsw i32 %i, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  store float %v, ptr addrspace(1) %a1, align 4
  %i2 = add nsw i32 %i, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  store float %v, ptr addrspace(1) %a2, align 4
  ret void
}

; CHECK-LABEL: @through_phi(
; CHECK-NOT:     scevcgp_
; CHECK:         store float %v, ptr addrspace(1) %a1,
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr addrspace(1) %a1, i64 4
; CHECK-NEXT:    store float %v, ptr addrspace(1) %scevcgp_off,
; CHECK-NEXT:    ret void
define ptx_kernel void @through_phi(ptr addrspace(1) noundef %p, i32 noundef %i, i1 noundef %c) {
entry:
  %never = alloca i32, align 4
  %n = load i32, ptr %never, align 4
  br i1 %c, label %side, label %join
side:
  br label %join
join:
  %m = phi i32 [ %n, %entry ], [ %n, %side ]
  %s = sub i32 %n, %m
  %d = and i32 %s, 1
  %u = add i32 %i, %d
  %ue = sext i32 %u to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ue
  %v = load float, ptr addrspace(1) %b, align 4
  %i1 = add nsw i32 %i, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  store float %v, ptr addrspace(1) %a1, align 4
  %i2 = add nsw i32 %i, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  store float %v, ptr addrspace(1) %a2, align 4
  ret void
}

; Index reuse: a[t + v] as the accessed a[t + d] plus v, where d is 0 only
; to ScalarEvolution.
; REUSE-LABEL: @index_reuse(
; REUSE-NOT:     scevcgp_
; REUSE:         ret void
define ptx_kernel void @index_reuse(ptr addrspace(1) noundef %a, i32 noundef %t, i32 noundef %w) {
entry:
  %never = alloca i32, align 4
  %n = load i32, ptr %never, align 4
  %m = call i32 @llvm.smax.i32(i32 %n, i32 %n)
  %s = sub i32 %n, %m
  %d = and i32 %s, 1
  %td = add i32 %t, %d
  %e0 = sext i32 %td to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %e0
  %x = load float, ptr addrspace(1) %q, align 4
  %tw = add nsw i32 %t, %w
  %e1 = sext i32 %tw to i64
  %pp = getelementptr inbounds float, ptr addrspace(1) %a, i64 %e1
  store float %x, ptr addrspace(1) %pp, align 4
  ret void
}
