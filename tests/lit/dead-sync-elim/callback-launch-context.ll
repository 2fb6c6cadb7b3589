; A call of a function defined outside the module may call back any function
; the module lets it reach: @k32 (at most 32 threads) hands @exchange to the
; external @apply, so @exchange runs under @k32's bounds, where it reads
; s[t ^ 2] (private only with 64 threads, as in launch-context.ll). The
; kernels that reach a function were followed through calls that name a
; definition and through calls by pointer, not through calls that leave the
; module; with --block-dim 64x1x1 @exchange was analysed at 64 threads and
; lost its middle barrier (certified). A weak definition may be replaced by
; one that calls back too (@relay).
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %s | FileCheck %s
; RUN: %xwarp opt %s --variant address --block-dim 64,1,1 -o - | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef
@t = internal addrspace(3) global [64 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @apply(ptr)

; CHECK-LABEL: @exchange(
; CHECK:         store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define internal void @exchange() noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @llvm.nvvm.barrier0()
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = sub nsw i32 64, %n
  %k = lshr i32 %d, 4
  %u = xor i32 %t, %k
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  ret void
}

; CHECK-LABEL: @exchange_b(
; CHECK:         store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define void @exchange_b() noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @t, i32 0, i32 %t
  call void @llvm.nvvm.barrier0()
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = sub nsw i32 64, %n
  %k = lshr i32 %d, 4
  %u = xor i32 %t, %k
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @t, i32 0, i32 %u
  %r = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  ret void
}

define weak void @relay() noinline {
  ret void
}

define void @k32() {
  call void @apply(ptr @exchange)
  ret void
}

define void @k32_weak() {
  call void @relay()
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k32, !"kernel", i32 1, !"maxntidx", i32 32}
!1 = !{ptr @k32_weak, !"kernel", i32 1, !"maxntidx", i32 32}
