; A byval argument is the callee's own copy (a kernel's parameter, a device
; function's argument copied by its caller): what goes through it is the
; thread's own, never another thread's. It counted as global memory that may
; alias the other parameters, so reading a field of a struct parameter kept
; every barrier (campaign AQ). A readonly byval parameter of a kernel only
; launched holds the launch's bytes in every thread, so a field read from it
; is uniform: s[p.off + t] is each thread's own slot (in 1D blocks). A call
; that passes a struct by value reads it there (the copy), whatever the
; callee's own memory effects: a callee of memory(none) hid the read of a
; neighbour's shared slot, and the barrier before it went.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1;verify=strict>' %s | FileCheck %s --check-prefixes=CHECK,ADDR
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s --check-prefixes=CHECK,FLAGS
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s --check-prefixes=CHECK,FLAGS

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Params = type { i32, i32 }
@s = internal addrspace(3) global [1024 x float] undef, align 4

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Above: a read of the parameter; below: a store to global memory. Nothing
; another thread touches is read above.
; CHECK-LABEL: @pos_parameter_read_then_global_store(
; CHECK-NOT:     @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_parameter_read_then_global_store(ptr noundef readonly byval(%struct.Params) align 4 %p, ptr addrspace(1) noundef %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = load i32, ptr %p, align 4
  call void @llvm.nvvm.barrier0()
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t64
  store i32 %n, ptr addrspace(1) %q, align 4
  ret void
}

; s[p.off + t] written and read back by its own thread.
; CHECK-LABEL: @own_slot_at_parameter_offset(
; ADDR-NOT:      @llvm.nvvm.barrier0()
; FLAGS:         call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @own_slot_at_parameter_offset(ptr noundef readonly byval(%struct.Params) align 4 %p, ptr addrspace(1) noalias noundef %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = uitofp i32 %t to float
  %off = load i32, ptr %p, align 4
  %i = add nsw i32 %off, %t
  %i64 = sext i32 %i to i64
  %slot = getelementptr inbounds [1024 x float], ptr addrspace(3) @s, i64 0, i64 %i64
  store float %v, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %r = load float, ptr addrspace(3) %slot, align 4
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

; The copy is written first (not readonly): p.off is each thread's own,
; here -t, so every thread writes s[0] and reads it back after the barrier.
; CHECK-LABEL: @neg_written_copy(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_written_copy(ptr noundef byval(%struct.Params) align 4 %p, ptr addrspace(1) noalias noundef %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %minus = sub i32 0, %t
  store i32 %minus, ptr %p, align 4
  %v = uitofp i32 %t to float
  %off = load i32, ptr %p, align 4
  %i = add nsw i32 %off, %t
  %i64 = sext i32 %i to i64
  %slot = getelementptr inbounds [1024 x float], ptr addrspace(3) @s, i64 0, i64 %i64
  store float %v, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %r = load float, ptr addrspace(3) %slot, align 4
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

; A kernel another kernel calls gets its copy from the caller, which may
; differ per thread: p.off is not uniform there.
; CHECK-LABEL: @neg_called_kernel(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_called_kernel(ptr noundef readonly byval(%struct.Params) align 4 %p, ptr addrspace(1) noalias noundef %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = uitofp i32 %t to float
  %off = load i32, ptr %p, align 4
  %i = add nsw i32 %off, %t
  %i64 = sext i32 %i to i64
  %slot = getelementptr inbounds [1024 x float], ptr addrspace(3) @s, i64 0, i64 %i64
  store float %v, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %r = load float, ptr addrspace(3) %slot, align 4
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @caller(ptr addrspace(1) noalias noundef %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %copy = alloca %struct.Params, align 4
  %minus = sub i32 0, %t
  store i32 %minus, ptr %copy, align 4
  call void @neg_called_kernel(ptr byval(%struct.Params) align 4 %copy, ptr addrspace(1) %out)
  ret void
}

@pairs = internal addrspace(3) global [1024 x %struct.Params] undef, align 4

define internal i32 @ignores_its_copy(ptr byval(%struct.Params) align 4 %q) noinline memory(none) {
  ret i32 7
}

; The copy of the neighbour's slot is a read of it: the barrier stays.
; CHECK-LABEL: @neg_copy_of_neighbours_slot(
; CHECK:         call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_copy_of_neighbours_slot(ptr addrspace(1) noalias noundef %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr [1024 x %struct.Params], ptr addrspace(3) @pairs, i64 0, i64 %t64
  store i32 %t, ptr addrspace(3) %mine, align 4
  call void @llvm.nvvm.barrier0()
  %n64 = add i64 %t64, 1
  %theirs = getelementptr [1024 x %struct.Params], ptr addrspace(3) @pairs, i64 0, i64 %n64
  %g = addrspacecast ptr addrspace(3) %theirs to ptr
  %v = call i32 @ignores_its_copy(ptr byval(%struct.Params) align 4 %g)
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %t64
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; The copy of the thread's own slot: address removes the barrier.
; CHECK-LABEL: @copy_of_own_slot(
; ADDR-NOT:      @llvm.nvvm.barrier0()
; FLAGS:         call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @copy_of_own_slot(ptr addrspace(1) noalias noundef %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %mine = getelementptr [1024 x %struct.Params], ptr addrspace(3) @pairs, i64 0, i64 %t64
  store i32 %t, ptr addrspace(3) %mine, align 4
  call void @llvm.nvvm.barrier0()
  %g = addrspacecast ptr addrspace(3) %mine to ptr
  %v = call i32 @ignores_its_copy(ptr byval(%struct.Params) align 4 %g)
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %t64
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
