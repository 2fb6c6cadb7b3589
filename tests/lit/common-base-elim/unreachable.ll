; A class with a memory operation in an unreachable block has no dominator to
; place its base at: the class is kept, with a remark that says why (the pass
; used to crash on the missing dominator-tree node), and the IR stays valid.
; Index reuse leaves unreachable addresses alone too (it crashed finding a
; common dominator for an extension two of them would share); the class's
; two reachable addresses, a constant apart, it rewrites one off the other.
; RUN: %opt -S -verify-each -passes=common-base-elim %s | FileCheck %s
; RUN: %opt -disable-output -passes=common-base-elim -pass-remarks-missed=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @k(
; CHECK:         %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %x
; CHECK:         %scevcgp_off = getelementptr i8, ptr addrspace(3) %p, i64 4
; CHECK:       dead:
; CHECK:         %r = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z
; CHECK-NOT:     scevcgp
; REMARK: Kept 3 addresses {{.*}}a memory operation is unreachable
define void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = add nuw nsw i32 %t, 1
  %x = zext i32 %a to i64
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %x
  %v = load i32, ptr addrspace(3) %p, align 4
  %b = add nuw nsw i32 %t, 2
  %y = zext i32 %b to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %y
  %w = load i32, ptr addrspace(3) %q, align 4
  %sum = add i32 %v, %w
  store i32 %sum, ptr addrspace(1) %out, align 4
  ret void

dead:
  %c = add nuw nsw i32 %t, 3
  %z = zext i32 %c to i64
  %r = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %z
  store i32 0, ptr addrspace(3) %r, align 4
  br label %dead
}

; CHECK-LABEL: @shared_extension(
; CHECK:       dead:
; CHECK-NEXT:    %j = add nuw i32 %t, %n
; CHECK-NEXT:    %je = zext i32 %j to i64
; CHECK-NEXT:    %ak = getelementptr float, ptr addrspace(1) %a, i64 %je
define void @shared_extension(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %t, i32 %n) {
entry:
  %te = zext i32 %t to i64
  %at = getelementptr float, ptr addrspace(1) %a, i64 %te
  store float 0.0, ptr addrspace(1) %at
  %bt = getelementptr float, ptr addrspace(1) %b, i64 %te
  store float 0.0, ptr addrspace(1) %bt
  ret void

dead:
  %j = add nuw i32 %t, %n
  %je = zext i32 %j to i64
  %ak = getelementptr float, ptr addrspace(1) %a, i64 %je
  store float 1.0, ptr addrspace(1) %ak
  %bk = getelementptr float, ptr addrspace(1) %b, i64 %je
  store float 1.0, ptr addrspace(1) %bk
  ret void
}
