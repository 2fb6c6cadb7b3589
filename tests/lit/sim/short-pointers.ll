; Shared pointers of 32 bits (NVPTX's nvptx-short-ptr DataLayout): the
; interpreter keeps a pointer as (object, offset) in 64 bits whatever its
; size, and its offset wraps as the pointer's own arithmetic does. Thread t
; writes s[t] through an i64 offset 4t + 2^32, which a 32-bit pointer takes
; modulo 2^32, and after the barrier reads its partner's s[t ^ 1]. The
; pointer's 32 bits used to drop the object: "store through a null or
; invalid pointer".
; RUN: %xwarp simulate %s --cta 4,1,1 --print-words 4 | FileCheck %s
; RUN: %xwarp simulate %s --cta 4,1,1 --diff --passes dse,cbe --variant address | FileCheck %s --check-prefix=DIFF
; CHECK: buffer 0: 1 0 3 2
; CHECK: 1 kernels, 6 runs: 0 races in the originals; 0 errors
; DIFF: optimized: 0 new races, 0 output differences

target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [4 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext i32 %t to i64
  %byte = shl i64 %t.64, 2
  %wrapped = add i64 %byte, 4294967296
  %mine = getelementptr i8, ptr addrspace(3) @s, i64 %wrapped
  store i32 %t, ptr addrspace(3) %mine, align 4
  call void @llvm.nvvm.barrier0()
  %x = xor i32 %t, 1
  %q = getelementptr i32, ptr addrspace(3) @s, i32 %x
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
