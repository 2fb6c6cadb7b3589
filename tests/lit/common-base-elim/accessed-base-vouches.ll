; The base %b reads %n, an argument without noundef that may be poison, and
; the addresses it serves (a[i+1], a[i+2]) do not. Where an access through
; %b comes first, %b is not poison wherever the rewrites run, nor is %n: the
; delta prover takes that claim (checked) and proves both rewrites. The
; pass's own poison check ignored the claim and put the proved rewrites back
; in every mode ("proved" and "rolled-back" in one record). Now one finding
; decides: the prover's where a prover runs, and the same claim without one.
; (Where nothing vouches for such an input, the rewrite is put back in every
; mode: poison-inputs.ll.)
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=report>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@dyn = external addrspace(3) global [0 x i32], align 4
@s = internal addrspace(3) global [256 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @accessed_first(
; CHECK:         %scevcgp_0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ue
; CHECK-NEXT:    %v = load float, ptr addrspace(1) %scevcgp_0
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; CHECK-NEXT:    store float %v, ptr addrspace(1) %scevcgp_0.d4
; CHECK-NEXT:    %scevcgp_0.d8 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 8
; CHECK-NEXT:    store float %v, ptr addrspace(1) %scevcgp_0.d8
; REMARK: Delta proof for %a1 = {{.*}}: proved
; REMARK: Delta proof for %a2 = {{.*}}: proved
define ptx_kernel void @accessed_first(ptr addrspace(1) noundef %p, i32 noundef %i, i32 %n) {
entry:
  %z = and i32 %n, 0
  %u = add i32 %i, %z
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

; A member whose split rests on its own flags (p[i + 1] is p + 4 * sext(i) + 4
; only because the add is nsw) stands for the class as it is, flags kept,
; when its access comes before every other member is used: where its flag
; fails, its load is already undefined. The base is not expanded anew
; (guarded_loop_tail.cu had one instruction more than upstream).
; CHECK-LABEL: @flagged_member_first(
; CHECK-NOT:     scevcgptmp_
; CHECK:         %i1 = add nsw i32 %i, 1
; CHECK-NEXT:    %e1 = sext i32 %i1 to i64
; CHECK-NEXT:    %scevcgp_0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
; CHECK-NEXT:    %v = load float, ptr addrspace(1) %scevcgp_0
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; CHECK-NEXT:    store float %v, ptr addrspace(1) %scevcgp_0.d4
; REMARK: Delta proof for %a2 = {{.*}}: proved
define ptx_kernel void @flagged_member_first(ptr addrspace(1) noundef %p, i32 noundef %i) {
entry:
  %i1 = add nsw i32 %i, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  %v = load float, ptr addrspace(1) %a1, align 4
  %i2 = add nsw i32 %i, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  store float %v, ptr addrspace(1) %a2, align 4
  ret void
}

; Accessed on two paths, neither member comes first: the base is expanded
; from the class's SCEV, and neither flagged computation stands for it.
; CHECK-LABEL: @flagged_members_apart(
; CHECK:         %scevcgptmp_ = sext i32 %i to i64
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(1) %p, i64 %scevcgptmp_2
; CHECK:       left:
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0
; CHECK:       right:
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; CHECK-NEXT:    store float 2.000000e+00, ptr addrspace(1) %scevcgp_0.d4
define ptx_kernel void @flagged_members_apart(ptr addrspace(1) noundef %p, i32 noundef %i, i1 noundef %c) {
entry:
  %i1 = add nsw i32 %i, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  %i2 = add nsw i32 %i, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  br i1 %c, label %left, label %right
left:
  store float 1.0, ptr addrspace(1) %a1, align 4
  ret void
right:
  store float 2.0, ptr addrspace(1) %a2, align 4
  ret void
}

; An extern shared array seen past its declared size: both members read the
; constant `getelementptr inbounds (@dyn, 256)`, which may be poison (inbounds
; past [0 x i32]). Like a flag, it is not poison wherever the second member
; runs if an access through the first came before: the first stands for the
; class as it is, constant and all. Before, no member with such a constant
; could stand, and the base was expanded (a shift, an add and a GEP made, one
; more instruction than upstream's; random_cuda.py kernels that view dynamic
; shared memory at an offset). The @s class comes first and frees %w.
; CHECK-LABEL: @extern_constant_first(
; CHECK-NOT:     scevcgptmp_
; CHECK:         %scevcgp_1 = getelementptr i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 256), i64 %w
; CHECK-NEXT:    %v0 = load i32, ptr addrspace(3) %scevcgp_1
; CHECK-NEXT:    %scevcgp_1.d256 = getelementptr i8, ptr addrspace(3) %scevcgp_1, i64 256
; CHECK-NEXT:    %v1 = load i32, ptr addrspace(3) %scevcgp_1.d256
; REMARK: Delta proof for %p1 = {{.*}}: proved
define i32 @extern_constant_first() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext nneg i32 %t to i64
  %ps = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z
  %vs = load i32, ptr addrspace(3) %ps, align 4
  %w = zext i32 %t to i64
  %ps1 = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %w
  %vs1 = load i32, ptr addrspace(3) %ps1, align 4
  %t1 = add nuw i32 %t, 64
  %w1 = zext i32 %t1 to i64
  %p0 = getelementptr i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 256), i64 %w
  %v0 = load i32, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 256), i64 %w1
  %v1 = load i32, ptr addrspace(3) %p1, align 4
  %a = add i32 %vs, %v0
  %b = add i32 %a, %v1
  %c = add i32 %b, %vs1
  ret i32 %c
}

; The same members on two paths: neither comes first, and neither stands
; for the class with its constant.
; CHECK-LABEL: @extern_constant_apart(
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(3) @dyn, i64 %scevcgptmp_
; CHECK:       left:
; CHECK-NEXT:    load i32, ptr addrspace(3) %scevcgp_0
; CHECK:       right:
; CHECK-NEXT:    %scevcgp_0.d256 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 256
define i32 @extern_constant_apart(i1 %c) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = zext i32 %t to i64
  %t1 = add nuw i32 %t, 64
  %w1 = zext i32 %t1 to i64
  %p0 = getelementptr i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 256), i64 %w
  %p1 = getelementptr i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 256), i64 %w1
  br i1 %c, label %left, label %right
left:
  %v0 = load i32, ptr addrspace(3) %p0, align 4
  ret i32 %v0
right:
  %v1 = load i32, ptr addrspace(3) %p1, align 4
  ret i32 %v1
}

