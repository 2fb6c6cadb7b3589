; A plain load of one shared word may read different values in different
; threads without a data race when something orders some threads and not
; others. Here the second warp waits at a named barrier (barrier.sync(1))
; that the first warp passes only after thread 0 stored the flag: warp 0
; reads 0, warp 1 reads 1, from one load. NVPTX's UniformityInfo calls the
; load uniform; the branch on it gives warp 0 an extra barrier.sync(0)
; before the exchange and warp 1 one after, and one of the exchange's two
; adjacent __syncthreads was removed (proved; simulate --diff found the race,
; last RUN line, campaign AJ5). Where the module has a partial or named
; barrier, or an atomic or volatile access (release and acquire order some
; threads too), plain loads of memory are sources of divergence.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp simulate %s --diff --variant four-map --block-dim 64,1,1 --cta 64,1,1 | FileCheck %s --check-prefix=SIM
; SIM: 1 kernels, 12 runs: 0 races in the originals; optimized: 0 new races, 0 output differences

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4
@flag = internal addrspace(3) global i32 undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @neg_named_handoff(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_named_handoff(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %is0 = icmp eq i32 %t, 0
  br i1 %is0, label %init, label %initjoin
init:
  store i32 0, ptr addrspace(3) @flag, align 4
  br label %initjoin
initjoin:
  call void @llvm.nvvm.barrier0()
  %w = lshr i32 %t, 5
  %warp1 = icmp eq i32 %w, 1
  br i1 %warp1, label %wait1, label %j1
wait1:
  call void @llvm.nvvm.barrier.sync(i32 1)
  br label %j1
j1:
  %f = load i32, ptr addrspace(3) @flag, align 4
  %warp0 = icmp eq i32 %w, 0
  br i1 %warp0, label %sig, label %j2
sig:
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  br i1 %is0, label %set, label %sig2
set:
  store i32 1, ptr addrspace(3) @flag, align 4
  br label %sig2
sig2:
  call void @llvm.nvvm.barrier.sync(i32 1)
  br label %j2
j2:
  %c = icmp eq i32 %f, 0
  br i1 %c, label %early, label %exchange
early:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %exchange
exchange:
  %own = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %own
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier0()
  %x = xor i32 %t, 32
  %other = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %other
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br i1 %c, label %done, label %late
late:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %done
done:
  ret void
}
