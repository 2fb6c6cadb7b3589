; barrier.sync (PTX's, without .aligned) may be reached by some threads only:
; each arrival counts towards the next completion of its resource, whichever
; barrier instruction it comes from. Once some threads skip one, the others
; arrive at every later barrier on that resource one phase apart, and a
; barrier there is no point the whole CTA passes together (campaign AJ2).
; - @neg_shifted_exchange: the first warp arrives once before the exchange,
;   the second once after it; of the exchange's two adjacent barriers one
;   was removed (proved), and the second warp's write of s[t] then raced with
;   the first warp's read of s[t^32] (simulate --diff, last RUN line).
; (barrier-sync-in-device-function.ll: one in a device function.)
; - @neg_atomic_flag: a branch on a relaxed atomic load of a flag another
;   thread sets splits the threads (NVPTX's UniformityInfo calls a load of
;   shared memory uniform before it asks whether it is atomic): both arms'
;   barrier.sync stay.
; - @neg_newer_spelling: the same shift made by llvm.nvvm.barrier.cta.sync.all,
;   later LLVMs' name of barrier.sync (without .aligned) (campaign AJ3).
; - @neg_local_variable: a branch on what a thread reads back from its own
;   local variable (through a global pointer, as IR may) splits the threads;
;   NVPTX's UniformityInfo calls an alloca uniform, and a load of global
;   memory too (campaign AJ4; the simulator gives each thread its own).
; - @pos_uniform_pair: barrier.sync reached by every thread: of two adjacent
;   ones, one still goes.
; - @pos_plain_call: a call that is not convergent may be taken to run no
;   barrier (LLVM's rule for the attribute; barrier-sync-unseen-code.ll has
;   the convergent ones), so it shifts nothing.
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant dataflow --block-dim 64,1,1 | FileCheck %s --check-prefix=CHECKER
; RUN: %xwarp simulate %s --diff --variant address --block-dim 64,1,1 --cta 64,1,1 --kernel neg_shifted_exchange \
; RUN:   | FileCheck %s --check-prefix=SIM

; CHECKER:      neg_shifted_exchange (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} shares its barrier resource with a barrier.sync reached under divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} shares its barrier resource with a barrier.sync reached under divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER:      neg_atomic_flag (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER:      neg_local_variable (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER:      pos_uniform_pair (kernel)
; CHECKER:      llvm.nvvm.barrier.sync removed proved
; CHECKER:      neg_newer_spelling (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.cta.sync.all kept unchecked {{.*}} reached under thread-divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} shares its barrier resource with a barrier.sync reached under divergent control flow
; CHECKER-NEXT: llvm.nvvm.barrier.sync kept unchecked {{.*}} shares its barrier resource with a barrier.sync reached under divergent control flow
; CHECKER:      pos_plain_call (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier.sync removed proved

; SIM: 1 kernels, 12 runs: 0 races in the originals; optimized: 0 new races, 0 output differences

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4
@flag = internal addrspace(3) global i32 undef, align 4

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare void @plain()

; CHECK-LABEL: @neg_shifted_exchange(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_shifted_exchange(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %early, label %exchange
early:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %exchange
exchange:
  %own = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %own
  call void @llvm.nvvm.barrier.sync(i32 0)
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %other = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %other
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  br i1 %first, label %done, label %late
late:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %done
done:
  ret void
}

; CHECK-LABEL: @neg_atomic_flag(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_atomic_flag(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %setter = icmp eq i32 %t, 40
  br i1 %setter, label %set, label %read
set:
  store atomic i32 1, ptr addrspace(3) @flag monotonic, align 4
  br label %read
read:
  %f = load atomic i32, ptr addrspace(3) @flag monotonic, align 4
  %unset = icmp eq i32 %f, 0
  br i1 %unset, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %done
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %f, ptr addrspace(1) %q
  br label %done
done:
  ret void
}

; CHECK-LABEL: @neg_local_variable(
; CHECK:       {{^}}zero:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK:       {{^}}one:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_local_variable(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = alloca i32, align 4
  %warp = lshr i32 %t, 5
  store i32 %warp, ptr %slot
  %global = addrspacecast ptr %slot to ptr addrspace(1)
  %w = load i32, ptr addrspace(1) %global
  %first = icmp eq i32 %w, 0
  br i1 %first, label %zero, label %one
zero:
  call void @llvm.nvvm.barrier.sync(i32 0)
  br label %done
one:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %w, ptr addrspace(1) %q
  br label %done
done:
  ret void
}

; CHECK-LABEL: @pos_uniform_pair(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK-NEXT:    %x = xor i32 %t, 32
define ptx_kernel void @pos_uniform_pair(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %own = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %own
  call void @llvm.nvvm.barrier.sync(i32 0)
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %other = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %other
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: @neg_newer_spelling(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
define ptx_kernel void @neg_newer_spelling(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %early, label %exchange
early:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  br label %exchange
exchange:
  %own = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %own
  call void @llvm.nvvm.barrier.sync(i32 0)
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %other = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %other
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: @pos_plain_call(
; CHECK:         store i32 %t, ptr addrspace(3) %own
; CHECK-NEXT:    call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK-NEXT:    %x = xor i32 %t, 32
define ptx_kernel void @pos_plain_call(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %early, label %exchange
early:
  call void @plain()
  br label %exchange
exchange:
  %own = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %own
  call void @llvm.nvvm.barrier.sync(i32 0)
  call void @llvm.nvvm.barrier.sync(i32 0)
  %x = xor i32 %t, 32
  %other = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %other
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}
