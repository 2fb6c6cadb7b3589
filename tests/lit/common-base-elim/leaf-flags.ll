; A member's computation is copied to stand for its class with its leaves
; (what the walk does not look into) reused as they are. A leaf is shared
; with the other members when ScalarEvolution reads it as an unknown, but it
; may also fold it away: (n +nsw 1) & 0 is 0 to it. The copy of %b then
; reads the add's nsw, poison for n = INT_MAX, where the other members do
; not: with %c false the input never computes %b's address and stores
; through a[i + 1] and a[i + 2] only. Off and report mode kept the rewrites
; (report mode with a refuted proof; campaign 33). A leaf with poison flags
; beneath it now stands only where every other member is poison whenever it
; is; here another member is the base, and every rewrite is proved.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @neg_flag_under_folded_leaf(
; CHECK-NOT:     %n1 = add nsw
; CHECK:         %scevcgp_0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
; CHECK:       t:
; CHECK-NEXT:    %scevcgp_0.dm4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 -4
; REMARK-NOT:  refuted
; REMARK:      Delta proof for %a2 = {{.*}}: proved
; REMARK-NOT:  refuted
define void @neg_flag_under_folded_leaf(ptr addrspace(1) noundef %p, i32 noundef %i, i32 noundef %n,
                                        i1 noundef %c) {
entry:
  %n1 = add nsw i32 %n, 1
  %z = and i32 %n1, 0
  %u = add i32 %i, %z
  %ue = sext i32 %u to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ue
  %i1 = add nsw i32 %i, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  store float 1.0, ptr addrspace(1) %a1, align 4
  %i2 = add nsw i32 %i, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  store float 2.0, ptr addrspace(1) %a2, align 4
  br i1 %c, label %t, label %e
t:
  store float 3.0, ptr addrspace(1) %b, align 4
  br label %e
e:
  ret void
}

; The same with what a flag check does not see: a phi of one value whose
; value is an add nsw (the phi LLVM leaves after a loop), and a shift by an
; amount that may reach the width, poison without a flag, under and ... 0
; (campaign 34). Neither copy may stand for the class. For the phi,
; SCEVExpander reuses the same address instead and drops the nsw it would
; inherit, which makes it as defined as the others; the copy had kept it. In
; strict mode the linear forms had also proved the shift's rewrites (x * 0
; drops x, and its poison): the solver refutes them now, and they go back.
; CHECK-LABEL: @neg_phi_leaf(
; CHECK:         %n1 = add i64 %n, 1
; CHECK:         %scevcgp_0 = getelementptr float, ptr addrspace(1) %p, i64 %ph
; REMARK-NOT:  refuted
define void @neg_phi_leaf(ptr addrspace(1) noundef %p, i64 noundef %n, i1 noundef %c) {
entry:
  %n1 = add nsw i64 %n, 1
  br label %m
m:
  %ph = phi i64 [ %n1, %entry ]
  %b = getelementptr float, ptr addrspace(1) %p, i64 %ph
  %w = add i64 %n, 1
  %w1 = add i64 %w, 1
  %a1 = getelementptr float, ptr addrspace(1) %p, i64 %w1
  store float 1.0, ptr addrspace(1) %a1, align 4
  %w2 = add i64 %w, 2
  %a2 = getelementptr float, ptr addrspace(1) %p, i64 %w2
  store float 2.0, ptr addrspace(1) %a2, align 4
  br i1 %c, label %t, label %e
t:
  store float 3.0, ptr addrspace(1) %b, align 4
  br label %e
e:
  ret void
}

; CHECK-LABEL: @neg_shift_leaf(
; CHECK-NOT:     getelementptr {{.*}} %ue
; CHECK:       t:
; CHECK-NEXT:    store float 3.000000e+00, ptr addrspace(1) %scevcgp_0,
; REMARK-NOT:  refuted
define void @neg_shift_leaf(ptr addrspace(1) noundef %p, i32 noundef %i, i32 noundef %n, i1 noundef %c) {
entry:
  %sh = lshr i32 %i, %n
  %z = mul i32 %sh, 0
  %u = add i32 %i, %z
  %ue = sext i32 %u to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ue
  %i1 = add nsw i32 %i, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  store float 1.0, ptr addrspace(1) %a1, align 4
  %i2 = add nsw i32 %i, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  store float 2.0, ptr addrspace(1) %a2, align 4
  br i1 %c, label %t, label %e
t:
  store float 3.0, ptr addrspace(1) %b, align 4
  br label %e
e:
  ret void
}

; A shift by the width or more is poison without any flag, and
; ScalarEvolution cancels it as an opaque value: ((x << 64) + t) - (x << 64)
; is t to it. The walk took the shift for a multiplication and went on past
; it, so %p1 stood for its class as it is (an anchor that costs no more than
; the expansion) and g[t + 16] on the other path became %p1 + 16: poison for
; every x where the input is defined (off and report modes; report mode even
; printed the refutation; campaign 39). A shift by a constant of the width or
; more is now a leaf, and one that may make poison: no member through it
; stands for the others. %p1, poison in the input, may become anything
; (index reuse makes it g + t).
; CHECK-LABEL: @neg_wide_shift(
; CHECK-NOT:     shl i64 %x, 64
; CHECK:       R:
; CHECK-NEXT:    getelementptr i8, ptr addrspace(1) %scevcgp_idx, i64 16
; REMARK-NOT:  refuted
define void @neg_wide_shift(ptr addrspace(1) noundef %g, i64 noundef %x, i64 noundef %t, i1 noundef %c,
                            ptr addrspace(1) noundef %o) {
entry:
  %u = shl i64 %x, 64
  %a = add i64 %u, %t
  %b = sub i64 %a, %u
  %p1 = getelementptr i8, ptr addrspace(1) %g, i64 %b
  store ptr addrspace(1) %p1, ptr addrspace(1) %o, align 8
  br i1 %c, label %L, label %R
L:
  store i32 1, ptr addrspace(1) %p1, align 4
  br label %X
R:
  %i2 = add i64 %t, 16
  %p2 = getelementptr i8, ptr addrspace(1) %g, i64 %i2
  store i32 2, ptr addrspace(1) %p2, align 4
  br label %X
X:
  ret void
}
