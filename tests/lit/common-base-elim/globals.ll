; Two local pointers into the same global array, reached through different
; GEP chains in different blocks: their pointer base is the global, so they
; group together and share one base; a third pointer into another global
; stays apart.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = internal addrspace(1) global [1024 x float] zeroinitializer
@h = internal addrspace(1) global [1024 x float] zeroinitializer

; CHECK-LABEL: @two_pointers(
; CHECK:       entry:
; CHECK-NEXT:    %scevcgp_0 = getelementptr [1024 x float], ptr addrspace(1) @g, i64 0, i64 %tid
; CHECK:       left:
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0
; CHECK:       right:
; CHECK-NEXT:    %scevcgp_0.d128 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 128
; CHECK-NEXT:    store float 2.000000e+00, ptr addrspace(1) %scevcgp_0.d128
; CHECK-NEXT:    %r = getelementptr inbounds [1024 x float], ptr addrspace(1) @h, i64 0, i64 %tid
; CHECK-NEXT:    store float 3.000000e+00, ptr addrspace(1) %r
define void @two_pointers(i64 %tid, i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  %p = getelementptr inbounds [1024 x float], ptr addrspace(1) @g, i64 0, i64 %tid
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %done
right:
  %row = getelementptr inbounds [1024 x float], ptr addrspace(1) @g, i64 0, i64 32
  %q = getelementptr inbounds float, ptr addrspace(1) %row, i64 %tid
  store float 2.0, ptr addrspace(1) %q, align 4
  %r = getelementptr inbounds [1024 x float], ptr addrspace(1) @h, i64 0, i64 %tid
  store float 3.0, ptr addrspace(1) %r, align 4
  br label %done
done:
  ret void
}

; Clang writes `(s + 26)[t - 26]` with a constant inbounds GEP 104 bytes into
; @s. That member is the anchor; the base of `s[t]` is built from it, and the
; checker shows the constant within @s, so strict mode keeps the rewrite.
@s = internal addrspace(3) global [256 x i32] undef

; CHECK-LABEL: @moved_pointer(
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(3) %b, i64 -104
; CHECK-NEXT:    store i32 1, ptr addrspace(3) %scevcgp_0
; CHECK-NEXT:    store i32 2, ptr addrspace(3) %scevcgp_0
define void @moved_pointer(i64 %t) {
  %b = getelementptr i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @s, i64 104), i64 %t
  %p = getelementptr i8, ptr addrspace(3) %b, i64 -104
  store i32 1, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t
  store i32 2, ptr addrspace(3) %q, align 4
  ret void
}

; The argument itself is a member (its own address, offset 0) and becomes the
; base: the other member is %b + 8, named after the argument's bare name (the
; reports print the base as an operand, "%b", and that text once named the
; GEP %"%b.d8"; campaign BV).
; CHECK-LABEL: @argument_base(
; CHECK:         %b.d8 = getelementptr i8, ptr addrspace(1) %b, i64 8
; CHECK-NEXT:    store i32 1, ptr addrspace(1) %b.d8
define void @argument_base(ptr addrspace(1) noundef %b) {
  store i32 0, ptr addrspace(1) %b, align 4
  %q1 = getelementptr inbounds i8, ptr addrspace(1) %b, i64 4
  %q2 = getelementptr inbounds i8, ptr addrspace(1) %q1, i64 4
  store i32 1, ptr addrspace(1) %q2, align 4
  ret void
}
