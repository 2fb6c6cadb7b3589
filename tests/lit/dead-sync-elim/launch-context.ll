; The launch a device function runs under is its callers'. With --block-dim
; 64x1x1, a kernel whose own maxntid is 32 keeps its bounds (launch
; conflict), and so does a device function it calls: @exchange reads
; s[t ^ ((64 - ntid) / 16)], private for 64 threads, s[t ^ 2] for 32.
; It was analysed at 64x1x1 and lost its middle barrier. @exchange_a, which
; only the 64-thread kernel calls, still gets the given dimensions.
; A range attribute on a tid read is no launch bound either: outside it the
; value is poison, which the store of it leaves defined, and with 64 threads
; thread 32 reads the s[0] thread 0 wrote.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='dead-sync-elim<address;block-dim=64x1x1>' \
; RUN:   -pass-remarks-analysis=dead-sync-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s --check-prefix=RANGE

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; REMARK: remark: {{.*}}the given block dimensions contradict the bounds of a kernel that calls it; using ntid.x in [1,1024]
; REMARK: remark: {{.*}}the given block dimensions contradict the kernel's own bounds; using

; CHECK-LABEL: @exchange(
; CHECK:         store i32 %v, ptr addrspace(3) %p
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define internal i32 @exchange(i32 %v) noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @llvm.nvvm.barrier0()
  store i32 %v, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = sub nsw i32 64, %n
  %k = lshr i32 %d, 4
  %u = xor i32 %t, %k
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  ret i32 %r
}

; CHECK-LABEL: @exchange_a(
; CHECK:         store i32 %v, ptr addrspace(3) %p
; CHECK-NEXT:    %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
define internal i32 @exchange_a(i32 %v) noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @llvm.nvvm.barrier0()
  store i32 %v, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = sub nsw i32 64, %n
  %k = lshr i32 %d, 4
  %u = xor i32 %t, %k
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  ret i32 %r
}

define void @k64(ptr addrspace(1) %out) {
  %a = call i32 @exchange(i32 1)
  %b = call i32 @exchange_a(i32 2)
  %c = add i32 %a, %b
  store i32 %c, ptr addrspace(1) %out
  ret void
}

define void @k32(ptr addrspace(1) %out) {
  %a = call i32 @exchange(i32 3)
  store i32 %a, ptr addrspace(1) %out
  ret void
}

; RANGE-LABEL: @range_is_no_bound(
; RANGE:       j:
; RANGE-NEXT:    call void @llvm.nvvm.barrier0()
define void @range_is_no_bound(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %dbg) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t2 = call range(i32 0, 32) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pd = getelementptr inbounds i32, ptr addrspace(1) %dbg, i32 %t
  store i32 %t2, ptr addrspace(1) %pd
  %lo = icmp ult i32 %t, 32
  br i1 %lo, label %w, label %j
w:
  %ps = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %ps
  br label %j
j:
  call void @llvm.nvvm.barrier0()
  %m = and i32 %t, 31
  %pr = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %m
  %r = load i32, ptr addrspace(3) %pr
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %po
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @k64, !"kernel", i32 1}
!1 = !{ptr @k32, !"kernel", i32 1, !"maxntidx", i32 32}
!2 = !{ptr @range_is_no_bound, !"kernel", i32 1}
!3 = !{ptr @k32, !"maxntidx", i32 32}
