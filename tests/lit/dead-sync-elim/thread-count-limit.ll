; A CTA has at most 1024 threads. With blockDim.x = 32 and y, z unknown,
; s[z * 1024 + y * 32 + x] is each thread's own slot: (x, y + 32, z) and
; (x, y, z + 1) would meet only in a CTA of 32 x 33 x 2 threads. The affine
; fast path bounded each dimension alone and called that a collision
; (campaign AV); it now leaves a collision no launch has to the solver.
; s[y * 32 + x] stays shared between threads that differ only in z.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=32x*x*>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '32,*,*' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      pos_own_slot_zyx (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_slot_ignores_z (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept unchecked {{.*}} (affine offsets collide for some t != t')

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [65536 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()

; CHECK-LABEL: @pos_own_slot_zyx(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_own_slot_zyx(ptr addrspace(1) %out) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %zz = shl nuw nsw i32 %z, 10
  %yy = shl nuw nsw i32 %y, 5
  %zy = add nuw nsw i32 %zz, %yy
  %i = add nuw nsw i32 %zy, %x
  %w = zext i32 %i to i64
  %p = getelementptr inbounds [65536 x i32], ptr addrspace(3) @s, i64 0, i64 %w
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %w
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: @neg_slot_ignores_z(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_slot_ignores_z(ptr addrspace(1) %out) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %yy = shl nuw nsw i32 %y, 5
  %i = add nuw nsw i32 %yy, %x
  %w = zext i32 %i to i64
  %p = getelementptr inbounds [65536 x i32], ptr addrspace(3) @s, i64 0, i64 %w
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
