; A select of two places in one object is that object at the offset the
; condition selects (core/AddressBuilder: a leaf defined as the select of the
; two offsets, as variant as the condition and the places). Before, the
; select made the object unknown and every barrier around it stayed.
; - @pos_uniform_choice: each thread writes s[t] or s[t + 64] (a kernel
;   argument chooses), then reads back both: with 64 threads no other
;   thread's choice reaches them, and the barrier goes;
; - @neg_thread_choice: odd threads write s[t + 64], even ones s[t ^ 1], the
;   slot of their odd neighbour, which reads s[t] below: kept, with a
;   collision;
; - @neg_two_objects: a select of two arrays is one of them by turns
;   (selected-objects.ll); holding the array read below, its offsets are
;   that array's: kept, with a collision.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=64x1x1>' %s | FileCheck %s
; RUN: %xwarp check %s --variant address --block-dim '64,1,1' | FileCheck %s --check-prefix=CHECKER
; CHECKER:      pos_uniform_choice (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 removed proved
; CHECKER:      neg_thread_choice (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision
; CHECKER:      neg_two_objects (kernel)
; CHECKER-NEXT: llvm.nvvm.barrier0 kept {{.*}}collision

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [128 x i32] undef, align 4
@r = internal addrspace(3) global [128 x i32] undef, align 4

declare void @llvm.nvvm.barrier0()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_uniform_choice(
; CHECK-NOT:     call void @llvm.nvvm.barrier0()
; CHECK:         ret void
define ptx_kernel void @pos_uniform_choice(ptr addrspace(1) noalias %out, i1 noundef %c) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %lo = getelementptr inbounds [128 x i32], ptr addrspace(3) @s, i64 0, i64 %tw
  %hi = getelementptr inbounds i32, ptr addrspace(3) %lo, i64 64
  %p = select i1 %c, ptr addrspace(3) %lo, ptr addrspace(3) %hi
  store i32 1, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %a = load i32, ptr addrspace(3) %lo, align 4
  %b = load i32, ptr addrspace(3) %hi, align 4
  %sum = add i32 %a, %b
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %sum, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: @neg_thread_choice(
; CHECK:         store i32 1
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_thread_choice(ptr addrspace(1) noalias %out) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %own = getelementptr inbounds [128 x i32], ptr addrspace(3) @s, i64 0, i64 %tw
  %high = getelementptr inbounds i32, ptr addrspace(3) %own, i64 64
  %other = getelementptr inbounds [128 x i32], ptr addrspace(3) @s, i64 0, i64 %xw
  %odd = trunc i32 %t to i1
  %p = select i1 %odd, ptr addrspace(3) %high, ptr addrspace(3) %other
  store i32 1, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %a = load i32, ptr addrspace(3) %own, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %a, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: @neg_two_objects(
; CHECK:         store i32 1
; CHECK-NEXT:    call void @llvm.nvvm.barrier0()
define ptx_kernel void @neg_two_objects(ptr addrspace(1) noalias %out, i1 noundef %c) {
  %t = call range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tw = zext i32 %t to i64
  %ps = getelementptr inbounds [128 x i32], ptr addrspace(3) @s, i64 0, i64 %tw
  %pr = getelementptr inbounds [128 x i32], ptr addrspace(3) @r, i64 0, i64 %tw
  %p = select i1 %c, ptr addrspace(3) %ps, ptr addrspace(3) %pr
  store i32 1, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %tx = xor i32 %t, 1
  %xw = zext i32 %tx to i64
  %q = getelementptr inbounds [128 x i32], ptr addrspace(3) @s, i64 0, i64 %xw
  %a = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %a, ptr addrspace(1) %o, align 4
  ret void
}
