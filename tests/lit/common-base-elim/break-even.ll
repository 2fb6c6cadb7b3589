; A merge that creates as many instructions as it removes is made only when
; it thins a computation that only other addresses still use: rewriting
; those frees it next. g[((t + 16) % 64) * 4 | 5] and its neighbour at | 6
; (after random_53016.cu of the 2D random kernels, whose | 3 and | 2 the
; low bits show disjoint, and the first address then stands for both: see
; disjoint.ll): the base's expansion (an lshr, trunc, zext, shl, add and
; GEP) costs as much as the two addresses free. The add it reads, and t,
; which a store also uses, survive it with fewer users, but no later
; rewrite frees them; the merge is refused, and index reuse takes the | 6
; address as the | 5 one plus 4 bytes. (Outside
; strict mode: the flagless ScalarEvolution's expansion reuses the add; in
; strict mode LLVM's recomputes t as well, and the two addresses free more.)
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=report>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks-missed=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @neg_thins_nothing_freeable(
; CHECK-NOT:     scevcgp_0
; CHECK:         %p3 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %z3
; CHECK-NEXT:    store i32 %v, ptr addrspace(1) %p3, align 4
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr addrspace(1) %p3, i64 4
; CHECK-NEXT:    store i32 %v, ptr addrspace(1) %scevcgp_off, align 4
; CHECK-NEXT:    ret void
; REMARK: Kept 2 addresses (2 memory operations) apart: unprofitable: 7 instructions for 7 removed
define void @neg_thins_nothing_freeable(ptr addrspace(1) noundef %g, ptr addrspace(1) noundef %h, i32 noundef %a,
                                        i32 noundef %b, i32 noundef %v) {
  %t = add i32 %a, %b
  store i32 %t, ptr addrspace(1) %h, align 4
  %s = shl nuw nsw i32 %t, 2
  %s64 = add nuw nsw i32 %s, 64
  %m = and i32 %s64, 252
  %o3 = or disjoint i32 %m, 5
  %z3 = zext nneg i32 %o3 to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %z3
  store i32 %v, ptr addrspace(1) %p3, align 4
  %o2 = or disjoint i32 %m, 6
  %z2 = zext nneg i32 %o2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %z2
  store i32 %v, ptr addrspace(1) %p2, align 4
  ret void
}
