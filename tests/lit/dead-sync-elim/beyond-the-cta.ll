; Dependences the one-CTA model does not see, in every variant.
;  - A strong read and a plain read of memory other CTAs see: thread 0
;    acquires a flag another CTA released, the barrier lets the others read
;    that CTA's data. Two reads in this CTA, which the read/read rule let go
;    before the strong-access rule was asked (dataflow and address removed
;    the barrier).
;  - Distributed shared memory: with mapa in the module, other CTAs of the
;    cluster read this CTA's shared memory, so a strong global access
;    publishes shared data as it publishes global data.
;  - A bulk async-copy wait completes the copies' reads and writes: an access
;    of its own, so the barrier after it that lets other threads overwrite
;    the copied words stays.
;  - A counted barrier spelled by name (LLVM 20's barrier.cta.red...count) is
;    partial even when it returns a value: it was taken for a CTA barrier.
;  - A fence before a relaxed cluster arrive is what publishes the writes to
;    the cluster: the cluster barrier counts as a strong operation.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=128x1x1>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;verify=strict>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
declare ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3), i32)
declare void @llvm.nvvm.barrier.cluster.arrive()
declare void @llvm.nvvm.barrier.cluster.arrive.relaxed()
declare void @llvm.nvvm.barrier.cluster.wait()
declare void @llvm.nvvm.cp.async.bulk.commit.group()
declare void @llvm.nvvm.cp.async.bulk.wait.group.read(i32)
declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.count(i32, i32, i1)

; CHECK-LABEL: @neg_acquire_then_read(
; CHECK:       join:
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_acquire_then_read(ptr addrspace(1) %flag, ptr addrspace(1) %data) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = icmp eq i32 %t, 0
  br i1 %z, label %spin, label %join
spin:
  %f = load atomic i32, ptr addrspace(1) %flag acquire, align 4
  %r = icmp ne i32 %f, 0
  br i1 %r, label %join, label %spin
join:
  call void @llvm.nvvm.barrier0()
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i32 %t
  %v = load i32, ptr addrspace(1) %p
  %o = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %t
  store i32 %v, ptr addrspace(3) %o
  ret void
}

; Each thread writes its own s[t]; thread 0 then releases a global flag, the
; peer CTA acquires it and reads this CTA's s[t] through mapa.
; CHECK-LABEL: @neg_dsmem_publish(
; CHECK:         store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_dsmem_publish(ptr addrspace(1) %flags, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  %peer = xor i32 %r, 1
  %p = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %z = icmp eq i32 %t, 0
  br i1 %z, label %pub, label %join
pub:
  %mine = getelementptr inbounds i32, ptr addrspace(1) %flags, i32 %r
  store atomic i32 1, ptr addrspace(1) %mine release, align 4
  %theirs = getelementptr inbounds i32, ptr addrspace(1) %flags, i32 %peer
  br label %spin
spin:
  %f = load atomic i32, ptr addrspace(1) %theirs acquire, align 4
  %ready = icmp ne i32 %f, 0
  br i1 %ready, label %join, label %spin
join:
  call void @llvm.nvvm.barrier0()
  %rp = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %p, i32 %peer)
  %v = load i32, ptr addrspace(3) %rp
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  call void @llvm.nvvm.barrier.cluster.arrive()
  call void @llvm.nvvm.barrier.cluster.wait()
  ret void
}

; Thread t's bulk copy reads s[4t .. 4t+3]; after its wait, thread t writes
; s[t], a word another thread's copy reads until that thread's wait.
; CHECK-LABEL: @neg_bulk_copy_reuse(
; CHECK:         call void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_bulk_copy_reuse(ptr addrspace(1) noalias %g) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t4 = shl nuw nsw i32 %t, 2
  %src = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %t4
  %dst = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %t4
  call void asm sideeffect "cp.async.bulk.global.shared::cta.bulk_group [$0], [$1], 16;", "l,r"(ptr addrspace(1) %dst, ptr addrspace(3) %src)
  call void @llvm.nvvm.cp.async.bulk.commit.group()
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 0)
  call void @llvm.nvvm.barrier0()
  %p = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %t
  store i32 %t, ptr addrspace(3) %p
  ret void
}

; With 128 threads a count of 64 completes two instances of 64 threads:
; thread t reads s[t ^ 64], written by a thread of the other instance.
; CHECK-LABEL: @neg_counted_valued_by_name(
; CHECK:         call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.count(i32 1, i32 64, i1 true)
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_counted_valued_by_name(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %t
  store i32 %t, ptr addrspace(3) %p
  %c = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.count(i32 1, i32 64, i1 true)
  call void @llvm.nvvm.barrier0()
  %tx = xor i32 %t, 64
  %q = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %tx
  %v = load i32, ptr addrspace(3) %q
  %w = add i32 %v, %c
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %w, ptr addrspace(1) %o
  ret void
}

; CHECK-LABEL: @neg_fence_before_relaxed_arrive(
; CHECK:         fence syncscope("cluster") acq_rel
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cluster.arrive.relaxed()
define ptx_kernel void @neg_fence_before_relaxed_arrive(ptr addrspace(1) noalias %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  %peer = xor i32 %r, 1
  %p = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %t
  %rp = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %p, i32 %peer)
  store i32 %t, ptr addrspace(3) %rp
  fence syncscope("cluster") acq_rel
  call void @llvm.nvvm.barrier.cluster.arrive.relaxed()
  call void @llvm.nvvm.barrier.cluster.wait()
  %tx = xor i32 %t, 1
  %q = getelementptr inbounds i32, ptr addrspace(3) @s, i32 %tx
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}
