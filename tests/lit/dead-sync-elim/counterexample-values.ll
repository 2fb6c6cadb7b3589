; A counterexample names the value of every free leaf the colliding accesses
; use, not only the threads and the uniform ones: the model leaves a loop
; counter free whatever the trip count, so thread 0's load s[32 * i] meets
; thread 32's store at i = 1 in the model. With 64 threads the loop runs
; once (i = 0 only) and the barrier could go; the reason used to claim the
; collision without the value of i that makes it.
; RUN: %xwarp opt %s --variant address --block-dim 64,1,1 --report - -o /dev/null | FileCheck %s
; CHECK: "reason": "write above / read below in shared memory: {{.*}} (a concrete collision: t=(32,0,0) t'=(0,0,0) ntid=(64,1,1) offsets 128 and 128 iter(loop)'=1)"
; CHECK: "verdict": "kept"

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [2048 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()

define void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %pre, label %done
pre:
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %k = lshr i32 %n, 6
  %any = icmp ne i32 %k, 0
  br i1 %any, label %loop, label %done
loop:
  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %loop ]
  %idx = shl nuw nsw i32 %i, 5
  %q = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %idx
  %v = load i32, ptr addrspace(3) %q, align 4
  %acc.next = add i32 %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %i.next, %k
  br i1 %again, label %loop, label %done
done:
  %r = phi i32 [ 0, %entry ], [ 0, %pre ], [ %acc.next, %loop ]
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
