; Block-stride loops, i = tid.x; i < n; i += ntid.x, as clang emits them:
; the increment has no nsw, so nothing in the IR stops i from wrapping past
; 2^32, where two threads' sequences would meet. But each iteration that
; goes round again stores to s[i] of a 4096-word array: were i out of
; bounds the store would be undefined, so i stays below 4096, a step of at
; most 1024 cannot carry it past the wrap, and no more than 4096 iterations
; start (core/InBoundsIterations). Each thread then touches only its own
; elements, and the barrier goes.
; Without such an access (an array of unknown size, a store that not every
; iteration runs), with a step that may be anything, or with a counter that
; a step can carry past the top of its type inside the array, it stays: with
; a step of -1 the sequences of neighbours do meet, and an i8 counter over
; 256 bytes comes round to every byte.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '*,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      pos_signed (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_unsigned (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_double_step (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_long_counter (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      pos_generic_view (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_dynamic_shared (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_conditional_store (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_any_step (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_wrapping_counter (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept
; CHECKER:      neg_uninitialized_start (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [4096 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x i32], align 4
@b = internal addrspace(3) global [256 x i8] undef, align 4
@two = internal addrspace(3) global [2 x i32] undef, align 4
@rows = internal addrspace(3) global [128 x [64 x i32]] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; CHECK-LABEL: @pos_signed(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_signed(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = sext i32 %i to i64
  %p = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %iw
  store i32 %i, ptr addrspace(3) %p, align 4
  %i.next = add i32 %i, %nt
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = sext i32 %j to i64
  %q = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %jw
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %nt
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; CHECK-LABEL: @pos_unsigned(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_unsigned(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp ult i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = zext i32 %i to i64
  %p = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %iw
  store i32 %i, ptr addrspace(3) %p, align 4
  %i.next = add i32 %i, %nt
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = zext i32 %j to i64
  %q = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %jw
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %nt
  %again = icmp ult i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; i += 2 * ntid.x (a step of 2 to 2048): at most 2048 iterations start.
; CHECK-LABEL: @pos_double_step(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_double_step(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %step = shl nuw nsw i32 %nt, 1
  %any = icmp slt i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = sext i32 %i to i64
  %p = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %iw
  store i32 %i, ptr addrspace(3) %p, align 4
  %i.next = add i32 %i, %step
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = sext i32 %j to i64
  %q = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %jw
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %step
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; extern __shared__: its size is the launch's, not the module's.
; A 64-bit counter (`long i`) is the index itself, stepped by the zero-
; extended ntid: the offset 4 * i modulo 2^64 stays in the array, and moves
; by exactly 4 * ntid, so it never wraps.
; CHECK-LABEL: @pos_long_counter(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_long_counter(ptr addrspace(1) %out, i64 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tw = zext i32 %t to i64
  %ntw = zext i32 %nt to i64
  %any = icmp slt i64 %tw, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i64 [ %tw, %entry ], [ %i.next, %fill ]
  %p = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %i
  store i32 1, ptr addrspace(3) %p, align 4
  %i.next = add i64 %i, %ntw
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i64 [ %tw, %mid ], [ %j.next, %copy ]
  %q = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %j
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i64 %j, %ntw
  %again = icmp slt i64 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; The array reached through its generic address, as clang's -O2 leaves it
; (addrspacecast of @s in the GEP): the same object, so the same bound. The
; driver folds the cast first (infer-address-spaces); the plugin alone did
; not see the array here (campaign BQ).
; CHECK-LABEL: @pos_generic_view(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_generic_view(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = sext i32 %i to i64
  %p = getelementptr inbounds [4096 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %iw
  store i32 %i, ptr %p, align 4
  %i.next = add i32 %i, %nt
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = sext i32 %j to i64
  %q = getelementptr inbounds [4096 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %jw
  %v = load i32, ptr %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %nt
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; CHECK-LABEL: @neg_dynamic_shared(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_dynamic_shared(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp ult i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = zext i32 %i to i64
  %p = getelementptr inbounds [0 x i32], ptr addrspace(3) @dyn, i64 0, i64 %iw
  store i32 %i, ptr addrspace(3) %p, align 4
  %i.next = add i32 %i, %nt
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = zext i32 %j to i64
  %q = getelementptr inbounds [0 x i32], ptr addrspace(3) @dyn, i64 0, i64 %jw
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %nt
  %again = icmp ult i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; The store to s runs only when i == c: it bounds nothing else. g[i] has
; no size here.
; CHECK-LABEL: @neg_conditional_store(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_conditional_store(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %n, i32 %c) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp ult i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %latch ]
  %iw = zext i32 %i to i64
  %hit = icmp eq i32 %i, %c
  br i1 %hit, label %mark, label %latch
mark:
  %p = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %iw
  store i32 %i, ptr addrspace(3) %p, align 4
  br label %latch
latch:
  %gp = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %iw
  store i32 %i, ptr addrspace(1) %gp, align 4
  %i.next = add i32 %i, %nt
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = zext i32 %j to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %jw
  %v = load i32, ptr addrspace(1) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %nt
  %again = icmp ult i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; A step of 0xffffffff walks i = t, t - 1, ..., 0 inside the array: thread t
; stores s[t - 1] before the barrier, and thread t - 1 loads it after.
; CHECK-LABEL: @neg_any_step(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_any_step(ptr addrspace(1) %out, i32 %n, i32 %step) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp ult i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = zext i32 %i to i64
  %p = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %iw
  store i32 %i, ptr addrspace(3) %p, align 4
  %i.next = add i32 %i, %step
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = zext i32 %j to i64
  %q = getelementptr inbounds [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %jw
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %step
  %again = icmp ult i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; i is an i8 that counts from tid.x by 1 for n iterations, and stores to
; b[zext(i)] of 256 bytes: from 255 it wraps to 0 in bounds. Thread t stores
; b[t + 1], which thread t + 1 loads after the barrier.
; CHECK-LABEL: @neg_wrapping_counter(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_wrapping_counter(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t8 = trunc i32 %t to i8
  br label %fill
fill:
  %i = phi i8 [ %t8, %entry ], [ %i.next, %fill ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %fill ]
  %iw = zext i8 %i to i64
  %p = getelementptr inbounds [256 x i8], ptr addrspace(3) @b, i64 0, i64 %iw
  store i8 1, ptr addrspace(3) %p, align 1
  %i.next = add i8 %i, 1
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  %tw = zext i8 %t8 to i64
  %q = getelementptr inbounds [256 x i8], ptr addrspace(3) @b, i64 0, i64 %tw
  %v = load i8, ptr addrspace(3) %q, align 1
  %o = getelementptr inbounds i8, ptr addrspace(1) %out, i32 %t
  store i8 %v, ptr addrspace(1) %o, align 1
  ret void
}

; Campaign BF: %p starts at a load of memory never written, undef, which may
; be one value at each use: 0 at the store to @two, -1 at the add, so that
; %p runs 0, 0, 1 and iteration 3 starts with every store in bounds. With
; m = 3 thread t stores rows[t][3] there before leaving, and thread t - 1
; loads it after the barrier. The first draft of the rule bounded the loop
; by 3 iterations and removed the barrier with a proof.
; CHECK-LABEL: @neg_uninitialized_start(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_uninitialized_start(i32 noundef %m, ptr addrspace(1) noundef %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %never = alloca i32, align 4
  %start = load i32, ptr %never, align 4
  %tw = zext i32 %t to i64
  %mw = zext i32 %m to i64
  br label %head
head:
  %p = phi i32 [ %start, %entry ], [ %p.next, %body ]
  %c = phi i32 [ 0, %entry ], [ %c.next, %body ]
  %cw = zext i32 %c to i64
  %row = getelementptr inbounds [128 x [64 x i32]], ptr addrspace(3) @rows, i64 0, i64 %tw, i64 %cw
  store i32 1, ptr addrspace(3) %row, align 4
  %last = icmp eq i64 %cw, %mw
  br i1 %last, label %exit, label %body
body:
  %pw = zext i32 %p to i64
  %slot = getelementptr inbounds [2 x i32], ptr addrspace(3) @two, i64 0, i64 %pw
  store i32 0, ptr addrspace(3) %slot, align 4
  %p.next = add i32 %p, 1
  %c.next = add nuw nsw i32 %c, 1
  br label %head
exit:
  call void @llvm.nvvm.barrier0()
  %next = add nuw nsw i64 %tw, 1
  %q = getelementptr inbounds [128 x [64 x i32]], ptr addrspace(3) @rows, i64 0, i64 %next, i64 3
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
