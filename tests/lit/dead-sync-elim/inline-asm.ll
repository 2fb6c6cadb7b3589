; Inline asm that is not volatile and touches no memory (memory(none): clang's
; reading of an asm statement without memory operands or a "memory" clobber)
; is no access and no strong operation: LLVM itself may delete or move it.
; Volatile asm, or asm that may touch memory, stays an unknown strong access
; (campaign AT: the previous build kept every barrier before pure asm, and
; every fence of a kernel with pure asm).
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s --check-prefix=FENCE

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.membar.gl()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_pure_asm(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_pure_asm(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  %r = call i32 asm "add.s32 $0, $1, 1;", "=r,r"(i32 %v) #0
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: @neg_volatile_asm(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_volatile_asm(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  %r = call i32 asm sideeffect "add.s32 $0, $1, 1;", "=r,r"(i32 %v) #0
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; Not volatile, but nothing says it touches no memory: it may read s.
; CHECK-LABEL: @neg_asm_may_read(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_asm_may_read(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %x = xor i32 %t, 1
  %q = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %r = call i32 asm "ld.shared.u32 $0, [$1];", "=r,r"(ptr addrspace(3) %q)
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; A fence is dead where no atomic or volatile operation may be ordered by it:
; pure asm is none.
; FENCE-LABEL: @pos_fence_beside_pure_asm(
; FENCE-NOT:     call void @llvm.nvvm.membar.gl()
; FENCE:         ret void
define ptx_kernel void @pos_fence_beside_pure_asm(ptr addrspace(1) %out, i32 %v) {
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.nvvm.membar.gl()
  %r = call i32 asm "add.s32 $0, $1, 1;", "=r,r"(i32 %v) #0
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 1
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; FENCE-LABEL: @neg_fence_beside_volatile_asm(
; FENCE:         call void @llvm.nvvm.membar.gl()
define ptx_kernel void @neg_fence_beside_volatile_asm(ptr addrspace(1) %out, i32 %v) {
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.nvvm.membar.gl()
  %r = call i32 asm sideeffect "add.s32 $0, $1, 1;", "=r,r"(i32 %v) #0
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 1
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; memory(none) on asm whose constraints name memory (a memory operand, a
; "memory" clobber): the constraints win (campaign AW).
; FENCE-LABEL: @neg_fence_beside_memory_operand(
; FENCE:         call void @llvm.nvvm.membar.gl()
define ptx_kernel void @neg_fence_beside_memory_operand(ptr addrspace(1) %out, ptr %flag, i32 %v) {
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.nvvm.membar.gl()
  call void asm "st.volatile.u32 $0, 1;", "=*m"(ptr elementtype(i32) %flag) #0
  ret void
}

; FENCE-LABEL: @neg_fence_beside_memory_clobber(
; FENCE:         call void @llvm.nvvm.membar.gl()
define ptx_kernel void @neg_fence_beside_memory_clobber(ptr addrspace(1) %out, ptr %flag, i32 %v) {
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.nvvm.membar.gl()
  call void asm "st.volatile.u32 [$0], 1;", "l,~{memory}"(ptr %flag) #0
  ret void
}

attributes #0 = { convergent nounwind memory(none) }
