; Both members' splits rest on IR flags (zext nneg, or disjoint), so neither
; member's own address may stand for the class. LLVM's ScalarEvolution, which
; read those flags, had a value for the base expression: the expander handed
; back a member's address, flags and all, and the proof held only when that
; member's access came first (accessed-base-vouches.ll has that case). The
; pass's own ScalarEvolution reads no IR flags, and the base is expanded as
; s + 16 * zext(trunc(t) to i6) + 6, which carries no member's flags:
; both orders of the accesses are rewritten, and every delta proof holds.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks-analysis=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PROOF

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

; Thread t's short at byte 16t + 6, then its int at byte 16t + 12.
; CHECK-LABEL: @accessed_first(
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(3) @s, i64 %scevcgptmp_
; CHECK-NEXT:    store i16 %v, ptr addrspace(3) %scevcgp_0
; CHECK-NEXT:    %scevcgp_0.d6 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 6
; CHECK-NEXT:    store i32 %w, ptr addrspace(3) %scevcgp_0.d6
; PROOF: Delta proof for %p = {{.*}} = scevcgp_0 + 0: proved
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

; The same addresses, the int accessed first.
; CHECK-LABEL: @accessed_later(
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(3) @s, i64 %scevcgptmp_
; CHECK-NEXT:    %scevcgp_0.d6 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 6
; CHECK-NEXT:    store i32 %w, ptr addrspace(3) %scevcgp_0.d6
; CHECK-NEXT:    store i16 %v, ptr addrspace(3) %scevcgp_0
; PROOF: Delta proof for %p = {{.*}} = scevcgp_0 + 0: proved
; PROOF: Delta proof for %q = {{.*}} = scevcgp_0 + 6: proved
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
