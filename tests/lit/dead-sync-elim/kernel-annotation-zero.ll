; A function is a kernel as the NVPTX backend reads it: its `kernel`
; annotation decides when it has one, even against its calling convention.
; @f has the ptx_kernel convention but `kernel 0`: llc makes it a .func,
; which another unit may call after writing g[t]; thread t reads g[t ^ 1]
; after the barrier. It was taken for a kernel (nothing above its entry
; barrier, generic parameters in global memory) and its barrier removed,
; certified. @k (`kernel 1`) stays a kernel: its entry barrier goes.
; Two entries giving both values are bad input to the driver (the plugin
; takes such a function for a device function).
; RUN: split-file %s %t
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %t/zero.ll | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %t/zero.ll | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;verify=strict>' %t/zero.ll | FileCheck %s
; RUN: %opt -S -passes='basic-dbe' %t/zero.ll | FileCheck %s
; RUN: %xwarp opt %t/zero.ll --variant address -o - | FileCheck %s
; RUN: llc-19 -mcpu=sm_80 %t/zero.ll -o - | FileCheck %s --check-prefix=PTX
; PTX: .visible .func  (.param .b32 func_retval0) f(
; PTX: .visible .entry k(
; RUN: %opt -S -passes='dead-sync-elim<address>' %t/both.ll | FileCheck %s
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 --absent %t.out -- %xwarp opt %t/both.ll -o %t.out \
; RUN:   | FileCheck %s --check-prefix=BOTH
; BOTH: xwarp: error: {{.*}}both.ll: conflicting !nvvm.annotations entries for @f: 'kernel' is both 0 and 1

; CHECK-LABEL: define {{.*}}i32 @f(
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-LABEL: define {{.*}}void @k(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void

;--- zero.ll
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel i32 @f(ptr addrspace(1) %g) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = xor i32 %t, 1
  %q = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %u
  %r = load i32, ptr addrspace(1) %q
  ret i32 %r
}

define void @k(ptr addrspace(1) %g) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = xor i32 %t, 1
  %q = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %u
  %r = load i32, ptr addrspace(1) %q
  store i32 %r, ptr addrspace(1) %g
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @f, !"kernel", i32 0}
!1 = !{ptr @k, !"kernel", i32 1}

;--- both.ll
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define i32 @f(ptr addrspace(1) %g) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = xor i32 %t, 1
  %q = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %u
  %r = load i32, ptr addrspace(1) %q
  ret i32 %r
}

define void @k(ptr addrspace(1) %g) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = xor i32 %t, 1
  %q = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %u
  %r = load i32, ptr addrspace(1) %q
  store i32 %r, ptr addrspace(1) %g
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @f, !"kernel", i32 0}
!1 = !{ptr @f, !"kernel", i32 1}
!2 = !{ptr @k, !"kernel", i32 1}
