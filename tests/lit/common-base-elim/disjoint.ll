; A disjoint `or` is an add only by its flag. Here a[x|1] (or disjoint) and
; a[x+1] (add nuw) are one class, but a copy of a[x|1] without its flag
; computes x|1, which is x for odd x, where a[x+1] is well defined: neither
; address may be copied to serve the other (both splits rely on IR flags),
; so the base is expanded from the SCEV, and both delta proofs hold.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @odd(
; CHECK:       entry:
; CHECK-NOT:     or i32
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(1) %a,
; CHECK:       left:
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0
; CHECK:       right:
; CHECK-NEXT:    store float 2.000000e+00, ptr addrspace(1) %scevcgp_0
define void @odd(ptr addrspace(1) %a, i32 %x, i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  %o = or disjoint i32 %x, 1
  %oz = zext i32 %o to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %oz
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %done
right:
  %s = add nuw i32 %x, 1
  %sz = zext i32 %s to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %sz
  store float 2.0, ptr addrspace(1) %q, align 4
  br label %done
done:
  ret void
}
; REMARK: Delta proof for %p = {{.*}}: proved
; REMARK: Delta proof for %q = {{.*}}: proved

; The disjoint or under a product, which the split takes for a leaf. LLVM's
; ScalarEvolution reads it as an add nuw nsw and writes those flags onto the
; expression x + y, which the plain add %s shares, so a[(x|y)*z] and
; a[(x+y)*z+1] were one class; a copy of the first without its flag would
; compute (x|y)*z, not (x+y)*z, and the base had to be the second address.
; The pass's own ScalarEvolution reads no IR flags (core/FlaglessScalarEvolution):
; x|y is an opaque value there, and the two addresses are no longer one
; class. Nothing merges (an imprecision), and the disjoint or stays.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s --check-prefix=LEAF
; LEAF-LABEL: @under_a_leaf(
; LEAF:         %o = or disjoint i64 %x, %y
; LEAF-NOT:     scevcgp
; LEAF:         ret void
define void @under_a_leaf(ptr addrspace(1) %a, i64 %x, i64 %y, i64 %z, i1 %c) {
entry:
  %o = or disjoint i64 %x, %y
  %m1 = mul i64 %o, %z
  %g0 = getelementptr float, ptr addrspace(1) %a, i64 %m1
  %s = add i64 %x, %y
  %m2 = mul i64 %s, %z
  %m2p = add i64 %m2, 1
  %g1 = getelementptr float, ptr addrspace(1) %a, i64 %m2p
  store float 1.0, ptr addrspace(1) %g1, align 4
  br i1 %c, label %then, label %exit
then:
  store float 0.0, ptr addrspace(1) %g0, align 4
  br label %exit
exit:
  ret void
}

; A disjoint or whose operands' known bits alone show them disjoint: (4t +
; 64) & 252 has its two low bits clear, so | 3 and | 2 are adds with or
; without the flag, which then makes no poison. The address accessed first
; stands for its class as it is, and the other is it minus 4 bytes (one GEP
; for three instructions; the expansion of (t + 16) mod 64 costs six).
; Before, any disjoint or kept a member from standing (random_53016.cu of
; the 2D random kernels; upstream's straight-line passes reach the same).
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s --check-prefix=BITS
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s --check-prefix=BITS
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks-analysis=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BITSPROOF
; BITS-LABEL: @disjoint_by_bits(
; BITS:         %o3 = or disjoint i32 %m, 3
; BITS-NEXT:    %z3 = zext nneg i32 %o3 to i64
; BITS-NEXT:    %scevcgp_0 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %z3
; BITS-NEXT:    store i32 %v, ptr addrspace(1) %scevcgp_0, align 4
; BITS-NEXT:    %scevcgp_0.dm4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 -4
; BITS-NEXT:    store i32 %v, ptr addrspace(1) %scevcgp_0.dm4, align 4
; BITS-NEXT:    ret void
; BITSPROOF: Delta proof for %p2 = {{.*}} = scevcgp_0 + -4: proved
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @disjoint_by_bits(ptr addrspace(1) noundef %g, i32 noundef %v) {
  %t = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = shl nuw nsw i32 %t, 2
  %s64 = add nuw nsw i32 %s, 64
  %m = and i32 %s64, 252
  %o3 = or disjoint i32 %m, 3
  %z3 = zext nneg i32 %o3 to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %z3
  store i32 %v, ptr addrspace(1) %p3, align 4
  %o2 = or disjoint i32 %m, 2
  %z2 = zext nneg i32 %o2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %z2
  store i32 %v, ptr addrspace(1) %p2, align 4
  ret void
}
