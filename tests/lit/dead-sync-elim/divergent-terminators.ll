; Terminators other than br and switch that may send the threads of a CTA
; different ways. UniformityInfo follows operands, and NVPTX calls only a
; CallInst's result divergent: it took each of these for uniform, and the
; dataflow and address variants used the non-aligned barrier.sync in one arm
; as a point every thread reaches, though a thread that skips it meets the
; other arm's barrier instead. Each lost an arm's barrier.sync (proved):
; - @neg_indirectbr: an indirectbr on an address chosen by frozen poison,
;   which is another value in each thread;
; - @neg_callbr: a callbr whose asm jumps on %laneid;
; - @neg_invoke_unwind: an invoke whose callee may unwind in some threads.
; In each, thread t in %a stores s[t] and thread t^1 in %b loads it after its
; barrier: the arm barriers are one barrier phase and order the two.
; @pos_indirectbr_uniform: an indirectbr on an address a kernel argument
; chooses sends every thread the same way; its arms' barriers are not
; divergent (and the address variant removes the one with nothing to order).
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s --check-prefixes=CHECK,ADDR
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim 64,1,1 | FileCheck %s --check-prefix=CHECKER

; CHECKER: neg_indirectbr (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER: neg_callbr (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept
; CHECKER: neg_invoke_unwind (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept
; CHECKER: pos_indirectbr_uniform (kernel)
; CHECKER-NOT: thread-divergent
; CHECKER: llvm.nvvm.barrier.sync removed proved
; CHECKER-NOT: thread-divergent
; CHECKER: 1 removed with address; 1 proved

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @may_throw()
declare i32 @personality(...)

; CHECK-LABEL: @neg_indirectbr(
; CHECK: {{^}}a:
; CHECK: store i32
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK: {{^}}b:
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_indirectbr(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = freeze i1 poison
  %dest = select i1 %c, ptr blockaddress(@neg_indirectbr, %a), ptr blockaddress(@neg_indirectbr, %b)
  indirectbr ptr %dest, [label %a, label %b]
a:
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
b:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 1
  %px = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %px
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br label %join
join:
  ret void
}

; CHECK-LABEL: @neg_callbr(
; CHECK: {{^}}a:
; CHECK: store i32
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK: {{^}}b:
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_callbr(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  callbr void asm sideeffect "{ .reg .pred p; .reg .u32 l; mov.u32 l, %laneid; and.b32 l, l, 1; setp.eq.u32 p, l, 1; @p bra $0; }", "!i"() to label %a [label %b]
a:
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
b:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 1
  %px = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %px
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br label %join
join:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pz = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 0, ptr addrspace(3) %pz
  ret void
}

; CHECK-LABEL: @neg_invoke_unwind(
; CHECK: {{^}}a:
; CHECK: store i32
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK: {{^}}b:
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_invoke_unwind(ptr addrspace(1) %out) personality ptr @personality {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  invoke void @may_throw() to label %b unwind label %a
a:
  %lp = landingpad { ptr, i32 } cleanup
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %join
b:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 1
  %px = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %px
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br label %join
join:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %pz = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 0, ptr addrspace(3) %pz
  ret void
}

; CHECK-LABEL: @pos_indirectbr_uniform(
; CHECK: {{^}}a:
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK-NEXT: %x = xor
; ADDR: {{^}}b:
; ADDR-NEXT: %v = load
define ptx_kernel void @pos_indirectbr_uniform(ptr addrspace(1) %out, i1 %c) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  %dest = select i1 %c, ptr blockaddress(@pos_indirectbr_uniform, %a), ptr blockaddress(@pos_indirectbr_uniform, %b)
  indirectbr ptr %dest, [label %a, label %b]
a:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 1
  %px = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %w = load i32, ptr addrspace(3) %px
  %qa = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %w, ptr addrspace(1) %qa
  ret void
b:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %v = load i32, ptr addrspace(3) %p
  %qb = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %qb
  ret void
}
