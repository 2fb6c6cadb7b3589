; Soundness-checking mode in the pass: verify=report attaches a certificate to
; each deletion; verify=strict also rolls back every deletion that is not
; proved, so the barrier stays where it was.
; RUN: %opt -S -passes='dead-sync-elim<dataflow;ablate=no-waw;block-dim=*x1x1>' %s | FileCheck %s --check-prefix=ABLATED
; RUN: %opt -S -passes='dead-sync-elim<dataflow;ablate=no-waw;block-dim=*x1x1;verify=strict>' \
; RUN:   -pass-remarks-missed=dead-sync-elim -pass-remarks-analysis=dead-sync-elim %s 2>%t.remarks \
; RUN:   | FileCheck %s --check-prefix=STRICT
; RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
; RUN: %opt -disable-output -passes='dead-sync-elim<dataflow;ablate=seed-dead-conditions;block-dim=*x1x1;verify=strict;solver-timeout=1>' \
; RUN:   -pass-remarks-missed=dead-sync-elim %s 2>&1 | FileCheck %s --check-prefix=TIMEOUT

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Thread t writes s[t ^ 1], then s[t]: t ^ 1 overwrites what t wrote.
; ABLATED-LABEL: @waw(
; ABLATED-NOT:   call void @llvm.nvvm.barrier0()
; STRICT-LABEL:  @waw(
; STRICT:        store i32 1, ptr addrspace(3) %partner
; STRICT-NEXT:   call void @llvm.nvvm.barrier0()
; STRICT-NEXT:   store i32 2, ptr addrspace(3) %mine
; REMARKS: remark: <unknown>:0:0: Certificate for removed synch in function waw: refuted (threads collide: {{.*}}); t=({{[0-9]+}},0,0) t'=({{[0-9]+}},0,0)
; REMARKS: remark: <unknown>:0:0: Kept synch in function waw: rolled back: refuted: threads collide
define void @waw() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %t, 1
  %xi = zext i32 %x to i64
  %ti = zext i32 %t to i64
  %partner = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %xi
  %mine = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ti
  store i32 1, ptr addrspace(3) %partner
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr addrspace(3) %mine
  ret void
}

; s[t * m] for an odd uniform m is injective, but the checker cannot prove it
; within one millisecond: unknown, so strict mode keeps the barrier the
; (deliberately wrong) seed-dead-conditions variant deleted.
; TIMEOUT: remark: <unknown>:0:0: Kept synch in function odd_multiplier: rolled back: unknown: timeout
; ABLATED-LABEL: @odd_multiplier(
define void @odd_multiplier(i32 %u) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u2 = shl i32 %u, 1
  %m = or i32 %u2, 1
  %k = mul i32 %t, %m
  %ki = zext i32 %k to i64
  %p = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ki
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @waw, !"kernel", i32 1}
!1 = !{ptr @odd_multiplier, !"kernel", i32 1}
