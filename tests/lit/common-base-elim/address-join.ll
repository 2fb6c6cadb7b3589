; The address join: an address below a join, computed from the join's phi,
; that each edge into the join already computed (and accessed) becomes a phi
; of those addresses (scevcgp_join), plus a constant if the edges' addresses
; are that far from it; an edge at another distance gets a GEP of its own
; (scevcgp_join.edge), on the edge. Every edge is proved apart in strict mode;
; the IR stays verifier-clean. Without the checker (the second run) the same
; rewrites are made and the same addresses stay. Cases that must stay: an
; edge that needs a GEP of its own but is one of two from a block that also
; goes elsewhere, an edge
; whose address is not accessed before it, edges at different distances that
; would not pay, an undef edge, a value below the join that is not a phi, a
; rewrite that would not pay (also where the target folds each edge address's
; constant into its accesses, so the phi would need them whole), and the knob
; off.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim' %s | FileCheck %s
; RUN: %opt -S -passes='common-base-elim' -cbe-join-addresses=false %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -disable-output -passes='function(require<loops>,common-base-elim,print<loops>)' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LOOPS

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [2 x [256 x float]] undef, align 4
@s = internal addrspace(3) global [512 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; A ping-pong loop: after it, buf[cur][t] is buf[0][t] when the loop did not
; run, and the buf[cur ^ 1][t] its last iteration wrote otherwise.
; CHECK-LABEL: @pos_pingpong_exit(
; CHECK:       done:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ %wr, %exit ], [ %first, %entry ]
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %scevcgp_join
; CHECK-NOT:     %fin =
; OFF-LABEL: @pos_pingpong_exit(
; OFF:           %fin = getelementptr
; REMARK: Delta proof for %fin = {{.*}} = phi [ %wr, %exit ], [ %first, %entry ] + 0: proved (each edge, as on the edge from %exit:
; REMARK: Rewrote %fin = {{.*}} as phi [ %wr, %exit ], [ %first, %entry ] at %done: 3 instructions removed, 1 created
define float @pos_pingpong_exit(i32 %n) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %first = getelementptr inbounds [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %first, align 4
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %cur = phi i32 [ 0, %entry ], [ %nxt, %loop ]
  %it = phi i32 [ 0, %entry ], [ %it1, %loop ]
  %nxt = xor i32 %cur, 1
  %nz = zext nneg i32 %nxt to i64
  %wr = getelementptr inbounds [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %nz, i64 %tz
  store float 2.0, ptr addrspace(3) %wr, align 4
  call void @llvm.nvvm.barrier0()
  %it1 = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it1, %n
  br i1 %more, label %loop, label %exit

exit:
  %lastz = zext nneg i32 %nxt to i64
  br label %done

done:
  %sel = phi i64 [ %lastz, %exit ], [ 0, %entry ]
  %fin = getelementptr inbounds [2 x [256 x float]], ptr addrspace(3) @buf, i64 0, i64 %sel, i64 %tz
  %v = load float, ptr addrspace(3) %fin, align 4
  ret float %v
}

; The address lies further down, below a second branch, and sits one element
; past each edge's address: a byte GEP after the phi.
; CHECK-LABEL: @pos_offset_below(
; CHECK:       join:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ %pb, %right ], [ %pa, %left ]
; CHECK:       use:
; CHECK-NEXT:    %scevcgp_join.off = getelementptr i8, ptr addrspace(3) %scevcgp_join, i64 4
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %scevcgp_join.off
; REMARK: Rewrote %q = {{.*}} as phi [ %pb, %right ], [ %pa, %left ] + 4 at %join: 3 instructions removed, 2 created
define float @pos_offset_below(i64 %i, i64 %j, i1 %c, i1 %d) {
entry:
  br i1 %c, label %left, label %right

left:
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %i
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %j
  store float 2.0, ptr addrspace(3) %pb, align 4
  br label %join

join:
  %k = phi i64 [ %i, %left ], [ %j, %right ]
  br i1 %d, label %use, label %out

use:
  %k1 = add nuw nsw i64 %k, 1
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %k1
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v

out:
  ret float 0.0
}

; The same with 32-bit indices extended after the add: the distance holds by
; the add's nuw flag (exact wherever the address is not poison).
; CHECK-LABEL: @pos_offset_extended(
; CHECK:       join:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ %pb, %right ], [ %pa, %left ]
; CHECK-NEXT:    %scevcgp_join.off = getelementptr i8, ptr addrspace(3) %scevcgp_join, i64 4
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %scevcgp_join.off
define float @pos_offset_extended(i32 %i, i32 %j, i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  %ia = zext i32 %i to i64
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ia
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  %ja = zext i32 %j to i64
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ja
  store float 2.0, ptr addrspace(3) %pb, align 4
  br label %join

join:
  %k = phi i32 [ %i, %left ], [ %j, %right ]
  %k1 = add nuw i32 %k, 1
  %kz = zext i32 %k1 to i64
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %kz
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v
}

; A sign extension over a `sub nsw`: sext(k - 1) is sext(k) - 1 wherever the
; address is not poison (campaign JOIN2: strict mode made this rewrite, the
; default mode did not).
; CHECK-LABEL: @pos_sub_extended(
; CHECK:       join:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ %pb, %right ], [ %pa, %left ]
; CHECK-NEXT:    %scevcgp_join.off = getelementptr i8, ptr addrspace(3) %scevcgp_join, i64 -4
define float @pos_sub_extended(i32 %i, i32 %j, i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  %ia = sext i32 %i to i64
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ia
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  %ja = sext i32 %j to i64
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ja
  store float 2.0, ptr addrspace(3) %pb, align 4
  br label %join

join:
  %k = phi i32 [ %i, %left ], [ %j, %right ]
  %k1 = sub nsw i32 %k, 1
  %ks = sext i32 %k1 to i64
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ks
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v
}

; A strided loop that may not run (guarded_loop_tail.cu): after it, s[last + 1]
; is s[t] + 4 on the edge that skips the loop, and s[i] + 16 on the exit,
; which gets a GEP of its own, on the edge (split: the latch also loops).
; CHECK-LABEL: @pos_loop_tail(
; CHECK:       loop.done_crit_edge:
; CHECK-NEXT:    %scevcgp_join.edge = getelementptr i8, ptr addrspace(3) %si, i64 12
; CHECK-NEXT:    br label %done
; CHECK:       done:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ %scevcgp_join.edge, %loop.done_crit_edge ], [ %st, %entry ]
; CHECK-NEXT:    %scevcgp_join.off = getelementptr i8, ptr addrspace(3) %scevcgp_join, i64 4
; CHECK-NEXT:    %v = load i32, ptr addrspace(3) %scevcgp_join.off
; REMARK: Rewrote %q = {{.*}} as phi [ %si + 12, %loop ], [ %st, %entry ] + 4 at %done: 4 instructions removed, 3 created
define i32 @pos_loop_tail(i32 %n) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  %any = icmp slt i32 %t, %n
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %t, %entry ], [ %i3, %loop ]
  %iz = zext nneg i32 %i to i64
  %si = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %iz
  %x = load float, ptr addrspace(3) %si, align 4
  %i3 = add nuw nsw i32 %i, 3
  %more = icmp slt i32 %i3, %n
  br i1 %more, label %loop, label %done

done:
  %last = phi i32 [ %t, %entry ], [ %i3, %loop ]
  %l1 = add nuw nsw i32 %last, 1
  %lz = zext nneg i32 %l1 to i64
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %lz
  %v = load i32, ptr addrspace(3) %q, align 4
  ret i32 %v
}

; A predecessor no path reaches takes no part (the phi takes poison from it);
; the right edge reaches the join twice, from a switch whose only successor it
; is, so its GEP goes at the end of that block (campaign JOIN2's misses).
; CHECK-LABEL: @pos_unreachable_and_twice(
; CHECK:       right:
; CHECK:         %scevcgp_join.edge = getelementptr i8, ptr addrspace(3) %pb, i64 8
; CHECK-NEXT:    switch i32
; CHECK:       join:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ poison, %dead ], [ %scevcgp_join.edge, %right ], [ %scevcgp_join.edge, %right ], [ %pa, %left ]
; CHECK-NEXT:    %q1 = getelementptr inbounds i8, ptr addrspace(3) %scevcgp_join, i64 4
define float @pos_unreachable_and_twice(i64 %i, i64 %j, i1 %c, i32 %x) {
entry:
  br i1 %c, label %left, label %right

left:
  %i1 = add nuw nsw i64 %i, 1
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %i1
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %j
  store float 2.0, ptr addrspace(3) %pb, align 4
  %j1 = add nuw nsw i64 %j, 1
  switch i32 %x, label %join [ i32 1, label %join ]

dead:
  br label %join

join:
  %k = phi i64 [ %i, %left ], [ %j1, %right ], [ %j1, %right ], [ 7, %dead ]
  %k1 = add nuw nsw i64 %k, 1
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %k1
  %q1 = getelementptr inbounds i8, ptr addrspace(3) %q, i64 4
  %v = load float, ptr addrspace(3) %q1, align 4
  %w = load float, ptr addrspace(3) %q, align 4
  %r = fadd float %v, %w
  ret float %r
}

; The exit edge's address is another distance off, and the latch's switch
; leaves by two edges: one phi entry per edge, which cannot differ, and no
; one edge to put the GEP on.
; CHECK-LABEL: @neg_switch_latch(
; CHECK-NOT:     scevcgp_join
; CHECK:         ret i32
define i32 @neg_switch_latch(i32 %n) {
entry:
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext nneg i32 %t to i64
  %st = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %tz
  store float 1.0, ptr addrspace(3) %st, align 4
  %any = icmp slt i32 %t, %n
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %t, %entry ], [ %i3, %loop ]
  %iz = zext nneg i32 %i to i64
  %si = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %iz
  %x = load float, ptr addrspace(3) %si, align 4
  %i3 = add nuw nsw i32 %i, 3
  switch i32 %i3, label %done [ i32 7, label %loop
                                i32 9, label %done ]

done:
  %last = phi i32 [ %t, %entry ], [ %i3, %loop ], [ %i3, %loop ]
  %l1 = add nuw nsw i32 %last, 1
  %lz = zext nneg i32 %l1 to i64
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %lz
  %v = load i32, ptr addrspace(3) %q, align 4
  ret i32 %v
}

; One edge's address is the global itself (campaign JOIN: the proof's GEP off
; it folded to a constant, and the pass crashed erasing it).
; CHECK-LABEL: @pos_global_edge(
; CHECK:       join:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ @s, %right ], [ %pa, %left ]
; CHECK-NEXT:    %scevcgp_join.off = getelementptr i8, ptr addrspace(3) %scevcgp_join, i64 4
define float @pos_global_edge(i1 %c, i64 %i) {
entry:
  br i1 %c, label %left, label %right

left:
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %i
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  store float 2.0, ptr addrspace(3) @s, align 4
  br label %join

join:
  %k = phi i64 [ %i, %left ], [ 0, %right ]
  %k1 = add nuw nsw i64 %k, 1
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %k1
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v
}

; The right edge's address is only accessed on one way to it: were it poison
; there, nothing before the edge would be undefined.
; CHECK-LABEL: @neg_not_accessed_first(
; CHECK-NOT:     scevcgp_join
; CHECK:         ret float
define float @neg_not_accessed_first(i32 %i, i32 %j, i1 %c, i1 %e) {
entry:
  br i1 %c, label %left, label %right0

left:
  %ia = zext nneg i32 %i to i64
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ia
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right0:
  %ja = zext nneg i32 %j to i64
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ja
  br i1 %e, label %touch, label %right

touch:
  store float 2.0, ptr addrspace(3) %pb, align 4
  br label %right

right:
  br label %join

join:
  %k = phi i32 [ %i, %left ], [ %j, %right ]
  %kz = zext nneg i32 %k to i64
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %kz
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v
}

; The edges' addresses are 8 and 4 bytes below the join's: one edge would need
; a GEP of its own, and the rewrite would not pay.
; CHECK-LABEL: @neg_different_offsets(
; CHECK-NOT:     scevcgp_join
; CHECK:         ret float
define float @neg_different_offsets(i64 %i, i64 %j, i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %i
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  %j1 = add nuw nsw i64 %j, 1
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %j1
  store float 2.0, ptr addrspace(3) %pb, align 4
  br label %join

join:
  %k = phi i64 [ %i, %left ], [ %j, %right ]
  %k2 = add nuw nsw i64 %k, 2
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %k2
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v
}

; An undef edge: the phi may be anything there, whatever ScalarEvolution takes
; it for.
; CHECK-LABEL: @neg_undef_edge(
; CHECK-NOT:     scevcgp_join
; CHECK:         ret float
define float @neg_undef_edge(i32 %i, i1 %c) {
entry:
  br i1 %c, label %left, label %join

left:
  %ia = zext nneg i32 %i to i64
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ia
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

join:
  %k = phi i32 [ %i, %left ], [ undef, %entry ]
  %kz = zext nneg i32 %k to i64
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %kz
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v
}

; The address also reads a value loaded below the join: not one on the edges.
; CHECK-LABEL: @neg_value_below_join(
; CHECK-NOT:     scevcgp_join
; CHECK:         ret float
define float @neg_value_below_join(i32 %i, i32 %j, i1 %c, ptr addrspace(1) %p) {
entry:
  br i1 %c, label %left, label %right

left:
  %ia = zext nneg i32 %i to i64
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ia
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  %ja = zext nneg i32 %j to i64
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %ja
  store float 2.0, ptr addrspace(3) %pb, align 4
  br label %join

join:
  %k = phi i32 [ %i, %left ], [ %j, %right ]
  %z = load i32, ptr addrspace(1) %p, align 4
  %kk = add i32 %k, %z
  %kz = zext i32 %kk to i64
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %kz
  %v = load float, ptr addrspace(3) %q, align 4
  ret float %v
}

; The phi is already the address's index and lives on: only the GEP would go,
; for a phi.
; CHECK-LABEL: @neg_would_not_pay(
; CHECK-NOT:     scevcgp_join
; CHECK:         ret i64
define i64 @neg_would_not_pay(i64 %i, i64 %j, i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  %pa = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %i
  store float 1.0, ptr addrspace(3) %pa, align 4
  br label %join

right:
  %pb = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %j
  store float 2.0, ptr addrspace(3) %pb, align 4
  br label %join

join:
  %k = phi i64 [ %i, %left ], [ %j, %right ]
  %q = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i64 0, i64 %k
  store float 3.0, ptr addrspace(3) %q, align 4
  ret i64 %k
}

; Two halves of @s swapped every sweep; after the loop, src[t + 1]. Each edge
; has the address, but as an address plus 4 that the target folds into the
; store through it ([reg+4]) and so never holds whole: the phi would need
; both in registers, two instructions for the two it saves.
; CHECK-LABEL: @neg_offset_folded(
; CHECK-NOT:     scevcgp_join
; CHECK:         %r = getelementptr
; CHECK:         ret float
define float @neg_offset_folded(i32 %n) {
entry:
  %t = call range(i32 0, 255) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add nuw nsw i32 %t, 1
  %i1 = zext nneg i32 %t1 to i64
  %first = getelementptr inbounds float, ptr addrspace(3) @s, i64 %i1
  store float 0.0, ptr addrspace(3) %first, align 4
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %exit

loop:
  %src = phi ptr addrspace(3) [ @s, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ getelementptr (i8, ptr addrspace(3) @s, i64 1024), %entry ], [ %src, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %w = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %i1
  store float 1.0, ptr addrspace(3) %w, align 4
  call void @llvm.nvvm.barrier0()
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %exit

exit:
  %last = phi ptr addrspace(3) [ @s, %entry ], [ %dst, %loop ]
  %r = getelementptr inbounds float, ptr addrspace(3) %last, i64 %i1
  %v = load float, ptr addrspace(3) %r, align 4
  ret float %v
}

declare void @keep(ptr addrspace(3))

; The same, but each edge's address is also passed on whole, so the target
; holds it in a register anyway: the phi costs nothing.
; CHECK-LABEL: @pos_offset_held(
; CHECK:       exit:
; CHECK-NEXT:    %scevcgp_join = phi ptr addrspace(3) [ %w, %loop ], [ %first, %entry ]
; CHECK-NOT:     %r =
; CHECK:         ret float
; REMARK: Rewrote %r = {{.*}} as phi [ %w, %loop ], [ %first, %entry ] at %exit: 2 instructions removed, 1 created
define float @pos_offset_held(i32 %n) {
entry:
  %t = call range(i32 0, 255) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add nuw nsw i32 %t, 1
  %i1 = zext nneg i32 %t1 to i64
  %first = getelementptr inbounds float, ptr addrspace(3) @s, i64 %i1
  store float 0.0, ptr addrspace(3) %first, align 4
  call void @keep(ptr addrspace(3) %first)
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %exit

loop:
  %src = phi ptr addrspace(3) [ @s, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(3) [ getelementptr (i8, ptr addrspace(3) @s, i64 1024), %entry ], [ %src, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %w = getelementptr inbounds float, ptr addrspace(3) %dst, i64 %i1
  store float 1.0, ptr addrspace(3) %w, align 4
  call void @keep(ptr addrspace(3) %w)
  call void @llvm.nvvm.barrier0()
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %exit

exit:
  %last = phi ptr addrspace(3) [ @s, %entry ], [ %dst, %loop ]
  %r = getelementptr inbounds float, ptr addrspace(3) %last, i64 %i1
  %v = load float, ptr addrspace(3) %r, align 4
  ret float %v
}

; A loop left from its header and from its latch into one block (campaign
; 29): the latch's edge needs a GEP of its own and is split. Splitting a loop
; exit the way LoopSimplify wants would also move the header's edge onto a
; block of its own, for which the phi had no value (a null operand: the
; verifier failed). Only the one edge is split, and in a loop around it the
; new block belongs to the outer loop (the LoopInfo the pass keeps).
; CHECK-LABEL: @pos_two_exits_one_block(
; CHECK:       latch.exit_crit_edge:
; CHECK-NEXT:    %scevcgp_join.edge = getelementptr i8, ptr %q, i64 4
; CHECK:       exit:
; CHECK-NEXT:    %scevcgp_join = phi ptr [ %scevcgp_join.edge, %latch.exit_crit_edge ], [ %q, %loop ]
; CHECK-NEXT:    %scevcgp_join.off = getelementptr i8, ptr %scevcgp_join, i64 2
; CHECK-NEXT:    store i8 0, ptr %scevcgp_join.off
; LOOPS-LABEL: Loop info for function 'pos_two_exits_one_block':
; LOOPS-NEXT:  Loop at depth 1 containing: %outer<header>,%loop,%latch,%exit<latch><exiting>,%latch.exit_crit_edge
; LOOPS-NEXT:      Loop at depth 2 containing: %loop<header><exiting>,%latch<latch><exiting>
; LOOPS-NOT:   Loop at
define void @pos_two_exits_one_block(ptr %B, i32 %x, i32 %m) {
entry:
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %exit ]
  br label %loop
loop:
  %i = phi i32 [ %x, %outer ], [ %i.next, %latch ]
  %ie = sext i32 %i to i64
  %q = getelementptr inbounds i32, ptr %B, i64 %ie
  %lv = load i32, ptr %q, align 4
  %c1 = icmp eq i32 %lv, 3
  br i1 %c1, label %exit, label %latch
latch:
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, 100
  br i1 %c, label %loop, label %exit
exit:
  %il = phi i32 [ %i, %loop ], [ %i.next, %latch ]
  %sh = shl nsw i32 %il, 2
  %or = or disjoint i32 %sh, 2
  %e = sext i32 %or to i64
  %p = getelementptr inbounds i8, ptr %B, i64 %e
  store i8 0, ptr %p, align 1
  %o.next = add nsw i32 %o, 1
  %oc = icmp slt i32 %o.next, %m
  br i1 %oc, label %outer, label %done
done:
  ret void
}
