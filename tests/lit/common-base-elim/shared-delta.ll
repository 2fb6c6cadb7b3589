; Two members at one distance from the base share one delta (campaign BP):
; in[t + 1] and the byte view p0 + 4 are one address, written two ways, so
; the second takes the first's base + 4 where that dominates it. Where it
; does not (the two arms of a branch, campaign BR), the delta moves up to
; the nearest block that dominates both. A cast to the generic space is
; shared where it dominates.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %xwarp opt %s -o /dev/null --passes cbe --verify strict 2>&1 | FileCheck %s --check-prefix=COUNT
; The driver (which runs infer-address-spaces first, so @casts needs no
; cast there): 6 -> 4 in @straight, 6 -> 4 in @arms; the build before
; made one delta per member, 23 -> 16 in all.
; COUNT: 3 bases merged, 7 addresses rewritten, address instructions 23 -> 13;

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @straight(
; CHECK:         [[BASE:%scevcgp_[0-9]+]] = getelementptr inbounds float, ptr addrspace(1) %in, i64 %t
; CHECK:         [[D4:%scevcgp_[0-9]+\.d4]] = getelementptr i8, ptr addrspace(1) [[BASE]], i64 4
; CHECK-NEXT:    %b = load float, ptr addrspace(1) [[D4]]
; CHECK-NOT:     getelementptr
; CHECK:         %c = load float, ptr addrspace(1) [[D4]]
define ptx_kernel void @straight(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %t
  %a = load float, ptr addrspace(1) %p0
  %t1 = add nuw nsw i64 %t, 1
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %t1
  %b = load float, ptr addrspace(1) %p1
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 4
  %c = load float, ptr addrspace(1) %p2
  %s = fadd float %a, %b
  %s2 = fadd float %s, %c
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t
  store float %s2, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: @arms(
; CHECK:         [[A4:%scevcgp_[0-9]+\.d4]] = getelementptr i8, ptr addrspace(1) {{%scevcgp_[0-9]+}}, i64 4
; CHECK-NEXT:    br i1 %k
; CHECK:       then:
; CHECK-NEXT:    %b = load float, ptr addrspace(1) [[A4]]
; CHECK:       else:
; CHECK-NEXT:    %c = load float, ptr addrspace(1) [[A4]]
define ptx_kernel void @arms(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i1 %k) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %t
  %a = load float, ptr addrspace(1) %p0
  br i1 %k, label %then, label %else
then:
  %t1 = add nuw nsw i64 %t, 1
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %t1
  %b = load float, ptr addrspace(1) %p1
  br label %join
else:
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 4
  %c = load float, ptr addrspace(1) %p2
  br label %join
join:
  %v = phi float [ %b, %then ], [ %c, %else ]
  %s = fadd float %a, %v
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t
  store float %s, ptr addrspace(1) %po
  ret void
}

; Two generic members at one distance share the delta and its cast.
; CHECK-LABEL: @casts(
; CHECK:       generic:
; CHECK-NEXT:    [[GD:%scevcgp_[0-9]+\.d4]] = getelementptr i8, ptr addrspace(3) {{%scevcgp_[0-9]+}}, i64 4
; CHECK-NEXT:    [[CAST:%bitCastEnd[0-9]*]] = addrspacecast ptr addrspace(3) [[GD]] to ptr
; CHECK-NEXT:    store float 2.000000e+00, ptr [[CAST]]
; CHECK-NEXT:    store float 3.000000e+00, ptr [[CAST]]
@s = internal addrspace(3) global [256 x float] undef

define void @casts(i32 %r, i32 %w, i32 %t, i1 %c) {
entry:
  br i1 %c, label %shared, label %generic
shared:
  %m = mul nsw i32 %r, %w
  %x = add nsw i32 %m, %t
  %xe = sext i32 %x to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %xe
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %done
generic:
  %g = addrspacecast ptr addrspace(3) @s to ptr
  %m2 = mul nsw i32 %w, %r
  %y = add nsw i32 %m2, %t
  %ye = sext i32 %y to i64
  %row = getelementptr inbounds float, ptr %g, i64 %ye
  %q = getelementptr inbounds float, ptr %row, i64 1
  store float 2.0, ptr %q, align 4
  %q2 = getelementptr inbounds i8, ptr %row, i64 4
  store float 3.0, ptr %q2, align 4
  br label %done
done:
  ret void
}
