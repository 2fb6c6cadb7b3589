; An input the delta proof reads may be poison (a phi of poison, an argument
; without noundef) or undef (each use another value). Here a[i+1] (%m) is
; one class with %b = a[(i + L) - L], which is a[i] only where L is neither:
; the rewrite of %m off %b was "proved" and kept by strict mode. Now it is
; unknown where L is an argument without noundef (it may be poison where
; a[i+1] is not, or read twice as undef), and strict mode puts it back.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=report>' %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; %L is poison on the path through %A, where the original reads it only in
; the arm of a select it does not pick. ScalarEvolution takes the phi for %x,
; so %b's computation is not copied for the base (readsRefinedValue): the
; base is expanded from %i, and the rewrite of %m is proved.
; CHECK-LABEL: @phi_of_poison(
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(1) %p, i64 %scevcgptmp_1
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0.d4
; REMARK: Delta proof for %m = {{.*}}: proved
define ptx_kernel void @phi_of_poison(ptr addrspace(1) noundef %p, i32 noundef %i, i32 noundef %x, i1 noundef %cond) {
entry:
  br i1 %cond, label %A, label %B
A:
  br label %J
B:
  br label %J
J:
  %L = phi i32 [ poison, %A ], [ %x, %B ]
  %si = sext i32 %i to i64
  %sl = sext i32 %L to i64
  %t = add i64 %si, %sl
  %u = sub i64 %t, %sl
  %b = getelementptr float, ptr addrspace(1) %p, i64 %u
  %i1 = add nsw i32 %i, 1
  %s1 = sext i32 %i1 to i64
  %z = select i1 %cond, i64 0, i64 %sl
  %zz = mul i64 %z, 0
  %s1z = add i64 %s1, %zz
  %m = getelementptr float, ptr addrspace(1) %p, i64 %s1z
  store float 1.0, ptr addrspace(1) %m, align 4
  br i1 %cond, label %exit, label %then
then:
  store float 0.0, ptr addrspace(1) %b, align 4
  br label %exit
exit:
  ret void
}

; A device function's argument without noundef: its caller may pass poison
; or undef.
; Without proofs too (ScalarEvolution sees no poison): put back. Index reuse
; then rebuilds %m off the object, p + 4 * %si + 4, which reads no %c.
; CHECK-LABEL: @device_argument(
; CHECK:         %scevcgp_idx = getelementptr float, ptr addrspace(1) %p, i64 %si
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr addrspace(1) %scevcgp_idx, i64 4
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_off
; OFF-LABEL:   @device_argument(
; OFF:           %scevcgp_idx = getelementptr float, ptr addrspace(1) %p, i64 %si
; OFF-NEXT:      %scevcgp_off = getelementptr i8, ptr addrspace(1) %scevcgp_idx, i64 4
; OFF-NEXT:      store float 1.000000e+00, ptr addrspace(1) %scevcgp_off
; REMARK: Delta proof for %m = {{.*}}: unknown (the rewritten address uses %c, which may be poison where the original is not)
define void @device_argument(ptr addrspace(1) noundef %p, i32 noundef %i, i32 %c, i1 noundef %cond) {
entry:
  %si = sext i32 %i to i64
  %sc = sext i32 %c to i64
  %t = add i64 %si, %sc
  %u = sub i64 %t, %sc
  %b = getelementptr float, ptr addrspace(1) %p, i64 %u
  %i1 = add nsw i32 %i, 1
  %s1 = sext i32 %i1 to i64
  %m = getelementptr float, ptr addrspace(1) %p, i64 %s1
  store float 1.0, ptr addrspace(1) %m, align 4
  br i1 %cond, label %then, label %exit
then:
  store float 0.0, ptr addrspace(1) %b, align 4
  br label %exit
exit:
  ret void
}

; The same with noundef (as clang makes a CUDA function's arguments): the
; rewrite is proved and stays.
; CHECK-LABEL: @device_argument_noundef(
; CHECK:         %scevcgp_0 = getelementptr float, ptr addrspace(1) %p, i64 %u
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0.d4
; REMARK: Delta proof for %m = {{.*}}: proved
define void @device_argument_noundef(ptr addrspace(1) noundef %p, i32 noundef %i, i32 noundef %c, i1 noundef %cond) {
entry:
  %si = sext i32 %i to i64
  %sc = sext i32 %c to i64
  %t = add i64 %si, %sc
  %u = sub i64 %t, %sc
  %b = getelementptr float, ptr addrspace(1) %p, i64 %u
  %i1 = add nsw i32 %i, 1
  %s1 = sext i32 %i1 to i64
  %m = getelementptr float, ptr addrspace(1) %p, i64 %s1
  store float 1.0, ptr addrspace(1) %m, align 4
  br i1 %cond, label %then, label %exit
then:
  store float 0.0, ptr addrspace(1) %b, align 4
  br label %exit
exit:
  ret void
}

; An uninitialized load is undef, and each use of %z may be another value:
; %a = p + (z + z) reads it twice, a[2z+1] once (always odd). Built off %a,
; the second store could land on an even byte. ScalarEvolution reads both
; as 2z; the rewrite is put back without proofs too (campaign AL3). Index
; reuse then rebuilds %a off the object as p + 2 * z, reading z once (even,
; one of the values z + z may take), and %b as that plus 1.
; CHECK-LABEL: @undef_read_twice(
; CHECK:         %scevcgp_idx = getelementptr [2 x i8], ptr addrspace(1) %p, i64 %z
; CHECK-NEXT:    store i8 1, ptr addrspace(1) %scevcgp_idx
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr addrspace(1) %scevcgp_idx, i64 1
; CHECK-NEXT:    store i8 2, ptr addrspace(1) %scevcgp_off
; OFF-LABEL:   @undef_read_twice(
; OFF:           %scevcgp_idx = getelementptr [2 x i8], ptr addrspace(1) %p, i64 %z
; OFF:           %scevcgp_off = getelementptr i8, ptr addrspace(1) %scevcgp_idx, i64 1
; OFF-NEXT:      store i8 2, ptr addrspace(1) %scevcgp_off
; REMARK: Delta proof for %b = {{.*}}: unknown (the rewritten address uses %n more than once, and it may be undef (each use may read another value))
define ptx_kernel void @undef_read_twice(ptr addrspace(1) noundef %p) {
entry:
  %slot = alloca i32, align 4
  %n = load i32, ptr %slot, align 4
  %m = and i32 %n, 7
  %z = zext i32 %m to i64
  %two = add i64 %z, %z
  %a = getelementptr i8, ptr addrspace(1) %p, i64 %two
  store i8 1, ptr addrspace(1) %a, align 1
  %d = shl i64 %z, 1
  %d1 = add i64 %d, 1
  %b = getelementptr i8, ptr addrspace(1) %p, i64 %d1
  store i8 2, ptr addrspace(1) %b, align 1
  ret void
}

; Index reuse: a[8i] as a[4i] + 4 * sext(i) reads %i twice, which may be
; undef without noundef (campaign AL4): put back in every mode. (Both
; addresses are off a + k, so that none can be rebuilt off an object.)
; OFF-LABEL:   @index_reuse_undef(
; OFF:           store i32 1, ptr %p
define ptx_kernel void @index_reuse_undef(ptr noundef %a, i32 %i, i64 noundef %k) {
  %b = getelementptr i8, ptr %a, i64 %k
  %e = sext i32 %i to i64
  %q = getelementptr i32, ptr %b, i64 %e
  store i32 0, ptr %q, align 4
  %e2 = sext i32 %i to i64
  %m = shl i64 %e2, 3
  %p = getelementptr i8, ptr %b, i64 %m
  store i32 1, ptr %p, align 4
  ret void
}

; udiv exact %x, 4 and lshr %x, 2 have one SCEV; a copy of a[%u1] reused
; the leaf with its flag, poison for the other member where x % 4 != 0
; (campaign AL4). The expander's base drops the flag.
; OFF-LABEL:   @exact_leaf(
; OFF-NOT:       exact
; OFF:           ret void
define ptx_kernel void @exact_leaf(ptr noundef %a, i64 noundef %x, i1 noundef %c) {
entry:
  %u1 = udiv exact i64 %x, 4
  %u2 = lshr i64 %x, 2
  br i1 %c, label %A, label %B
A:
  %p1 = getelementptr i8, ptr %a, i64 %u1
  store i32 1, ptr %p1, align 4
  br label %exit
B:
  %t = add i64 %u2, 4
  %p2 = getelementptr i8, ptr %a, i64 %t
  store i32 2, ptr %p2, align 4
  br label %exit
exit:
  ret void
}

; The same through a freeze: %f is one value, never poison nor undef,
; however %i may be. The check walked through the freeze to %i and put the
; proved rewrite back (campaign BU).
; CHECK-LABEL: @index_reuse_frozen(
; CHECK:         %scevcgp_idx = getelementptr [4 x i8], ptr %q, i64 %e2
; CHECK-NEXT:    store i32 1, ptr %scevcgp_idx
; OFF-LABEL:   @index_reuse_frozen(
; OFF:           %scevcgp_idx = getelementptr [4 x i8], ptr %q, i64 %e2
; REMARK: Delta proof for %p = getelementptr i8, ptr %b, i64 %m = %q + 4 * sext(%f): proved
define ptx_kernel void @index_reuse_frozen(ptr noundef %a, i32 %i, i64 noundef %k) {
  %b = getelementptr i8, ptr %a, i64 %k
  %f = freeze i32 %i
  %e = sext i32 %f to i64
  %q = getelementptr i32, ptr %b, i64 %e
  store i32 0, ptr %q, align 4
  %e2 = sext i32 %f to i64
  %m = shl i64 %e2, 3
  %p = getelementptr i8, ptr %b, i64 %m
  store i32 1, ptr %p, align 4
  ret void
}

; A member built on another member: a[i+1] + 4 is computed from a[i+1].
; The base, a copy of %b, reads %n, which may be poison, and nothing before
; the stores vouches for it: a[i+1]'s rewrite is put back. The check of the
; second member read its computation as the merge had rewired it (off the
; first one's rewrite, so off the base, so through %n), and kept it in off
; and report modes (campaign 33). It is checked again once the first is put
; back, and goes back too.
; CHECK-LABEL: @rewired_member(
; CHECK:         %a2 = getelementptr inbounds i8, ptr addrspace(1) %a1, i64 4
; CHECK-NEXT:    store float 2.000000e+00, ptr addrspace(1) %a2
; OFF-LABEL:   @rewired_member(
; OFF:           %a2 = getelementptr inbounds i8, ptr addrspace(1) %a1, i64 4
; OFF-NEXT:      store float 2.000000e+00, ptr addrspace(1) %a2
define ptx_kernel void @rewired_member(ptr addrspace(1) noundef %p, i32 noundef %i, i32 %n, i1 noundef %c) {
entry:
  %z = and i32 %n, 0
  %u = add i32 %i, %z
  %ue = sext i32 %u to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ue
  %i1 = add nsw i32 %i, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  store float 1.0, ptr addrspace(1) %a1, align 4
  %a2 = getelementptr inbounds i8, ptr addrspace(1) %a1, i64 4
  store float 2.0, ptr addrspace(1) %a2, align 4
  br i1 %c, label %t, label %e
t:
  store float 3.0, ptr addrspace(1) %b, align 4
  br label %e
e:
  ret void
}
