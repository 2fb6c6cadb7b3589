; Which member stands for its class. s[t + 64] is accessed first, so it
; could stand as it is, but it would keep its own index, zext(t + 64), alive
; for itself: out[t + 64], the index's other user, becomes a delta of out[t]
; in the same round. A copy of s[t]'s address off the zext(t) that exists
; costs one GEP and lets both go (upstream's straight-line passes reach the
; same, splitting the constant off each index). Before, a member that stood
; as it is always won (random_cuda.py kernels with a first access at
; t + 64 were behind upstream). Where the member's index is its own and
; lives on anyway (out[t + 64] keeps reading it below), it still stands.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x i32], align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: @index_freed(
; CHECK-NOT:     add nuw nsw i32 %t, 64
; CHECK:         %scevcgp_0 = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z
; CHECK-NEXT:    %scevcgp_0.d256 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 256
; CHECK-NEXT:    %old = atomicrmw add ptr addrspace(3) %scevcgp_0.d256
; CHECK-NOT:     %t64
; CHECK:         ret void
; REMARK: Merged 3 addresses (3 memory operations) into base scevcgp_0 at the common dominator %0: 3 instructions removed, 3 created
; REMARK: Merged 3 addresses (3 memory operations) into base scevcgp_1 at the common dominator %0: 6 instructions removed, 2 created
define void @index_freed(ptr addrspace(1) %out) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext nneg i32 %t to i64
  %t64 = add nuw nsw i32 %t, 64
  %z64 = zext nneg i32 %t64 to i64
  %p64 = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z64
  %old = atomicrmw add ptr addrspace(3) %p64, i32 1 monotonic, align 4
  call void @llvm.nvvm.barrier0()
  %p0 = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z
  %v0 = load i32, ptr addrspace(3) %p0, align 4
  %t128 = add nuw nsw i32 %t, 128
  %z128 = zext nneg i32 %t128 to i64
  %p128 = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z128
  %v128 = load i32, ptr addrspace(3) %p128, align 4
  %o0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %z
  store i32 %v0, ptr addrspace(1) %o0, align 4
  %o64 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %z64
  store i32 %old, ptr addrspace(1) %o64, align 4
  %o128 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %z128
  store i32 %v128, ptr addrspace(1) %o128, align 4
  ret void
}

; The same, but the index of t + 64 is also stored as a value: it lives on,
; and s[t + 64] as it is costs no more than the copy of s[t]. On such a tie
; the anchor wins (the address other accesses are likeliest to share; s[t +
; 64] stood as it is before, for the same count; random_52068.cu, where the
; anchor's copy let index reuse free t + 64 for another class, was behind
; upstream for it).
; CHECK-LABEL: @index_kept(
; CHECK:         %t64 = add nuw nsw i32 %t, 64
; CHECK-NEXT:    %z64 = zext nneg i32 %t64 to i64
; CHECK-NEXT:    %scevcgp_0 = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z
; CHECK-NEXT:    %scevcgp_0.d256 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 256
; CHECK-NEXT:    %old = atomicrmw add ptr addrspace(3) %scevcgp_0.d256
define void @index_kept(ptr addrspace(1) %out, ptr addrspace(1) %idx) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext nneg i32 %t to i64
  %t64 = add nuw nsw i32 %t, 64
  %z64 = zext nneg i32 %t64 to i64
  %p64 = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z64
  %old = atomicrmw add ptr addrspace(3) %p64, i32 1 monotonic, align 4
  call void @llvm.nvvm.barrier0()
  %p0 = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z
  %v0 = load i32, ptr addrspace(3) %p0, align 4
  %t128 = add nuw nsw i32 %t, 128
  %z128 = zext nneg i32 %t128 to i64
  %p128 = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z128
  %v128 = load i32, ptr addrspace(3) %p128, align 4
  %sum = add i32 %v0, %v128
  %o0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %z
  store i32 %sum, ptr addrspace(1) %o0, align 4
  store i64 %z64, ptr addrspace(1) %idx, align 8
  store i32 %old, ptr addrspace(1) %out, align 4
  ret void
}

; A member as it is costs what only it keeps alive and its own address,
; which the expansion's base would replace. The byte at s[t] + 3, accessed
; first, keeps t * 4 | 3 and its zext alive (3 with its GEP); the anchor's
; expansion, zext(t) and a GEP, costs 2: it wins. (A member as it is used
; to win over any expansion; it seldom could while a disjoint or kept it
; from standing (disjoint.ll). With the or admitted and no cost rule, the
; byte's address became the base here and in random_53049.cu, where the
; merge then removed 4 instructions and made 4, against 8 and 7.)
; CHECK-LABEL: @expansion_cheaper(
; CHECK:         %scevcgptmp_ = zext i32 %t to i64
; CHECK-NEXT:    %scevcgp_0 = getelementptr i32, ptr addrspace(3) @s, i64 %scevcgptmp_
; CHECK-NEXT:    %scevcgp_0.d3 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 3
; CHECK-NEXT:    store i8 %b, ptr addrspace(3) %scevcgp_0.d3, align 1
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) %scevcgp_0, align 4
define void @expansion_cheaper(i8 noundef %b, i32 noundef %v) {
  %t = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t4 = shl nuw nsw i32 %t, 2
  %o3 = or disjoint i32 %t4, 3
  %z3 = zext nneg i32 %o3 to i64
  %pb = getelementptr inbounds i8, ptr addrspace(3) @s, i64 %z3
  store i8 %b, ptr addrspace(3) %pb, align 1
  %tz = zext nneg i32 %t to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(3) @s, i64 %tz
  store i32 %v, ptr addrspace(3) %p0, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(3) %p0, i64 256
  store i32 %v, ptr addrspace(3) %p1, align 4
  ret void
}

; The same off dyn + 2048 (random_52145.cu): the expansion (zext, shl, add,
; GEP) costs as much as the byte's address as it is. On a tie the anchor's
; expansion wins over a member away from it: dyn + 2048 + 4t is the address
; the other accesses are at, t * 4 | 3 only the byte's (PTX: 3 integer
; instructions fewer in that kernel).
; CHECK-LABEL: @tie_goes_to_anchor(
; CHECK-NOT:     or disjoint
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(3) @dyn, i64 %scevcgptmp_2
; CHECK-NEXT:    %scevcgp_0.d3 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 3
; REMARK: Merged 3 addresses (3 memory operations) into base scevcgp_0 at the common dominator %0: 10 instructions removed, 6 created
define void @tie_goes_to_anchor(i8 noundef %b, i32 noundef %v) {
  %t = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t4 = shl nuw nsw i32 %t, 2
  %o3 = or disjoint i32 %t4, 3
  %z3 = zext nneg i32 %o3 to i64
  %pb = getelementptr inbounds i8, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 2048), i64 %z3
  store i8 %b, ptr addrspace(3) %pb, align 1
  %t64 = add nuw nsw i32 %t, 64
  %tz = zext nneg i32 %t64 to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 1792), i64 %tz
  store i32 %v, ptr addrspace(3) %p0, align 4
  %t128 = add nuw nsw i32 %t, 128
  %tz2 = zext nneg i32 %t128 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @dyn, i64 1792), i64 %tz2
  store i32 %v, ptr addrspace(3) %p1, align 4
  ret void
}
