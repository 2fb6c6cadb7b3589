; Regions cross blocks and loop back edges; divergent barriers stay.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The write in one arm reaches the barrier after the join: kept.
; CHECK-LABEL: @neg_diamond(
; CHECK:       join:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_diamond(i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(3) @s
  br label %join
else:
  br label %join
join:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; The previous iteration's write reaches the barrier at the loop's top.
; CHECK-LABEL: @neg_loop_carried(
; CHECK:       loop:
; CHECK-NEXT:  %i = phi
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_loop_carried(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  store i32 %i, ptr addrspace(3) @s
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A barrier at the loop's top and one at its bottom with nothing between the
; bottom one and the next top. Decided in program order, the top one comes
; first and has nothing above it (entry, or the bottom barrier around the
; back edge): it goes, and the bottom one then orders everything.
; CHECK-LABEL: @pos_loop_top_and_bottom(
; CHECK:       %i = phi
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) @s
; CHECK-NEXT:  store i32 %i, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %i.next
define void @pos_loop_top_and_bottom(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  store i32 %i, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A barrier only some threads reach is undefined behaviour in CUDA: it is
; neither deleted nor trusted as a separator.
; CHECK-LABEL: @neg_divergent(
; CHECK:       then:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK:       join:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_divergent() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 1, ptr addrspace(3) @s
  %c = icmp ult i32 %t, 32
  br i1 %c, label %then, label %join
then:
  call void @llvm.nvvm.barrier0()
  br label %join
join:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s
  ret void
}

; A device function: the unknown caller is an access of every kind at entry
; and exit, so only a barrier with a run neighbour can go.
; CHECK-LABEL: @device_function(
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  store i32 1, ptr addrspace(3) @s
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  ret void
define void @device_function() {
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @neg_diamond, !"kernel", i32 1}
!1 = !{ptr @neg_loop_carried, !"kernel", i32 1}
!2 = !{ptr @pos_loop_top_and_bottom, !"kernel", i32 1}
!3 = !{ptr @neg_divergent, !"kernel", i32 1}
