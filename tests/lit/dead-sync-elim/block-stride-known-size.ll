; A block-stride loop over a global array of 2^28 words. The stores keep i
; below 2^28, but a step of up to 1024 may take 2^28 iterations to get there:
; 1024 * 2^28 passes 2^32, where the sequences of threads 0 and 64 of a
; 96-thread block meet (96 * m = 64 has a solution modulo 2^32). Once the
; block size is known, by --block-dim or the kernel's reqntid, the step is
; exactly that size, so at most 2^28 / 96 + 1 iterations complete, the
; counter never wraps, and the barrier goes (core/InBoundsIterations reads
; ntid's range from the launch's bounds).
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s --check-prefixes=CHECK,ANY
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=96x1x1>' %s | FileCheck %s --check-prefixes=CHECK,FIXED
; RUN: %xwarp check %s --variant address --block-dim '*,1,1' | FileCheck %s --check-prefix=CHECKER-ANY
; RUN: %xwarp check %s --variant address --block-dim '96,1,1' | FileCheck %s --check-prefix=CHECKER-FIXED
; CHECKER-ANY:        stage (kernel)
; CHECKER-ANY-NEXT:   llvm.nvvm.barrier0 kept
; CHECKER-ANY:        stage_reqntid (kernel)
; CHECKER-ANY-NEXT:   llvm.nvvm.barrier0 removed proved
; CHECKER-FIXED:      stage (kernel)
; CHECKER-FIXED-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER-FIXED:      stage_reqntid (kernel)
; CHECKER-FIXED-NEXT: llvm.nvvm.barrier0 removed proved

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@big = addrspace(1) global [268435456 x i32] zeroinitializer, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; CHECK-LABEL: @stage(
; ANY:           call void @llvm.nvvm.barrier0()
; FIXED-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @stage(ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = sext i32 %i to i64
  %p = getelementptr inbounds [268435456 x i32], ptr addrspace(1) @big, i64 0, i64 %iw
  store i32 %i, ptr addrspace(1) %p, align 4
  %i.next = add i32 %i, %nt
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = sext i32 %j to i64
  %q = getelementptr inbounds [268435456 x i32], ptr addrspace(1) @big, i64 0, i64 %jw
  %v = load i32, ptr addrspace(1) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %nt
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

; The same kernel with reqntid 96: its own bounds fix the step.
; CHECK-LABEL: @stage_reqntid(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @stage_reqntid(ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %fill, label %mid
fill:
  %i = phi i32 [ %t, %entry ], [ %i.next, %fill ]
  %iw = sext i32 %i to i64
  %p = getelementptr inbounds [268435456 x i32], ptr addrspace(1) @big, i64 0, i64 %iw
  store i32 %i, ptr addrspace(1) %p, align 4
  %i.next = add i32 %i, %nt
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %fill, label %mid
mid:
  call void @llvm.nvvm.barrier0()
  br i1 %any, label %copy, label %done
copy:
  %j = phi i32 [ %t, %mid ], [ %j.next, %copy ]
  %jw = sext i32 %j to i64
  %q = getelementptr inbounds [268435456 x i32], ptr addrspace(1) @big, i64 0, i64 %jw
  %v = load i32, ptr addrspace(1) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jw
  store i32 %v, ptr addrspace(1) %o, align 4
  %j.next = add i32 %j, %nt
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %copy, label %done
done:
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @stage_reqntid, !"reqntidx", i32 96}
