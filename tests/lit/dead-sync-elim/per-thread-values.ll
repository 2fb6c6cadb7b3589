; Values that differ between threads although no thread id flows into them:
; a machine register xwarp does not know, undef, frozen poison; undef even
; differs between its uses. Each kernel
; writes s[a] and reads s[a + 1]: with a the same in every thread the two never
; meet, but a thread whose a is one less reads the word another one wrote.
; A branch on one is divergent, and a barrier under it stays (only some
; threads reach it); UniformityInfo takes frozen poison for uniform.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef
@big = internal addrspace(3) global [1024 x i32] undef
@wide = internal addrspace(3) global [2048 x i32] undef
@never = internal addrspace(3) global i32 undef
@undefined = internal addrspace(4) global i32 undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare i32 @llvm.ctpop.i32(i32)

; The number of lanes below this one is the lane id.
; CHECK-LABEL: @neg_lanes_below(
; CHECK:       store i32 1, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_lanes_below(ptr addrspace(1) %out) {
  %m = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %a = call i32 @llvm.ctpop.i32(i32 %m)
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %a
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %a1 = add nuw nsw i32 %a, 1
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %a1
  %v = load i32, ptr addrspace(3) %q
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Freezing poison picks a value in each thread.
; CHECK-LABEL: @neg_frozen_poison(
; CHECK:       store i32 1, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_frozen_poison(ptr addrspace(1) %out) {
  %f = freeze i32 poison
  %a = and i32 %f, 127
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %a
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %a1 = add nuw nsw i32 %a, 1
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %a1
  %v = load i32, ptr addrspace(3) %q
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Undef may be a different value at every use.
; CHECK-LABEL: @neg_undef(
; CHECK:       store i32 1, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_undef(ptr addrspace(1) %out) {
  %a = and i32 undef, 127
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %a
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %a1 = add nuw nsw i32 %a, 1
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %a1
  %v = load i32, ptr addrspace(3) %q
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Each use of undef may be another value: undef - undef is not 0, so thread
; t may store s[t + 1] and thread t + 1 load it. ScalarEvolution and the terms
; read the two uses as one value, and the barrier went.
; CHECK-LABEL: @neg_undef_twice(
; CHECK:       store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_undef_twice(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = sub i32 undef, undef
  %a = add i32 %t, %u
  %p = getelementptr [256 x i32], ptr addrspace(3) @s, i32 0, i32 %a
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %q = getelementptr [256 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %q
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; The loop runs undef - undef + 4 times, any number: thread t's last store
; s[4t + i] may be s[4(t + 1)], which thread t + 1 loads. ScalarEvolution
; read the trip count as 4.
; CHECK-LABEL: @neg_undef_trip_count(
; CHECK:       exit:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_undef_trip_count(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = sub i32 undef, undef
  %n = add i32 %u, 4
  %t4 = shl nuw nsw i32 %t, 2
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %a = add nuw nsw i32 %t4, %i
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @big, i32 0, i32 %a
  store i32 %t, ptr addrspace(3) %p
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [1024 x i32], ptr addrspace(3) @big, i32 0, i32 %t4
  %v = load i32, ptr addrspace(3) %q
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Campaign BI: a load of memory never written is undef as much as the
; constant is. %i starts at one and may be below 2 at every test, so the loop
; runs any number of times; with j = 3 thread t loads wide[1025 + t], which
; thread t + 1 stored before the barrier. ScalarEvolution read the trip count
; as at most 2, and the build before removed the barrier with a proof.
; CHECK-LABEL: @neg_unwritten_trip_count(
; CHECK:       call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_unwritten_trip_count(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %tw = add i64 %t64, 1024
  %p = getelementptr inbounds [2048 x i32], ptr addrspace(3) @wide, i64 0, i64 %tw
  store i32 %t, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %u = load i32, ptr addrspace(3) @never, align 4
  br label %head
head:
  %i = phi i32 [ %u, %entry ], [ %i1, %latch ]
  %j = phi i32 [ 0, %entry ], [ %j1, %latch ]
  %v = load i32, ptr addrspace(1) %in, align 4
  %z = icmp eq i32 %v, 0
  %e = icmp uge i32 %i, 2
  %ze = or i1 %z, %e
  br i1 %ze, label %exit, label %latch
latch:
  %i1 = add i32 %i, 1
  %j1 = add i32 %j, 1
  br label %head
exit:
  %jm = mul i32 %j, 341
  %t1 = add i32 %t, 2
  %tm = add i32 %t1, %jm
  %tm64 = zext i32 %tm to i64
  %r = getelementptr inbounds [2048 x i32], ptr addrspace(3) @wide, i64 0, i64 %tm64
  %x = load i32, ptr addrspace(3) %r, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t64
  store i32 %x, ptr addrspace(1) %o, align 4
  ret void
}

; Campaign BK: memory that holds nothing but undef reads as undef, each use
; its own value. The terms cancelled u - u and took the read for s[t]:
; removed with a proof, while opt -passes='globalopt,instsimplify' on the
; output makes every thread read s[0] (simulate then shows the race). Here u
; comes from a shared word nothing writes.
; CHECK-LABEL: @neg_unwritten_cancelled(
; CHECK:       call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_unwritten_cancelled(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = load i32, ptr addrspace(3) @never, align 4
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %b = add i32 %t, %u
  %c = sub i32 %b, %u
  %x = and i32 %c, 63
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; ... from a constant word whose initializer is undef: u & 63 and (u | 64) & 63
; were one value, so t wrote s[t + a] and read it back.
; CHECK-LABEL: @neg_undef_constant(
; CHECK:       call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_undef_constant(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = load i32, ptr addrspace(4) @undefined, align 4
  %a = and i32 %u, 63
  %x = add i32 %t, %a
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  store i32 %t, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %o = or i32 %u, 64
  %b = and i32 %o, 63
  %y = add i32 %t, %b
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %y
  %v = load i32, ptr addrspace(3) %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; ... from an alloca that only undef is stored to.
; CHECK-LABEL: @neg_stored_undef(
; CHECK:       call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_stored_undef(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = alloca i32, align 4
  store i32 undef, ptr %slot, align 4
  %u = load i32, ptr %slot, align 4
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %b = add i32 %t, %u
  %c = sub i32 %b, %u
  %x = and i32 %c, 63
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; Only the first lane of each warp reaches this barrier.
; CHECK-LABEL: @neg_first_lanes_only(
; CHECK:       lead:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_first_lanes_only() {
entry:
  %m = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %first = icmp eq i32 %m, 0
  br i1 %first, label %lead, label %done
lead:
  call void @llvm.nvvm.barrier0()
  br label %done
done:
  ret void
}

; Each thread picks its own frozen value.
; CHECK-LABEL: @neg_frozen_branch(
; CHECK:       some:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_frozen_branch() {
entry:
  %f = freeze i1 poison
  br i1 %f, label %some, label %done
some:
  call void @llvm.nvvm.barrier0()
  br label %done
done:
  ret void
}
