; A coefficient of -2^63 (t << 63): the fast path negated it in 64 bits, the
; reach wrapped negative, its guard against offsets that wrap passed, and it
; answered "no overlap" though threads 0 and 2 both write offset 0 (2 << 63 is
; 0). The barrier, which orders thread 2's store before thread 0's load, was
; removed.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @top_bit(
; CHECK:       store i32 %t, ptr addrspace(1) %p
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define ptx_kernel void @top_bit(ptr addrspace(1) %g) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %o = shl i64 %i, 63
  %p = getelementptr i8, ptr addrspace(1) %g, i64 %o
  store i32 %t, ptr addrspace(1) %p, align 4
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(1) %p, align 4
  %q = getelementptr i8, ptr addrspace(1) %g, i64 4
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}
