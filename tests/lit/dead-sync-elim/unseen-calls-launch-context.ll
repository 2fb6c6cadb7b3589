; Calls the kernels that reach a function (for the launch-bound conflicts of
; callback-launch-context.ll) were not followed through, one module each:
; - asm: inline PTX `call`s the function whose address it is given;
; - statepoint: an intrinsic without nocallback (gc.statepoint) calls its
;   operand;
; - declared: a kernel of another unit, declared here with its bounds, may
;   call any function visible outside the module.
; In each, @exchange reads s[t ^ ((64 - ntid) / 16)] (private at 64 threads,
; s[t ^ 2] at 32) under a kernel of at most 32 threads; with --block-dim
; 64x1x1 it was analysed at 64 threads and lost its middle barrier
; (certified).
; RUN: split-file %s %t
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %t/asm.ll | FileCheck %t/exchange.check
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %t/statepoint.ll | FileCheck %t/exchange.check
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1;verify=strict>' %t/declared.ll | FileCheck %t/exchange.check
; RUN: %xwarp opt %t/declared.ll --variant address --block-dim 64,1,1 -o - | FileCheck %t/exchange.check

;--- exchange.check
; CHECK-LABEL: @exchange(
; CHECK:         store i32 %t, ptr addrspace(3) %p
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()

;--- asm.ll
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define internal void @exchange() noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @llvm.nvvm.barrier0()
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = sub nsw i32 64, %n
  %k = lshr i32 %d, 4
  %u = xor i32 %t, %k
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @k32() {
  call void asm sideeffect "{ .reg .b64 fp; mov.b64 fp, $0; proto: .callprototype ()_ (); call fp, (), proto; }", "l"(ptr @exchange)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k32, !"kernel", i32 1, !"maxntidx", i32 32}

;--- statepoint.ll
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)

define internal void @exchange() noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @llvm.nvvm.barrier0()
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = sub nsw i32 64, %n
  %k = lshr i32 %d, 4
  %u = xor i32 %t, %k
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @k32() gc "statepoint-example" {
  %token = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr elementtype(void ()) @exchange, i32 0, i32 0, i32 0, i32 0)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k32, !"kernel", i32 1, !"maxntidx", i32 32}

;--- declared.ll
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @k32_elsewhere()

define void @exchange() noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  call void @llvm.nvvm.barrier0()
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = sub nsw i32 64, %n
  %k = lshr i32 %d, 4
  %u = xor i32 %t, %k
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load i32, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @k64() {
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k32_elsewhere, !"kernel", i32 1, !"maxntidx", i32 32}
!1 = !{ptr @k64, !"kernel", i32 1}
