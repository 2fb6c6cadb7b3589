; address: objects, path conditions, communication beyond the CTA, and the
; solver's limits. 1D blocks.
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1>' %s | FileCheck %s --check-prefixes=ALL,PATH
; RUN: %opt -S -passes='dead-sync-elim<address;block-dim=*x1x1;no-path-conditions>' %s \
; RUN:   | FileCheck %s --check-prefixes=ALL,NOPATH
; RUN: %opt -disable-output -passes='dead-sync-elim<address;block-dim=*x1x1;solver-timeout=1>' \
; RUN:   -pass-remarks-missed=dead-sync-elim %s 2>&1 | FileCheck %s --check-prefix=TIMEOUT

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Distinct restrict arrays: a[t] written, b[t+1] read. Removed.
; ALL-LABEL: @pos_restrict(
; ALL-NOT:   call void @llvm.nvvm.barrier0()
; ALL:       ret void
define void @pos_restrict(ptr noalias %a, ptr noalias %b, ptr noalias %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr i32, ptr %a, i64 %i
  store i32 %t, ptr %pa
  call void @llvm.nvvm.barrier0()
  %j = add nuw nsw i64 %i, 1
  %pb = getelementptr i32, ptr %b, i64 %j
  %v = load i32, ptr %pb
  %po = getelementptr i32, ptr %out, i64 %i
  store i32 %v, ptr %po
  ret void
}

; Plain pointers may be the same array: kept.
; ALL-LABEL: @neg_may_alias(
; ALL:       store i32 %t, ptr %pa
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_may_alias(ptr %a, ptr %b) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr i32, ptr %a, i64 %i
  store i32 %t, ptr %pa
  call void @llvm.nvvm.barrier0()
  %j = add nuw nsw i64 %i, 1
  %pb = getelementptr i32, ptr %b, i64 %j
  %v = load i32, ptr %pb
  ret void
}

; A halo: s[t+3] written by all; below, only threads t < 3 write s[t]. With
; the guard t < 3 the words never meet (t'+3 >= 3 > t); without it they may.
; ALL-LABEL: @halo_guard(
; PATH-NOT:   call void @llvm.nvvm.barrier0()
; NOPATH:     store i32 %t, ptr addrspace(3) %centre
; NOPATH-NEXT: call void @llvm.nvvm.barrier0()
; ALL:       ret void
define void @halo_guard() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = add nuw nsw i32 %t, 3
  %li = zext i32 %l to i64
  %centre = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %li
  store i32 %t, ptr addrspace(3) %centre
  call void @llvm.nvvm.barrier0()
  %c = icmp ult i32 %t, 3
  br i1 %c, label %halo, label %done
halo:
  %ti = zext i32 %t to i64
  %left = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ti
  store i32 0, ptr addrspace(3) %left
  br label %done
done:
  ret void
}

; Every thread writes its result to global memory, then thread 0 publishes a
; flag with an atomic: another CTA may read the results after the flag. The
; addresses never meet, but the barrier orders a release: kept.
; ALL-LABEL: @neg_publish_to_other_ctas(
; ALL:       store i32 %t, ptr %pr
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_publish_to_other_ctas(ptr noalias %results, ptr noalias %flag) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pr = getelementptr i32, ptr %results, i64 %i
  store i32 %t, ptr %pr
  call void @llvm.nvvm.barrier0()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %signal, label %done
signal:
  %old = atomicrmw add ptr %flag, i32 1 release
  br label %done
done:
  ret void
}

; s[t * m] for an odd uniform m: injective modulo 2^32, but only a solver can
; tell, and not within one millisecond: unknown, so the barrier stays.
; TIMEOUT: remark: {{.*}} Kept synch in function odd_multiplier: unknown: timeout
define void @odd_multiplier(i32 %u) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u2 = shl i32 %u, 1
  %m = or i32 %u2, 1
  %k = mul i32 %t, %m
  %ki = zext i32 %k to i64
  %p = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ki
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @pos_restrict, !"kernel", i32 1}
!1 = !{ptr @neg_may_alias, !"kernel", i32 1}
!2 = !{ptr @halo_guard, !"kernel", i32 1}
!3 = !{ptr @neg_publish_to_other_ctas, !"kernel", i32 1}
!4 = !{ptr @odd_multiplier, !"kernel", i32 1}
