; A loop's LCSSA phi is the value it merges. After a strided loop, the byte
; ((char *)B)[4 * i + 2] of the last i is the word B[i] the loop's last
; iteration loaded, plus 2 bytes: index reuse rewrites it so in every mode.
; The delta proof read the exit's phi and the loop's own value as two
; inputs ("depends on another value the original does not use", campaign
; 29), and strict mode put the rewrite back; it is proved now.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_byte_after_loop(
; CHECK-LABEL: exit:
; CHECK-NEXT:    %scevcgp_off = getelementptr i8, ptr addrspace(1) %q, i64 2
; CHECK-NEXT:    %b = load i8, ptr addrspace(1) %scevcgp_off, align 1
; REMARK: Delta proof for %p = {{.*}} = %q + 2: proved
; REMARK: Rewrote %p = {{.*}} as %q + 2: 5 instructions removed, 1 created
define i8 @pos_byte_after_loop(ptr addrspace(1) noundef %in, i32 noundef %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = add i32 %t, %n
  %lim = add i32 %x, 12
  br label %loop
loop:
  %i = phi i32 [ %x, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ie = sext i32 %i to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %ie
  %w = load i32, ptr addrspace(1) %q, align 4
  %acc.next = add i32 %acc, %w
  %i.next = add nsw i32 %i, 3
  %c = icmp slt i32 %i.next, %lim
  br i1 %c, label %loop, label %exit
exit:
  %i.l = phi i32 [ %i, %loop ]
  %s = shl nsw i32 %i.l, 2
  %o = or disjoint i32 %s, 2
  %oe = sext i32 %o to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %oe
  %b = load i8, ptr addrspace(1) %p, align 1
  ret i8 %b
}
