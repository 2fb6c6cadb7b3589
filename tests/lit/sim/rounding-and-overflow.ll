; Floating-point results round once, in their own type, as the GPU computes
; them: llvm.fma and llvm.fmuladd are fused, and an i64 converts to float
; directly. Through a double they rounded twice:
; - fma.f32((1 + 2^-12), (1 + 2^-12), 2^-80): 1 + 2^-11 + 2^-24 + 2^-80 is
;   just above a tie and rounds up (word 1065357313); via double, the 2^-80
;   was lost first and the tie rounded to even (1065357312);
; - sitofp i64 (2^62 + 2^38 + 1) to float rounds up (1585446913);
; - fma.f64(1 + 2^-52, 1 - 2^-52, -1) is -2^-104 (words 0, -1183842304); as
;   a product then a sum it was 0.
; A signed division that overflows is undefined: reported as an error of the
; run (the host division trapped and killed the simulator).
; RUN: %xwarp simulate %s --cta 1,1,1 --kernel rounding --print-words 5 | FileCheck %s --check-prefix=ROUND
; ROUND: buffer 0: 1065357313 1585446913 1065357313 0 -1183842304
; ROUND: 1 kernels, 6 runs: 0 races in the originals; 0 errors
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 1,1,1 --kernel overflow \
; RUN:   --int-args=-9223372036854775808,-1 | FileCheck %s --check-prefix=OVERFLOW
; OVERFLOW: error: thread 0: signed division overflow

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare float @llvm.fma.f32(float, float, float)
declare float @llvm.fmuladd.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)

define void @rounding(ptr addrspace(1) %out) {
  %f = call float @llvm.fma.f32(float 0x3FF0010000000000, float 0x3FF0010000000000, float 0x3AF0000000000000)
  store float %f, ptr addrspace(1) %out, align 4
  %c = sitofp i64 4611686293305294849 to float
  %p1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 1
  store float %c, ptr addrspace(1) %p1, align 4
  %m = call float @llvm.fmuladd.f32(float 0x3FF0010000000000, float 0x3FF0010000000000, float 0x3AF0000000000000)
  %p2 = getelementptr inbounds float, ptr addrspace(1) %out, i64 2
  store float %m, ptr addrspace(1) %p2, align 4
  %d = call double @llvm.fma.f64(double 0x3FF0000000000001, double 0x3FEFFFFFFFFFFFFE, double -1.0)
  %p3 = getelementptr inbounds float, ptr addrspace(1) %out, i64 3
  store double %d, ptr addrspace(1) %p3, align 4
  ret void
}

define void @overflow(ptr addrspace(1) %out, i64 %a, i64 %b) {
  %q = sdiv i64 %a, %b
  store i64 %q, ptr addrspace(1) %out, align 8
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @rounding, !"kernel", i32 1}
!1 = !{ptr @overflow, !"kernel", i32 1}
