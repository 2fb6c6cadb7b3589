; A leaf defined over leaves of two nested aligned loops, rebuilt by two
; queries that share different loops' leaves (model/IterationAlignment:
; Substitution). Outer loop O flips cur and loads ld in every round; inner
; loop S writes buf[row][t], runs K_S, reads buf[row ^ 1][t + 1] and
; buf3[t + 1], runs b_S; row = ((ld << 1) ^ cur ^ j) & 1. Deciding K_S asks
; the pair (write, read) with O's and S's leaves shared: T = X ^ j is rebuilt
; over the shared j (loop-variant still, as ld is not shared). Deciding b_S
; asks the pair (read, next iteration's write), aligned by O alone, where j
; differs between the events: T must be rebuilt over the per-event j. The
; rebuilt leaf was keyed by T alone and kept the first query's definition,
; so b_S was removed and proved, and the race between iteration j's read
; and iteration j + 1's write went unseen (campaign BRK). Each rebuilt leaf
; is now one per set of new operands (TermContext::redefined): b_S stays.
; RUN: %xwarp check %s --variant address --block-dim '64,1,1' | FileCheck %s
; RUN: %xwarp simulate %s --diff --passes dse --variant address --block-dim 64,1,1 --int-args 2,2 \
; RUN:   | FileCheck %s --check-prefix=SIM
; CHECK:      k (kernel)
; CHECK-NEXT: llvm.nvvm.barrier0 removed proved
; CHECK-NEXT: llvm.nvvm.barrier0 kept
; CHECK-NEXT: llvm.nvvm.barrier0 kept {{.*}}read above / write below
; SIM: 0 races in the originals; optimized: 0 new races, 0 output differences

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [2 x [64 x float]] undef
@buf3 = internal addrspace(3) global [64 x float] undef

define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %g, i32 %n, i32 %m) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tp1 = add i32 %t, 1
  %tn = and i32 %tp1, 63
  %tf = uitofp i32 %t to float
  %p0 = getelementptr inbounds [2 x [64 x float]], ptr addrspace(3) @buf, i32 0, i32 0, i32 %t
  %p1 = getelementptr inbounds [2 x [64 x float]], ptr addrspace(3) @buf, i32 0, i32 1, i32 %t
  %pz = getelementptr inbounds [64 x float], ptr addrspace(3) @buf3, i32 0, i32 %t
  %pzn = getelementptr inbounds [64 x float], ptr addrspace(3) @buf3, i32 0, i32 %tn
  call void @llvm.nvvm.barrier0()
  br label %O

O:
  %it = phi i32 [ 0, %entry ], [ %it1, %Safter ]
  %cur = phi i32 [ 0, %entry ], [ %cur1, %Safter ]
  %acc = phi float [ 0.0, %entry ], [ %acc2, %Safter ]
  %ld = load i32, ptr addrspace(1) %g
  %ld2 = shl i32 %ld, 1
  %X = xor i32 %ld2, %cur
  br label %S

S:
  %j = phi i32 [ 0, %O ], [ %j1, %S ]
  %acc1 = phi float [ %acc, %O ], [ %accs, %S ]
  %T = xor i32 %X, %j
  %row = and i32 %T, 1
  %rowx = xor i32 %row, 1
  %pb = getelementptr inbounds [2 x [64 x float]], ptr addrspace(3) @buf, i32 0, i32 %row, i32 %t
  %v = fadd float %acc1, 1.0
  store float %v, ptr addrspace(3) %pb
  call void @llvm.nvvm.barrier0()
  %pa = getelementptr inbounds [2 x [64 x float]], ptr addrspace(3) @buf, i32 0, i32 %rowx, i32 %tn
  %a = load float, ptr addrspace(3) %pa
  %a3 = load float, ptr addrspace(3) %pzn
  %s1 = fadd float %a, %a3
  %accs = fadd float %acc1, %s1
  call void @llvm.nvvm.barrier0()
  %j1 = add i32 %j, 1
  %sd = icmp eq i32 %j1, %m
  br i1 %sd, label %Safter, label %S

Safter:
  call void @llvm.nvvm.barrier0()
  store float %accs, ptr addrspace(3) %pz
  %acc2 = fadd float %accs, 0.5
  %it1 = add i32 %it, 1
  %cur1 = xor i32 %cur, 1
  %last = icmp eq i32 %it1, %n
  br i1 %last, label %exit, label %O

exit:
  call void @llvm.nvvm.barrier0()
  %v0 = load float, ptr addrspace(3) %p0
  %v1 = load float, ptr addrspace(3) %p1
  %v2 = load float, ptr addrspace(3) %pz
  %s = fadd float %v0, %v1
  %s2 = fadd float %s, %v2
  %s3 = fadd float %s2, %acc2
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %s3, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
