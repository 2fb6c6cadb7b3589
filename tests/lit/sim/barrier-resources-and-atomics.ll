; The interpreter's synchronization, as the hardware's. Threads at barrier 0
; and threads at barrier 1 wait for each other forever: a deadlock (the two
; were taken for one barrier, which ordered s[t] before s[t ^ 32]). A barrier
; counting fewer threads than wait at it is not modelled (it was a full
; one); one counting every thread runs, in each spelling (barrier.sync.cnt
; was not modelled at all, campaign AW). Two atomics on overlapping but different bytes race (an 8-byte add
; and a 4-byte add inside it: atomics are ordered among themselves only on
; the same bytes); two on the same bytes do not. Volatile accesses are
; strong too (PTX takes them for relaxed): a volatile flag one thread sets
; while the others poll it is no race (it was one), but a plain store to it is.
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 64,1,1 --kernel two_resources \
; RUN:   | FileCheck %s --check-prefix=RESOURCES
; RESOURCES: two_resources ({{.*}}): error: deadlock: threads wait at different barrier resources (0 and 1)
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 64,1,1 --kernel counted \
; RUN:   | FileCheck %s --check-prefix=COUNTED
; COUNTED: counted ({{.*}}): error: a barrier counting fewer threads than wait at it is not modelled
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 64,1,1 --kernel counted_sync \
; RUN:   | FileCheck %s --check-prefix=COUNTED-SYNC
; COUNTED-SYNC: counted_sync ({{.*}}): error: a barrier counting fewer threads than wait at it is not modelled
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel counted_all | FileCheck %s --check-prefix=ALL
; ALL: 1 kernels, {{[0-9]+}} runs: 0 races in the originals; 0 errors
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel mixed_atomics | FileCheck %s --check-prefix=MIXED
; MIXED: mixed_atomics: race between threads {{[0-9]+}} and {{[0-9]+}} on @x+0
; MIXED: 1 kernels, {{[0-9]+}} runs: 1 races in the originals; 0 errors
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel same_atomics | FileCheck %s --check-prefix=SAME
; SAME: 1 kernels, {{[0-9]+}} runs: 0 races in the originals; 0 errors
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel volatile_flag | FileCheck %s --check-prefix=VOLATILE
; VOLATILE: 1 kernels, {{[0-9]+}} runs: 0 races in the originals; 0 errors
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel plain_and_volatile | FileCheck %s --check-prefix=PLAIN
; PLAIN: plain_and_volatile: race between threads {{[0-9]+}} and {{[0-9]+}} on @f+0
; PLAIN: 1 kernels, {{[0-9]+}} runs: 1 races in the originals; 0 errors

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef
@x = internal addrspace(3) global i64 undef
@f = internal addrspace(3) global i32 0

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier(i32, i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare void @llvm.nvvm.barrier.n(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @two_resources(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  %lo = icmp ult i32 %t, 32
  br i1 %lo, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier0()
  br label %join
one:
  call void @llvm.nvvm.barrier.sync(i32 1)
  br label %join
join:
  %u = xor i32 %t, 32
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define void @counted(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier(i32 1, i32 32)
  %u = xor i32 %t, 32
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define void @counted_sync(ptr addrspace(1) %out) {
  call void @llvm.nvvm.barrier.sync.cnt(i32 0, i32 32)
  ret void
}

; Each spelling of a barrier that counts all 64 threads orders s[t] before
; s[t ^ 32].
define void @counted_all(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  %u = xor i32 %t, 32
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier.sync.cnt(i32 0, i32 64)
  %v = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier.n(i32 2)
  store i32 %v, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier(i32 3, i32 64)
  %w = load i32, ptr addrspace(3) %q
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %w, ptr addrspace(1) %o
  ret void
}

define void @mixed_atomics() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  switch i32 %t, label %done [ i32 1, label %wide
                               i32 2, label %narrow ]
wide:
  %a = atomicrmw add ptr addrspace(3) @x, i64 4294967296 monotonic
  br label %done
narrow:
  %b = atomicrmw add ptr addrspace(3) @x, i32 1 monotonic
  br label %done
done:
  ret void
}

define void @same_atomics() {
  %a = atomicrmw add ptr addrspace(3) @x, i64 1 monotonic
  ret void
}

define void @volatile_flag(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %setter = icmp eq i32 %t, 32
  br i1 %setter, label %set, label %poll
set:
  store volatile i32 1, ptr addrspace(3) @f
  br label %poll
poll:
  %v = load volatile i32, ptr addrspace(3) @f
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define void @plain_and_volatile(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %setter = icmp eq i32 %t, 32
  br i1 %setter, label %set, label %poll
set:
  store i32 1, ptr addrspace(3) @f
  br label %poll
poll:
  %v = load volatile i32, ptr addrspace(3) @f
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @two_resources, !"kernel", i32 1}
!1 = !{ptr @counted, !"kernel", i32 1}
!2 = !{ptr @mixed_atomics, !"kernel", i32 1}
!3 = !{ptr @same_atomics, !"kernel", i32 1}
!4 = !{ptr @volatile_flag, !"kernel", i32 1}
!5 = !{ptr @plain_and_volatile, !"kernel", i32 1}
!6 = !{ptr @counted_sync, !"kernel", i32 1}
!7 = !{ptr @counted_all, !"kernel", i32 1}
