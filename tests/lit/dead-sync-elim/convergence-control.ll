; IR with convergence-control tokens passes through with its tokens intact and
; stays verifier-clean; a dead barrier carrying a convergencectrl bundle can
; still go.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: FileCheck %s < %t.ll

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()

; CHECK-LABEL: @controlled(
; CHECK:       %entry.tok = call token @llvm.experimental.convergence.entry()
; CHECK:       store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.barrier0() [ "convergencectrl"(token %entry.tok) ]
; CHECK-NEXT:  br label %loop
; CHECK:       loop:
; CHECK-NEXT:  %loop.tok = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %entry.tok) ]
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) @s
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void
define void @controlled(i1 %c) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0() [ "convergencectrl"(token %entry.tok) ]
  br label %loop
loop:
  %loop.tok = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %entry.tok) ]
  %v = load i32, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0() [ "convergencectrl"(token %loop.tok) ]
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @controlled, !"kernel", i32 1}
