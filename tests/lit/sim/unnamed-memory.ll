; A race report names memory as the IR shows it: clang drops parameter
; names, and an unnamed parameter is its slot (%1 here: the integer before it
; counts); an unnamed global is its slot among the unnamed globals (@1).
; RUN: %xwarp simulate %s --schedules 1 | FileCheck %s
; CHECK: k: race between threads {{[0-9]+}} and {{[0-9]+}} on %1+{{[0-9]+}}: k#0 (store at <unknown>) & k#1 (load at <unknown>)
; CHECK: k: race between threads {{[0-9]+}} and {{[0-9]+}} on @1+{{[0-9]+}}: k#3 (store at <unknown>) & k#4 (load at <unknown>)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@0 = internal addrspace(3) global [64 x i32] undef
@named = internal addrspace(3) global [64 x i32] undef
@1 = internal addrspace(3) global [64 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @k(i32 %0, ptr addrspace(1) %1, ptr addrspace(1) %2) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %t, 1
  %tz = zext i32 %t to i64
  %xz = zext i32 %x to i64
  %p = getelementptr i32, ptr addrspace(1) %1, i64 %tz
  %q = getelementptr i32, ptr addrspace(1) %1, i64 %xz
  store i32 %t, ptr addrspace(1) %p
  %v = load i32, ptr addrspace(1) %q
  %o = getelementptr i32, ptr addrspace(1) %2, i64 %tz
  store i32 %v, ptr addrspace(1) %o
  %ps = getelementptr [64 x i32], ptr addrspace(3) @1, i64 0, i64 %tz
  %qs = getelementptr [64 x i32], ptr addrspace(3) @1, i64 0, i64 %xz
  store i32 %t, ptr addrspace(3) %ps
  %w = load i32, ptr addrspace(3) %qs
  store i32 %w, ptr addrspace(1) %o
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
