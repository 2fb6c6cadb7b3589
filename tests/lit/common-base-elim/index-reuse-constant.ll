; Index reuse at a constant distance: a byte of s[i] read as
; ((char *)s)[4 * i + 2] is `sext(4 * i + 2)` to ScalarEvolution, which keeps
; the extension whole (its flags are the instructions', not the shape's), so
; it is no member of s[i]'s class. Its extension distributed, it is the
; accessed s[i] plus 2: one byte GEP off s[i], and the shift, or and
; extension go (it was rebuilt off sext(i) as 4 * sext(i) + 2, two GEPs).
; A reused address not accessed before is not used, and without the or's
; disjoint flag the extension does not distribute.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @pos_byte_of_word(
; CHECK:         %w = getelementptr inbounds i32, ptr %s, i64 %xe
; CHECK-NEXT:    store i32 %v, ptr %w, align 4
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr %w, i64 2
; CHECK-NEXT:    %b = load i8, ptr %scevcgp_off, align 1
; CHECK-NOT:     shl
; CHECK:         ret i8 %b
; REMARK: Delta proof for %p = getelementptr inbounds i8, ptr %s, i64 %be = %w + 2: proved
; REMARK: Rewrote %p = getelementptr inbounds i8, ptr %s, i64 %be as %w + 2: 4 instructions removed, 1 created
define i8 @pos_byte_of_word(ptr noundef %s, i32 noundef %t, i32 %v) {
entry:
  %x = srem i32 %t, 256
  %xe = sext i32 %x to i64
  %w = getelementptr inbounds i32, ptr %s, i64 %xe
  store i32 %v, ptr %w, align 4
  %sh = shl nsw i32 %x, 2
  %o = or disjoint i32 %sh, 2
  %be = sext i32 %o to i64
  %p = getelementptr inbounds i8, ptr %s, i64 %be
  %b = load i8, ptr %p, align 1
  ret i8 %b
}

; The byte is read before the word is accessed: s[i] vouches for nothing
; there, so the byte is rebuilt off the object, as 4 * sext(i) + 2.
; CHECK-LABEL: @neg_word_after(
; CHECK:         %scevcgp_idx = getelementptr [4 x i8], ptr %s, i64 %xe
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr %scevcgp_idx, i64 2
; CHECK-NEXT:    %b = load i8, ptr %scevcgp_off, align 1
; CHECK-NOT:     getelementptr i8, ptr %w
; CHECK:         ret i8 %b
define i8 @neg_word_after(ptr noundef %s, i32 noundef %t, i32 %v) {
entry:
  %x = srem i32 %t, 256
  %xe = sext i32 %x to i64
  %w = getelementptr inbounds i32, ptr %s, i64 %xe
  %sh = shl nsw i32 %x, 2
  %o = or disjoint i32 %sh, 2
  %be = sext i32 %o to i64
  %p = getelementptr inbounds i8, ptr %s, i64 %be
  %b = load i8, ptr %p, align 1
  store i32 %v, ptr %w, align 4
  ret i8 %b
}

; Without the or's disjoint flag (x * 4 | 2 is still an add, but the IR
; does not say so) the extension does not distribute: no constant distance.
; CHECK-LABEL: @neg_plain_or(
; CHECK-NOT:     getelementptr i8, ptr %w
; CHECK:         ret i8 %b
define i8 @neg_plain_or(ptr noundef %s, i32 noundef %t, i32 %v) {
entry:
  %x = srem i32 %t, 256
  %xe = sext i32 %x to i64
  %w = getelementptr inbounds i32, ptr %s, i64 %xe
  store i32 %v, ptr %w, align 4
  %sh = shl nsw i32 %x, 2
  %o = or i32 %sh, 2
  %be = sext i32 %o to i64
  %p = getelementptr inbounds i8, ptr %s, i64 %be
  %b = load i8, ptr %p, align 1
  ret i8 %b
}
