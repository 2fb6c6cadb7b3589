; The reverse schedule runs the highest thread until it blocks. Thread 1
; spins on a flag thread 0 sets, so it never blocked: the run stopped at the
; step limit, an error that left the kernel unchecked. After a long slice
; without blocking, the next lower thread now has its turn; thread 0 sets
; the flag and every schedule ends (thread 1 copies the word thread 0 wrote
; before the flag: 7).
; RUN: %xwarp simulate %s --cta 2,1,1 --print-words 2 | FileCheck %s
; CHECK: buffer 0: 0 7
; CHECK: 1 kernels, 6 runs: 0 races in the originals; 0 errors

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@flag = internal addrspace(3) global i32 undef, align 4
@data = internal addrspace(3) global i32 undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @spin(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %set, label %wait
set:
  store atomic i32 7, ptr addrspace(3) @data seq_cst, align 4
  store atomic i32 1, ptr addrspace(3) @flag seq_cst, align 4
  store i32 0, ptr addrspace(1) %out, align 4
  br label %done
wait:
  %f = load atomic i32, ptr addrspace(3) @flag seq_cst, align 4
  %unset = icmp eq i32 %f, 0
  br i1 %unset, label %wait, label %read
read:
  %d = load atomic i32, ptr addrspace(3) @data seq_cst, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 1
  store i32 %d, ptr addrspace(1) %o, align 4
  br label %done
done:
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @spin, !"kernel", i32 1}
