; Index reuse off a canonical base that no access goes through before the
; address: the merge of s[t] and s[t + 64], one per branch, puts their base
; in the entry block; s[(k ^ 1) * 128 + t] after the join is that base plus
; 512 * zext(k ^ 1). The base is defined there by its parts: a global, and
; zext nneg(t), which the load of in[t] went through before (an access
; through poison is undefined). Without that load the flag of the extension
; vouches for nothing at the address, and an address a later rewrite may
; replace (not a canonical base) is never reused by its parts.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [512 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @pos_base_parts(
; CHECK:         %te = zext nneg i32 %t to i64
; CHECK:         %scevcgp_0 = getelementptr [512 x i32], ptr addrspace(3) @s, i64 0, i64 %te
; CHECK-LABEL: join:
; CHECK-NEXT:    %kx = xor i32 %k, 1
; CHECK-NEXT:    %scevcgptmp_ = zext i32 %kx to i64
; CHECK-NEXT:    %scevcgp_idx = getelementptr [512 x i8], ptr addrspace(3) %scevcgp_0, i64 %scevcgptmp_
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) %scevcgp_idx, align 4
; CHECK-NEXT:    ret void
; REMARK: Delta proof for %p = {{.*}} = %scevcgp_0 + 512 * zext(%kx): proved
; REMARK: Rewrote %p = {{.*}} as %scevcgp_0 + 512 * zext(%kx): 4 instructions removed, 2 created
define void @pos_base_parts(ptr noundef %in, i32 noundef %k, i1 noundef %c) {
entry:
  %t = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %te = zext nneg i32 %t to i64
  %pin = getelementptr inbounds i32, ptr %in, i64 %te
  %v = load i32, ptr %pin, align 4
  br i1 %c, label %a, label %b
a:
  %pa = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %te
  store i32 %v, ptr addrspace(3) %pa, align 4
  br label %join
b:
  %pb0 = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %te
  %pb = getelementptr inbounds i8, ptr addrspace(3) %pb0, i64 256
  store i32 %v, ptr addrspace(3) %pb, align 4
  br label %join
join:
  %kx = xor i32 %k, 1
  %ks = shl nuw nsw i32 %kx, 7
  %i = add nuw nsw i32 %ks, %t
  %ie = zext nneg i32 %i to i64
  %p = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %ie
  store i32 %v, ptr addrspace(3) %p, align 4
  ret void
}

; The same without the load of in[t]: nothing vouches for the nneg of %te
; at the address, which stays.
; CHECK-LABEL: @neg_flag_unvouched(
; CHECK-LABEL: join:
; CHECK:         %ie = zext nneg i32 %i to i64
; CHECK-NEXT:    %p = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %ie
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) %p, align 4
; REMARK-NOT: Rewrote %p = {{.*}}%ie as
define void @neg_flag_unvouched(i32 noundef %v, i32 noundef %k, i1 noundef %c) {
entry:
  %t = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %te = zext nneg i32 %t to i64
  br i1 %c, label %a, label %b
a:
  %pa = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %te
  store i32 %v, ptr addrspace(3) %pa, align 4
  br label %join
b:
  %pb0 = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %te
  %pb = getelementptr inbounds i8, ptr addrspace(3) %pb0, i64 256
  store i32 %v, ptr addrspace(3) %pb, align 4
  br label %join
join:
  %kx = xor i32 %k, 1
  %ks = shl nuw nsw i32 %kx, 7
  %i = add nuw nsw i32 %ks, %t
  %ie = zext nneg i32 %i to i64
  %p = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %ie
  store i32 %v, ptr addrspace(3) %p, align 4
  ret void
}

; %q, flagless, is accessed on one path to the address only, and is no
; canonical base.
; CHECK-LABEL: @neg_not_kept(
; CHECK-LABEL: join:
; CHECK:         %p = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %ie
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) %p, align 4
define void @neg_not_kept(i32 noundef %v, i32 noundef %k, i1 noundef %c) {
entry:
  %t = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %te = zext i32 %t to i64
  %q = getelementptr [512 x i32], ptr addrspace(3) @s, i64 0, i64 %te
  br i1 %c, label %a, label %join
a:
  store i32 %v, ptr addrspace(3) %q, align 4
  br label %join
join:
  %kx = xor i32 %k, 1
  %ks = shl nuw nsw i32 %kx, 7
  %i = add nuw nsw i32 %ks, %t
  %ie = zext nneg i32 %i to i64
  %p = getelementptr inbounds [512 x i32], ptr addrspace(3) @s, i64 0, i64 %ie
  store i32 %v, ptr addrspace(3) %p, align 4
  ret void
}
