; ScalarEvolution takes a phi with an undef incoming for its other incoming
; value: %ph reads as %i, and a[%ph], a[%i+2] and a[%i+3] are one class. But
; %ph is anything on the path from %entry, where the original reads it in no
; access; a base built off it (by a member's copy, or by SCEVExpander, which
; reuses any value of the SCEV it expands) moved the load and the store of
; a[%i+2] and a[%i+3] there. Without proofs too, the base is computed from
; %i; a[%ph] may become a[%i] (it only refines it).
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @undef_incoming(
; CHECK-NOT:     %ph
; CHECK:         %scevcgp_0 = getelementptr i32, ptr %p, i64 %scevcgptmp_
; CHECK-NOT:     %ph
; CHECK:         ret void
define void @undef_incoming(ptr %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i0 = zext i32 %t to i64
  %i = shl nuw nsw i64 %i0, 2
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %a, label %m
a:
  br label %m
m:
  %ph = phi i64 [ %i, %a ], [ undef, %entry ]
  %m1 = getelementptr inbounds i32, ptr %p, i64 %ph
  br i1 %c, label %use1, label %cont
use1:
  store i32 7, ptr %m1, align 4
  br label %cont
cont:
  %i2 = add nuw nsw i64 %i, 2
  %m2 = getelementptr inbounds i32, ptr %p, i64 %i2
  %v2 = load i32, ptr %m2, align 4
  %i3 = add nuw nsw i64 %i, 3
  %m3 = getelementptr inbounds i32, ptr %p, i64 %i3
  store i32 %v2, ptr %m3, align 4
  ret void
}
