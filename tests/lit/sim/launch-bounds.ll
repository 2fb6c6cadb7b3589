; A CTA that the kernel's own bounds rule out is no launch of it: simulating it
; would report races no launch can have (here threads 32 and up would share
; words with threads below). It is an error for that kernel; the others run.
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 64,1,1 | FileCheck %s
; CHECK: wants_32: error: the CTA (64,1,1) is not a launch of this kernel (its bounds: 32x1x1)
; CHECK: 1 kernels, {{[0-9]+}} runs: 0 races in the originals; 1 errors
; With the CTA it asks for, it runs and has no race.
; RUN: %xwarp simulate %s --cta 32,1,1 --kernel wants_32 | FileCheck %s --check-prefix=FITS
; FITS: 1 kernels, {{[0-9]+}} runs: 0 races in the originals; 0 errors

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [32 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @wants_32(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = and i32 %t, 31
  %p = getelementptr inbounds [32 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 %t, ptr addrspace(3) %p
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %o
  ret void
}

define ptx_kernel void @any_size(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %o
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @wants_32, !"reqntidx", i32 32}
