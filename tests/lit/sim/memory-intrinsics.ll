; The interpreter runs llvm.memset, llvm.memcpy and llvm.memmove byte by
; byte, each byte an access of the call: thread t sets bytes 4t..4t+3 of @s
; to t, and after the barrier copies its right neighbour's word to the output
; (word 0 of the buffer gets 1, word 1 gets 2, ...). @overlap sets 8 bytes
; from 4t, which its neighbour's set also covers: a race between the two
; calls. @move shifts a word within one thread's own slot with memmove.
; RUN: %xwarp simulate %s --cta 4,1,1 --kernel copy --print-words 4 | FileCheck %s --check-prefix=COPY
; COPY: buffer 0: 16843009 33686018 50529027 0
; COPY: 1 kernels, 6 runs: 0 races in the originals; 0 errors
; RUN: %xwarp simulate %s --cta 4,1,1 --kernel overlap | FileCheck %s --check-prefix=OVERLAP
; OVERLAP: overlap: race between threads {{[0-9]}} and {{[0-9]}} on @s+{{[0-9]+}}: overlap#0 (call at {{.*}}) & overlap#0 (call at {{.*}})
; OVERLAP: 1 kernels, 6 runs: 1 races in the originals; 0 errors
; RUN: %xwarp simulate %s --cta 4,1,1 --kernel move --print-words 2 | FileCheck %s --check-prefix=MOVE
; MOVE: buffer 0: 7 7
; MOVE: 1 kernels, 6 runs: 0 races in the originals; 0 errors

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [40 x i8] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.memset.p3.i32(ptr addrspace(3), i8, i32, i1)
declare void @llvm.memcpy.p1.p3.i32(ptr addrspace(1), ptr addrspace(3), i32, i1)
declare void @llvm.memmove.p3.p3.i32(ptr addrspace(3), ptr addrspace(3), i32, i1)

define void @copy(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %off = shl i32 %t, 2
  %mine = getelementptr i8, ptr addrspace(3) @s, i32 %off
  %v = trunc i32 %t to i8
  call void @llvm.memset.p3.i32(ptr addrspace(3) %mine, i8 %v, i32 4, i1 false)
  call void @llvm.nvvm.barrier0()
  %next = add i32 %off, 4
  %src = getelementptr i8, ptr addrspace(3) @s, i32 %next
  %dst = getelementptr i8, ptr addrspace(1) %out, i32 %off
  %len = select i1 true, i32 4, i32 0
  call void @llvm.memcpy.p1.p3.i32(ptr addrspace(1) %dst, ptr addrspace(3) %src, i32 %len, i1 false)
  ret void
}

define void @overlap(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %off = shl i32 %t, 2
  %mine = getelementptr i8, ptr addrspace(3) @s, i32 %off
  call void @llvm.memset.p3.i32(ptr addrspace(3) %mine, i8 1, i32 8, i1 false)
  ret void
}

define void @move(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %off = shl i32 %t, 3
  %lo = getelementptr i8, ptr addrspace(3) @s, i32 %off
  %hi = getelementptr i8, ptr addrspace(3) %lo, i32 4
  call void @llvm.memset.p3.i32(ptr addrspace(3) %lo, i8 7, i32 1, i1 false)
  call void @llvm.memset.p3.i32(ptr addrspace(3) %hi, i8 0, i32 4, i1 false)
  call void @llvm.memmove.p3.p3.i32(ptr addrspace(3) %hi, ptr addrspace(3) %lo, i32 1, i1 false)
  %w = load i32, ptr addrspace(3) %hi, align 4
  %lw = load i32, ptr addrspace(3) %lo, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  %both = and i32 %w, %lw
  store i32 %both, ptr addrspace(1) %o, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @copy, !"kernel", i32 1}
!1 = !{ptr @overlap, !"kernel", i32 1}
!2 = !{ptr @move, !"kernel", i32 1}
