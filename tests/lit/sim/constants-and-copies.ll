; The interpreter's reading of constants and argument copies (campaign AP;
; each was silently wrong before): a struct initializer was zeros and a
; pointer in one null (clang writes a partly initialized table as a packed
; struct); a byval argument was the caller's memory itself, per call and per
; thread; a half constant was read as a double; fneg of a signalling NaN
; quieted it (it flips the sign bit only); the 65,536th object's id wrapped
; to alias the first ones (now an error of the run).
; RUN: %xwarp simulate %s --cta 1,1,1 --kernel globals --print-words 5 | FileCheck %s --check-prefix=GLOBALS
; GLOBALS: buffer 0: 1111 7 8 0 1111
; RUN: %xwarp simulate %s --cta 4,1,1 --kernel device_byval --print-words 4 | FileCheck %s --check-prefix=DEVICE
; DEVICE: buffer 0: 5 5 5 5
; RUN: %xwarp simulate %s --cta 64,1,1 --kernel kernel_byval --print-words 4 | FileCheck %s --check-prefix=KERNEL
; KERNEL: buffer 1: 0 1 2 3
; KERNEL: 1 kernels, 6 runs: 0 races in the originals; 0 errors
; RUN: %xwarp simulate %s --cta 1,1,1 --kernel floats --print-words 3 | FileCheck %s --check-prefix=FLOATS
; FLOATS: buffer 0: 3 -6291456 2
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 1,1,1 \
; RUN:   --kernel many_allocas --int-args 70000 --schedules 1 | FileCheck %s --check-prefix=MANY
; MANY: error: thread 0: more than 65535 objects, allocas never freed (not modelled)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Rec = type { i32, i16, i8, i64 }
@ptr_to_later = addrspace(1) global ptr addrspace(1) @rec, align 8
@rec = addrspace(1) global %Rec { i32 1111, i16 2, i8 3, i64 4 }, align 8
@table = addrspace(4) constant <{ i32, i32, [2 x i32] }> <{ i32 7, i32 8, [2 x i32] zeroinitializer }>, align 4

define ptx_kernel void @globals(ptr addrspace(1) %out) {
  %a = load i32, ptr addrspace(1) @rec
  store i32 %a, ptr addrspace(1) %out
  %t0 = load i32, ptr addrspace(4) @table
  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %t0, ptr addrspace(1) %o1
  %p1 = getelementptr i32, ptr addrspace(4) @table, i64 1
  %t1 = load i32, ptr addrspace(4) %p1
  %o2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %t1, ptr addrspace(1) %o2
  %p2 = getelementptr i32, ptr addrspace(4) @table, i64 2
  %t2 = load i32, ptr addrspace(4) %p2
  %o3 = getelementptr i32, ptr addrspace(1) %out, i64 3
  store i32 %t2, ptr addrspace(1) %o3
  %pp = load ptr addrspace(1), ptr addrspace(1) @ptr_to_later
  %b = load i32, ptr addrspace(1) %pp
  %o4 = getelementptr i32, ptr addrspace(1) %out, i64 4
  store i32 %b, ptr addrspace(1) %o4
  ret void
}

; The callee changes its own copy; the caller's stays 5.
define internal void @bump(ptr byval(i32) align 4 %v) noinline {
  %x = load i32, ptr %v
  %y = add i32 %x, 100
  store i32 %y, ptr %v
  ret void
}

define ptx_kernel void @device_byval(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = alloca i32, align 4
  store i32 5, ptr %mine
  call void @bump(ptr byval(i32) align 4 %mine)
  %v = load i32, ptr %mine
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; Each thread has its own copy of a byval kernel parameter: no race, and
; each reads back its own id.
define ptx_kernel void @kernel_byval(ptr byval(i32) align 4 %p, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %p
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @floats(ptr addrspace(1) %out) {
  %h = fadd half 0xH3C00, 0xH4000
  %e = fpext half %h to float
  %i = fptosi float %e to i32
  store i32 %i, ptr addrspace(1) %out
  %sn = bitcast i32 2141192192 to float
  %n = fneg float %sn
  %b = bitcast float %n to i32
  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %b, ptr addrspace(1) %o1
  %f = call half @llvm.fma.f16(half 0xH3C00, half 0xH3C00, half 0xH3C00)
  %fi = fptosi half %f to i32
  %o2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %fi, ptr addrspace(1) %o2
  ret void
}

define ptx_kernel void @many_allocas(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %a = alloca i32, align 4
  store i32 %i, ptr %a
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store i32 %i1, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare half @llvm.fma.f16(half, half, half)
