; A kernel that another function calls runs under its caller's context: PTX
; forbids the call (ptxas refuses it), but IR can say it. @inner's barrier at
; entry orders @outer's store s[t] before @inner's load s[t + 1]; it was
; removed ("no visible access above") and certified, for every variant,
; because a kernel was taken to start with nothing before it. Nor do its own
; bounds (reqntid 1, which would make every barrier dead) describe the call.
; The plugin now analyses such a kernel as a device function; the driver
; refuses the module.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %s | FileCheck %s
; RUN: %opt -S -passes='basic-dbe' %s | FileCheck %s
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 --absent %t.out -- %xwarp opt %s -o %t.out \
; RUN:   | FileCheck %s --check-prefix=DRIVER
; DRIVER: xwarp: error: {{.*}}called-kernel.ll: kernel @inner is called by @outer (only device functions can be called)

; CHECK-LABEL: define void @inner(
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-LABEL: define void @outer(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [65 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @inner(ptr addrspace(1) %out) {
  call void @llvm.nvvm.barrier0()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add nuw nsw i32 %t, 1
  %m = and i32 %t1, 63
  %p = getelementptr inbounds [65 x i32], ptr addrspace(3) @s, i32 0, i32 %m
  %v = load i32, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}

define void @outer(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [65 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p, align 4
  call void @inner(ptr addrspace(1) %out)
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @inner, !"kernel", i32 1}
!1 = !{ptr @outer, !"kernel", i32 1}
!2 = !{ptr @inner, !"reqntidx", i32 1}
