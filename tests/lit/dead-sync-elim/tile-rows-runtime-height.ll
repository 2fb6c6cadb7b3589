; Rows of a 64 x 33 tile staged by a row loop of runtime height,
; `for (y = threadIdx.y; y < n; y += blockDim.y) t[y][threadIdx.x]`, as
; clang emits it: the row counter's add has no nsw and n is an argument, so
; only the store bounds the loop. Its GEP has two variable indices, the row
; and the column; the column is one value throughout the loop, so it only
; shifts the window the row's offsets 132 * y stay in, and a step of the
; row moves them by exactly 132 * blockDim.y: at most 64 iterations start
; (core/InBoundsIterations). With the block's shape fixed the solver then
; shows each thread touches its own t[ty + 8k][tx]. Without the bound
; (the previous build) the query timed out and the barrier stayed.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=32x8x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '32,8,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      stage_rows (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_column_varies (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@t = internal addrspace(3) global [64 x [33 x float]] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y()

; CHECK-LABEL: @stage_rows(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @stage_rows(i32 noundef %n, ptr addrspace(1) noalias %out) {
entry:
  %ty = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tx = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %col = zext nneg i32 %tx to i64
  %step = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %any = icmp slt i32 %ty, %n
  br i1 %any, label %fill, label %mid
fill:
  %y = phi i32 [ %ty, %entry ], [ %y.next, %fill ]
  %v = sitofp i32 %y to float
  %yw = sext i32 %y to i64
  %p = getelementptr inbounds [64 x [33 x float]], ptr addrspace(3) @t, i64 0, i64 %yw, i64 %col
  store float %v, ptr addrspace(3) %p, align 4
  %y.next = add i32 %y, %step
  %more = icmp slt i32 %y.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %z = phi i32 [ %ty, %mid ], [ %z.next, %copy ]
  %zw = sext i32 %z to i64
  %q = getelementptr inbounds [64 x [33 x float]], ptr addrspace(3) @t, i64 0, i64 %zw, i64 %col
  %w = load float, ptr addrspace(3) %q, align 4
  %row = shl nsw i32 %z, 5
  %at = add i32 %row, %tx
  %atw = zext i32 %at to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %atw
  store float %w, ptr addrspace(1) %o, align 4
  %z.next = add i32 %z, %step
  %again = icmp slt i32 %z.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; The column moves with the row (t[y][y + tx]): the store's window moves
; with the counter and bounds nothing. Thread (0, 1) writes t[1][1], which
; thread (1, 1) reads below: the barrier stays.
; CHECK-LABEL: @neg_column_varies(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_column_varies(i32 noundef %n, ptr addrspace(1) noalias %out) {
entry:
  %ty = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tx = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %col = zext nneg i32 %tx to i64
  %step = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %any = icmp slt i32 %ty, %n
  br i1 %any, label %fill, label %mid
fill:
  %y = phi i32 [ %ty, %entry ], [ %y.next, %fill ]
  %v = sitofp i32 %y to float
  %yw = sext i32 %y to i64
  %shift = add nuw nsw i64 %yw, %col
  %p = getelementptr inbounds [64 x [33 x float]], ptr addrspace(3) @t, i64 0, i64 %yw, i64 %shift
  store float %v, ptr addrspace(3) %p, align 4
  %y.next = add i32 %y, %step
  %more = icmp slt i32 %y.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %z = phi i32 [ %ty, %mid ], [ %z.next, %copy ]
  %zw = sext i32 %z to i64
  %q = getelementptr inbounds [64 x [33 x float]], ptr addrspace(3) @t, i64 0, i64 %zw, i64 %col
  %w = load float, ptr addrspace(3) %q, align 4
  %row = shl nsw i32 %z, 5
  %at = add i32 %row, %tx
  %atw = zext i32 %at to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %atw
  store float %w, ptr addrspace(1) %o, align 4
  %z.next = add i32 %z, %step
  %again = icmp slt i32 %z.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}
