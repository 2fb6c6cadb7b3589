; address: a pointer carried around a loop (`int *p = s + t; ... p += STEP;`)
; is an offset off its object, as ScalarEvolution's recurrence
; {s + 4t,+,4 STEP} says. With 64 threads and a step of 64 words each thread
; touches only words no other thread ever touches: the barrier in the loop is
; removed, and its certificate is proved (strict keeps the removal). With a
; step of 32, thread t + 32 reaches at the next step the word thread t wrote:
; kept. With the block size unknown, 64 words a step no longer separates the
; threads: kept.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %s | FileCheck %s --check-prefixes=ALL,TOLD
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s --check-prefixes=ALL,UNKNOWN

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ALL-LABEL: @walk_own(
; ALL:         store i32 %w, ptr addrspace(3) %p
; TOLD-NEXT:   %p.next = getelementptr
; UNKNOWN-NEXT: call void @llvm.nvvm.barrier0()
define void @walk_own() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %start = getelementptr inbounds i32, ptr addrspace(3) @s, i64 %ti
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr addrspace(3) [ %start, %entry ], [ %p.next, %loop ]
  %v = load i32, ptr addrspace(3) %p
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %p.next = getelementptr inbounds i32, ptr addrspace(3) %p, i64 64
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %loop, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; ALL-LABEL: @walk_half(
; ALL:         store i32 %w, ptr addrspace(3) %p
; ALL-NEXT:    call void @llvm.nvvm.barrier0()
define void @walk_half() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %start = getelementptr inbounds i32, ptr addrspace(3) @s, i64 %ti
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr addrspace(3) [ %start, %entry ], [ %p.next, %loop ]
  %v = load i32, ptr addrspace(3) %p
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %p.next = getelementptr inbounds i32, ptr addrspace(3) %p, i64 32
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %loop, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @walk_own, !"kernel", i32 1}
!1 = !{ptr @walk_half, !"kernel", i32 1}
