; When SCEVExpander hands back a member's own address as the canonical base
; (ScalarEvolution already has a value for it), that address keeps its flags.
; If one of its accesses comes before every other member, the flags hold
; wherever the rewrites run, and the delta proof is told so: proved, kept in
; strict mode. If its access comes later, the proof cannot show them: unknown,
; and strict mode puts the rewrite back.
; (Strict mode: LLVM's ScalarEvolution, which reads the flags; without strict
; mode the pass reads none, and the base is expanded without them.)
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=strict>' -pass-remarks-analysis=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PROOF

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

; Thread t's short at byte 16t + 6, then its int at byte 16t + 12.
; CHECK-LABEL: @accessed_first(
; CHECK:         %scevcgp_0 = getelementptr inbounds i16, ptr addrspace(3) @s, i64 %d
; CHECK-NEXT:    store i16 %v, ptr addrspace(3) %scevcgp_0
; CHECK-NEXT:    %scevcgp_0.d6 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 6
; CHECK-NEXT:    store i32 %w, ptr addrspace(3) %scevcgp_0.d6
; PROOF: Delta proof for %q = {{.*}} = scevcgp_0 + 6: proved
define void @accessed_first(i32 %t, i16 %v, i32 %w) {
  %a = shl nuw nsw i32 %t, 3
  %b = and i32 %a, 504
  %c = or disjoint i32 %b, 3
  %d = zext nneg i32 %c to i64
  %p = getelementptr inbounds i16, ptr addrspace(3) @s, i64 %d
  store i16 %v, ptr addrspace(3) %p, align 2
  %e = shl nuw nsw i32 %t, 2
  %f = and i32 %e, 252
  %g = or disjoint i32 %f, 3
  %h = zext nneg i32 %g to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %h
  store i32 %w, ptr addrspace(3) %q, align 4
  ret void
}

; CHECK-LABEL: @accessed_later(
; CHECK:         %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %h
; CHECK-NEXT:    store i32 %w, ptr addrspace(3) %q
; CHECK-NEXT:    store i16 %v, ptr addrspace(3) %p
; PROOF: Delta proof for %q = {{.*}} = [[B:scevcgp_[0-9]+]] + 6: unknown (the rewritten address uses an inbounds GEP (%[[B]]) whose object bounds cannot be shown)
define void @accessed_later(i32 %t, i16 %v, i32 %w) {
  %a = shl nuw nsw i32 %t, 3
  %b = and i32 %a, 504
  %c = or disjoint i32 %b, 3
  %d = zext nneg i32 %c to i64
  %p = getelementptr inbounds i16, ptr addrspace(3) @s, i64 %d
  %e = shl nuw nsw i32 %t, 2
  %f = and i32 %e, 252
  %g = or disjoint i32 %f, 3
  %h = zext nneg i32 %g to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %h
  store i32 %w, ptr addrspace(3) %q, align 4
  store i16 %v, ptr addrspace(3) %p, align 2
  ret void
}
