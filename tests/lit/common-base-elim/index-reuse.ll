; Index reuse: an address that is a dominating, already accessed address of
; the same base plus a scaled value becomes a GEP off that address
; (scevcgp_idx), the value extended as the original extended it. Every rewrite
; is proved in strict mode (the reused address is assumed defined: an access
; through it came first); the IR stays verifier-clean. Cases that must stay:
; the reused address not accessed on every path before, a rewrite that would
; not pay, and the knob off.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -passes='common-base-elim' -cbe-index-reuse=false %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x float] undef, align 4
@d = internal addrspace(3) global [512 x i32] undef, align 4
@b2 = internal addrspace(3) global [2 x [128 x float]] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; The tree reduction's s[t + stride] off s[t]: add, zext and GEP give way to
; a zext of the stride and a GEP.
; CHECK-LABEL: @pos_tree_step(
; CHECK:         %st = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %tz
; CHECK:       step:
; CHECK-NEXT:    %stride = phi i32
; CHECK-NEXT:    %scevcgptmp_ = zext i32 %stride to i64
; CHECK:         %scevcgp_idx = getelementptr float, ptr addrspace(3) %st, i64 %scevcgptmp_
; CHECK-NEXT:    %far = load float, ptr addrspace(3) %scevcgp_idx
; CHECK-NOT:     %j =
; OFF-LABEL: @pos_tree_step(
; OFF:           %j = add nuw nsw i32 %t, %stride
define void @pos_tree_step(i32 %n) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  br label %step
step:
  %stride = phi i32 [ 128, %entry ], [ %half, %step ]
  %j = add nuw nsw i32 %t, %stride
  %jz = zext nneg i32 %j to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz
  %far = load float, ptr addrspace(3) %p, align 4
  %near = load float, ptr addrspace(3) %st, align 4
  %sum = fadd float %far, %near
  store float %sum, ptr addrspace(3) %st, align 4
  call void @llvm.nvvm.barrier0()
  %half = lshr i32 %stride, 1
  %more = icmp ugt i32 %stride, 1
  br i1 %more, label %step, label %done
done:
  ret void
}
; REMARK: Delta proof for %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz = %st + 4 * zext(%stride): proved
; REMARK: Rewrote %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz as %st + 4 * zext(%stride): 3 instructions removed, 2 created

; The Blelloch scan's two addresses, d*(2t+1)-1 and d*(2t+2)-1: products
; multiplied out, they are d apart, sign-extended as the original extends.
; CHECK-LABEL: @pos_scan_pair(
; CHECK:         %ai = getelementptr inbounds [512 x i32], ptr addrspace(3) @d, i64 0, i64 %as
; CHECK-NEXT:    %va = load i32, ptr addrspace(3) %ai
; CHECK:         %scevcgp_idx = getelementptr i32, ptr addrspace(3) %ai, i64 %scevcgptmp_
; CHECK-NOT:     %bm =
; CHECK:         ret void
define void @pos_scan_pair(i32 noundef %dd) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t2 = shl nuw nsw i32 %t, 1
  %o1 = or disjoint i32 %t2, 1
  %o2 = add nuw nsw i32 %t2, 2
  %am = mul nsw i32 %dd, %o1
  %a1 = add nsw i32 %am, -1
  %as = sext i32 %a1 to i64
  %ai = getelementptr inbounds [512 x i32], ptr addrspace(3) @d, i64 0, i64 %as
  %va = load i32, ptr addrspace(3) %ai, align 4
  %bm = mul nsw i32 %dd, %o2
  %b1 = add nsw i32 %bm, -1
  %bs = sext i32 %b1 to i64
  %bi = getelementptr inbounds [512 x i32], ptr addrspace(3) @d, i64 0, i64 %bs
  %vb = load i32, ptr addrspace(3) %bi, align 4
  %sum = add i32 %va, %vb
  store i32 %sum, ptr addrspace(3) %bi, align 4
  ret void
}
; REMARK: Delta proof for %bi = {{.*}} = %ai + 4 * sext(%dd): proved
; REMARK: Rewrote %bi = {{.*}} as %ai + 4 * sext(%dd): 5 instructions removed, 2 created

; a[t + n] and b[t + n] off a[t] and b[t] share one zext of n: alone
; neither pays (the first frees only its GEP), together they do.
; CHECK-LABEL: @pos_shared_extension(
; CHECK:         %scevcgptmp_ = zext i32 %n to i64
; CHECK:         %scevcgp_idx = getelementptr float, ptr addrspace(1) %at, i64 %scevcgptmp_
; CHECK:         %scevcgp_idx1 = getelementptr float, ptr addrspace(1) %bt, i64 %scevcgptmp_
; CHECK-NOT:     %k =
define void @pos_shared_extension(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i32 %n) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %at = getelementptr inbounds float, ptr addrspace(1) %a, i64 %tz
  %va = load float, ptr addrspace(1) %at, align 4
  %bt = getelementptr inbounds float, ptr addrspace(1) %b, i64 %tz
  store float %va, ptr addrspace(1) %bt, align 4
  %k = add nuw nsw i32 %t, %n
  %kz = zext nneg i32 %k to i64
  %ak = getelementptr inbounds float, ptr addrspace(1) %a, i64 %kz
  %vk = load float, ptr addrspace(1) %ak, align 4
  %bk = getelementptr inbounds float, ptr addrspace(1) %b, i64 %kz
  store float %vk, ptr addrspace(1) %bk, align 4
  ret void
}

; REMARK: Rewrote %ak = {{.*}} as %at + 4 * zext(%n): 1 instructions removed, 2 created
; REMARK: Rewrote %bk = {{.*}} as %bt + 4 * zext(%n): 3 instructions removed, 1 created
; REMARK-NOT: Rewrote

; The same pair, where strict mode would put one back: B[i + n] off %pB,
; which the delta proof does not relate to i (it equals B + 4i in every
; iteration, but the loop moves it in two steps of 2 bytes, which the proof
; does not read as a recurrence: a gap). Alone, A[i + n] off A[i] frees one
; instruction for two: neither is rewritten.
; Before, the bundle was applied in order, and A[i + n]'s rewrite stayed
; when B[i + n]'s was put back.
; CHECK-LABEL: @neg_bundle_member_put_back(
; CHECK-NOT:     scevcgp
; CHECK:         ret void
; Report mode keeps both (an unknown proof stays there):
; REMARK: Rewrote %p1 = {{.*}} as %q1 + 4 * zext(%n): 1 instructions removed, 2 created
; REMARK: Delta proof for %p2 = {{.*}}: unknown
; REMARK: Rewrote %p2 = {{.*}} as %pB + 4 * zext(%n): 3 instructions removed, 1 created
define void @neg_bundle_member_put_back(ptr noundef %A, ptr noundef %B, i32 noundef %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pB = phi ptr [ %B, %entry ], [ %pBn, %loop ]
  %ie = zext nneg i32 %i to i64
  %q1 = getelementptr inbounds i32, ptr %A, i64 %ie
  store i32 1, ptr %q1, align 4
  store i32 2, ptr %pB, align 4
  %in = add nuw nsw i32 %i, %n
  %ine = zext nneg i32 %in to i64
  %p2 = getelementptr inbounds i32, ptr %B, i64 %ine
  store i32 4, ptr %p2, align 4
  %p1 = getelementptr inbounds i32, ptr %A, i64 %ine
  store i32 3, ptr %p1, align 4
  %pBh = getelementptr inbounds i8, ptr %pB, i64 2
  %pBn = getelementptr inbounds i8, ptr %pBh, i64 2
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i1, 100
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; s[t] is accessed only on one path: its flags (inbounds, nneg) are not
; known to hold where s[t + n] is used, so it is not reused.
; CHECK-LABEL: @neg_reused_not_accessed_first(
; CHECK:       after:
; CHECK-NEXT:    %j = add nuw nsw i32 %t, %n
; CHECK-NOT:     scevcgp_idx
define void @neg_reused_not_accessed_first(i32 %n, i1 %c) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  br i1 %c, label %write, label %after
write:
  store float 1.0, ptr addrspace(3) %st, align 4
  br label %after
after:
  %j = add nuw nsw i32 %t, %n
  %jz = zext nneg i32 %j to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz
  store float 2.0, ptr addrspace(3) %p, align 4
  ret void
}

; The index computation of s[t + n] is also stored: only the GEP would go,
; for a new zext and GEP. Not rewritten.
; CHECK-LABEL: @neg_would_not_pay(
; CHECK:         %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz
; CHECK-NOT:     scevcgp_idx
define void @neg_would_not_pay(i32 %n, ptr addrspace(1) %out) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  %j = add nuw nsw i32 %t, %n
  %jz = zext nneg i32 %j to i64
  store i64 %jz, ptr addrspace(1) %out, align 8
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz
  store float 2.0, ptr addrspace(3) %p, align 4
  ret void
}

; The row of a double buffer, buf[(k + 1) & 1][t] off buf[0][t]: the GEP and
; the zext of the row would go, but the row's value lives on as the index,
; extended anew (zext and GEP for zext and GEP). Not rewritten: the count once
; took the row's `and` for dead with its only user (double_buffer_tiles.cu).
; CHECK-LABEL: @neg_index_lives_on(
; CHECK:         %p = getelementptr inbounds [2 x [128 x float]], ptr addrspace(3) @b2, i64 0, i64 %rz, i64 %tz
; CHECK-NOT:     scevcgp_idx
define void @neg_index_lives_on(i32 %k) {
entry:
  %t = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [128 x float], ptr addrspace(3) @b2, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  %k1 = add nuw nsw i32 %k, 1
  %row = and i32 %k1, 1
  %rz = zext nneg i32 %row to i64
  %p = getelementptr inbounds [2 x [128 x float]], ptr addrspace(3) @b2, i64 0, i64 %rz, i64 %tz
  store float 2.0, ptr addrspace(3) %p, align 4
  ret void
}

; The next tile of a double buffer's load, in[(k + 1) * 128 + t] off in[t]:
; the sum and the shift do not wrap (their flags), so the distance is
; 512 * sext(k + 1), a value inside the address's own computation. Upstream's
; separate-const-offset-from-gep reaches 4 * sext((k + 1) << 7) from the same
; flags; the index that frees the shift too is taken (double_buffer_tiles.cu).
; CHECK-LABEL: @pos_index_inside_sum(
; CHECK:         %scevcgptmp_ = sext i32 %k1 to i64
; CHECK-NEXT:    %scevcgp_idx = getelementptr [512 x i8], ptr addrspace(1) %q, i64 %scevcgptmp_
; CHECK-NOT:     %sh =
; REMARK: Rewrote %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %jz as %q + 512 * sext(%k1): 4 instructions removed, 2 created
define void @pos_index_inside_sum(ptr addrspace(1) noalias %in, i32 %k) {
entry:
  %t = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %in, i64 %tz
  %v0 = load float, ptr addrspace(1) %q, align 4
  %k1 = add nuw nsw i32 %k, 1
  %sh = shl nsw i32 %k1, 7
  %j = add nuw nsw i32 %sh, %t
  %jz = zext nneg i32 %j to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %jz
  %v1 = load float, ptr addrspace(1) %p, align 4
  %sum = fadd float %v0, %v1
  store float %sum, ptr addrspace(1) %q, align 4
  ret void
}

; The same sum without its flags may wrap at 32 bits: the zero extension of
; the sum is not the sum of the extensions, and no index explains the
; distance. Not rewritten.
; CHECK-LABEL: @neg_sum_may_wrap(
; CHECK:         %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %jz
; CHECK-NOT:     scevcgp_idx
define void @neg_sum_may_wrap(ptr addrspace(1) noalias %in, i32 %k) {
entry:
  %t = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %in, i64 %tz
  %v0 = load float, ptr addrspace(1) %q, align 4
  %k1 = add nuw nsw i32 %k, 1
  %sh = shl nsw i32 %k1, 7
  %j = add i32 %sh, %t
  %jz = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %jz
  %v1 = load float, ptr addrspace(1) %p, align 4
  %sum = fadd float %v0, %v1
  store float %sum, ptr addrspace(1) %q, align 4
  ret void
}

; An index already of the index width needs no extension: s[t + m] off s[t]
; with a 64-bit m becomes a GEP by m (a build once took only extended values
; for indices).
; CHECK-LABEL: @pos_wide_index(
; CHECK:         %scevcgp_idx = getelementptr float, ptr addrspace(3) %st, i64 %m
; CHECK-NOT:     %j =
; REMARK: Rewrote %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %j as %st + 4 * %m: 2 instructions removed, 1 created
define void @pos_wide_index(i64 %m) {
entry:
  %t = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  %j = add nuw nsw i64 %tz, %m
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %j
  %v = load float, ptr addrspace(3) %p, align 4
  store float %v, ptr addrspace(3) %st, align 4
  ret void
}

; A new extension goes beside the address it serves: in the guarded block of
; the scan's down-sweep, not in the loop header where the stride is made (an
; extension in another block is computed on every path and is not folded
; into the backend's widening multiply).
; CHECK-LABEL: @pos_extension_beside_use(
; CHECK:       header:
; CHECK-NOT:     scevcgptmp_
; CHECK:       body:
; CHECK-NEXT:    %scevcgptmp_ = zext i32 %half to i64
; CHECK-NEXT:    %scevcgp_idx = getelementptr float, ptr addrspace(3) %st, i64 %scevcgptmp_
; REMARK: Rewrote %p = {{.*}} as %st + 4 * zext(%half): 3 instructions removed, 2 created
define void @pos_extension_beside_use() {
entry:
  %t = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  br label %header
header:
  %stride = phi i32 [ 128, %entry ], [ %half, %latch ]
  %half = lshr i32 %stride, 1
  call void @llvm.nvvm.barrier0()
  %active = icmp ult i32 %t, %half
  br i1 %active, label %body, label %latch
body:
  %j = add nuw nsw i32 %t, %half
  %jz = zext nneg i32 %j to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz
  %v = load float, ptr addrspace(3) %p, align 4
  store float %v, ptr addrspace(3) %st, align 4
  br label %latch
latch:
  %more = icmp ugt i32 %half, 1
  br i1 %more, label %header, label %done
done:
  ret void
}

; ... but not into a loop its value comes from outside of: there it would be
; computed on every iteration.
; CHECK-LABEL: @pos_extension_outside_loop(
; CHECK:       entry:
; CHECK:         %scevcgptmp_ = zext i32 %n to i64
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NOT:     zext
; CHECK:         %scevcgp_idx = getelementptr float, ptr addrspace(3) %st, i64 %scevcgptmp_
; REMARK: Rewrote %p = {{.*}} as %st + 4 * zext(%n): 3 instructions removed, 2 created
; REMARK-NOT: Rewrote
define void @pos_extension_outside_loop(i32 %n) {
entry:
  %t = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %j = add nuw nsw i32 %t, %n
  %jz = zext nneg i32 %j to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %jz
  %v = load float, ptr addrspace(3) %p, align 4
  store float %v, ptr addrspace(3) %st, align 4
  call void @llvm.nvvm.barrier0()
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, 8
  br i1 %more, label %loop, label %done
done:
  ret void
}

; A rewrite put back gives way to the next best that pays. LLVM's
; ScalarEvolution (strict mode) writes the nsw of %tw onto i + j, which the
; flagless %ij shares, and offers in[i + j + k] as in[i + j] + 4 * sext(k):
; refuted (i + j may wrap where i + (j + k) does not). Before, nothing else
; was tried; now in[i] + 4 * sext(j + k) is, and holds (campaign 37's c17).
; Off and report modes read no flags and take it first.
; RUN: %opt -disable-output -passes='common-base-elim<verify=strict>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=NEXT
; CHECK-LABEL: @pos_next_after_put_back(
; CHECK:         %scevcgptmp_ = sext i32 %jk to i64
; CHECK-NEXT:    %scevcgp_idx = getelementptr i32, ptr %q, i64 %scevcgptmp_
; CHECK-NEXT:    store i32 3, ptr %scevcgp_idx, align 4
; NEXT: Delta proof for %r = {{.*}} = %p + 4 * sext(%k): refuted
; NEXT-NEXT: Delta proof for %r = {{.*}} = %q + 4 * sext(%jk): proved
; NEXT-NEXT: Rewrote %r = {{.*}} as %q + 4 * sext(%jk): 3 instructions removed, 2 created
; REMARK: Rewrote %r = {{.*}} as %q + 4 * sext(%jk): 3 instructions removed, 2 created
define void @pos_next_after_put_back(ptr noundef %in, ptr noundef %o, i32 noundef %i, i32 noundef %j,
                                     i32 noundef %k) {
entry:
  %tw = add nsw i32 %i, %j
  %twe = sext i32 %tw to i64
  %ot = getelementptr inbounds i32, ptr %o, i64 %twe
  store i32 0, ptr %ot, align 4
  %ie = sext i32 %i to i64
  %q = getelementptr inbounds i32, ptr %in, i64 %ie
  store i32 1, ptr %q, align 4
  %ij = add i32 %i, %j
  %ije = sext i32 %ij to i64
  %p = getelementptr inbounds i32, ptr %in, i64 %ije
  store i32 2, ptr %p, align 4
  %jk = add nsw i32 %j, %k
  %ijk = add nsw i32 %i, %jk
  %ijke = sext i32 %ijk to i64
  %r = getelementptr inbounds i32, ptr %in, i64 %ijke
  store i32 3, ptr %r, align 4
  ret void
}
