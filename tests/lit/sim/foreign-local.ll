; A local address (an alloca, a byval copy) names the accessing thread's own
; local memory on the GPU; CUDA leaves another thread's use of one undefined.
; The interpreter let thread t read thread t-1's alloca through a pointer
; published in shared memory, so `--diff` reported a difference where the
; model, which takes local memory for each thread's own, removed a barrier
; (campaign AR). Such an access is now an error of the run.
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 2,1,1 \
; RUN:   --schedules 1 | FileCheck %s
; CHECK: error: thread 1: an access of thread 0's local memory (mine), undefined in CUDA

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@published = internal addrspace(3) global [2 x ptr] undef, align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define ptx_kernel void @escape(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = alloca i32, align 4
  store i32 %t, ptr %mine, align 4
  %slot = getelementptr [2 x ptr], ptr addrspace(3) @published, i32 0, i32 %t
  store ptr %mine, ptr addrspace(3) %slot, align 8
  call void @llvm.nvvm.barrier0()
  %other = xor i32 %t, 1
  %oslot = getelementptr [2 x ptr], ptr addrspace(3) @published, i32 0, i32 %other
  %theirs = load ptr, ptr addrspace(3) %oslot, align 8
  %v = load i32, ptr %theirs, align 4
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}