; The base is the member %b, reused as it is with its inbounds, and the
; first access goes through %b128, an address computed from %b (poison
; whenever %b is): that access vouches for %b as well as one through %b
; itself would, and the rewrite of %p64 off %b is proved. The proof knew
; only the accesses through the base's own member, left it unknown, and
; strict mode put it back (campaign 32, random kernel 70163: int *d =
; dyn + 512).
; CHECK-LABEL: @derived_access_first(
; CHECK:         %scevcgp_0.d256 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 256
; CHECK-NEXT:    %l1 = load i32, ptr addrspace(3) %scevcgp_0.d256, align 4
; REMARK: Delta proof for %p64 = {{.*}} = scevcgp_0 + 256: proved
define i32 @derived_access_first(i32 noundef %v) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %b = getelementptr inbounds i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 2048), i64 %tz
  %b128 = getelementptr inbounds i8, ptr addrspace(3) %b, i64 512
  store i32 %v, ptr addrspace(3) %b128, align 4
  %l0 = load i32, ptr addrspace(3) %b, align 4
  %t64 = add nuw nsw i32 %t, 64
  %t64z = zext nneg i32 %t64 to i64
  %p64 = getelementptr inbounds i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 2048), i64 %t64z
  %l1 = load i32, ptr addrspace(3) %p64, align 4
  %s = add i32 %l0, %l1
  ret i32 %s
}
