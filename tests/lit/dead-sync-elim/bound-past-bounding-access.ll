; Past the access that bounds a loop, the iteration it runs in was in
; bounds too (campaign BQ). Each thread fills its window s[4t .. 4t + 3]
; with s[4t + i/4] = g[i] over a 16-word table g: every complete iteration
; read g[i], so at most 17 iterations start (i <= 16), but where the store
; runs the load before it was in bounds, so there i <= 15 and i/4 <= 3. The
; window stays the thread's own, and the barrier goes. With the store
; before the load and the loop's exit between them, iteration 16 may store
; s[4t + 4] (thread t + 1's first word) and leave: the barrier stays.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '64,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      pos_store_after_load (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_store_before_exit (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = addrspace(1) global [16 x i32] zeroinitializer, align 4
@s = internal addrspace(3) global [4096 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_store_after_load(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_store_after_load(ptr addrspace(1) noalias %out, i64 noundef %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %own = shl nuw nsw i64 %tw, 2
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %gp = getelementptr [16 x i32], ptr addrspace(1) @g, i64 0, i64 %i
  %v = load i32, ptr addrspace(1) %gp, align 4
  %quarter = lshr i64 %i, 2
  %at = add i64 %own, %quarter
  %sp = getelementptr [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %at
  store i32 %v, ptr addrspace(3) %sp, align 4
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %own
  %w = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tw
  store i32 %w, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: @neg_store_before_exit(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_store_before_exit(ptr addrspace(1) noalias %out, i64 noundef %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %own = shl nuw nsw i64 %tw, 2
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %next ]
  %quarter = lshr i64 %i, 2
  %at = add i64 %own, %quarter
  %sp = getelementptr [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %at
  store i32 1, ptr addrspace(3) %sp, align 4
  %more = icmp ult i64 %i, %n
  br i1 %more, label %next, label %exit
next:
  %gp = getelementptr [16 x i32], ptr addrspace(1) @g, i64 0, i64 %i
  %v = load i32, ptr addrspace(1) %gp, align 4
  %i.next = add i64 %i, 1
  br label %loop
exit:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr [4096 x i32], ptr addrspace(3) @s, i64 0, i64 %own
  %w = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %tw
  store i32 %w, ptr addrspace(1) %o, align 4
  ret void
}
