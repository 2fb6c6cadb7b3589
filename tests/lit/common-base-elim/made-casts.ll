; A cast the pass makes where a base goes stands for a later twin of it in
; the input: the base of s[y] and s[y + 1], one per branch, is built at the
; entry with zext(y); the zext nneg(y) of u[y] after the join computes the
; same value wherever it is defined, and goes (transpose_tiled_padded.cu:
; tid.y extended for the tile's row before the barrier and after it).
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=off>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x float] undef, align 4
@u = internal addrspace(3) global [1024 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

; CHECK-LABEL: @pos_twin_after_join(
; CHECK:       entry:
; CHECK:         %scevcgptmp_ = zext i32 %y to i64
; CHECK-LABEL: join:
; CHECK-NOT:     zext
; CHECK:         %scevcgp_1 = getelementptr inbounds [1024 x float], ptr addrspace(3) @u, i64 0, i64 %scevcgptmp_
; CHECK-NEXT:    store float %v, ptr addrspace(3) %scevcgp_1, align 4
; REMARK: Replaced %yu = zext nneg i32 %y to i64 by %scevcgptmp_, the same cast the pass made where it dominates
; REMARK-NOT: Replaced
define void @pos_twin_after_join(float %v, i1 %c) {
entry:
  %y = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  br i1 %c, label %a, label %b
a:
  %ya = zext nneg i32 %y to i64
  %pa = getelementptr inbounds [1024 x float], ptr addrspace(3) @s, i64 0, i64 %ya
  store float %v, ptr addrspace(3) %pa, align 4
  br label %join
b:
  %y1 = add nuw nsw i32 %y, 1
  %yb = zext nneg i32 %y1 to i64
  %pb = getelementptr inbounds [1024 x float], ptr addrspace(3) @s, i64 0, i64 %yb
  store float %v, ptr addrspace(3) %pb, align 4
  br label %join
join:
  %yu = zext nneg i32 %y to i64
  %pu = getelementptr inbounds [1024 x float], ptr addrspace(3) @u, i64 0, i64 %yu
  store float %v, ptr addrspace(3) %pu, align 4
  %pu1 = getelementptr inbounds i8, ptr addrspace(3) %pu, i64 4
  store float %v, ptr addrspace(3) %pu1, align 4
  ret void
}

; A cast of a constant: the constant's users span the module, and a twin in
; another function is not this one's to replace (the dominator tree of this
; function answered yes for a block it does not hold, and the module broke;
; campaign 33).
@g = internal addrspace(3) global [64 x i32] undef, align 4

; CHECK-LABEL: @pos_constant_twin(
; CHECK:         %scevcgptmp_ = zext i32 ptrtoint (ptr addrspace(3) @g to i32) to i64
; CHECK-LABEL: @other_function(
; CHECK-NEXT:    %o = zext i32 ptrtoint (ptr addrspace(3) @g to i32) to i64
; CHECK-NEXT:    ret i64 %o
define void @pos_constant_twin(float %v, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %ya = zext i32 ptrtoint (ptr addrspace(3) @g to i32) to i64
  %pa = getelementptr inbounds [1024 x float], ptr addrspace(3) @s, i64 0, i64 %ya
  store float %v, ptr addrspace(3) %pa, align 4
  br label %join
b:
  %y1 = add nuw nsw i32 ptrtoint (ptr addrspace(3) @g to i32), 1
  %yb = zext nneg i32 %y1 to i64
  %pb = getelementptr inbounds [1024 x float], ptr addrspace(3) @s, i64 0, i64 %yb
  store float %v, ptr addrspace(3) %pb, align 4
  br label %join
join:
  ret void
}

define i64 @other_function() {
  %o = zext i32 ptrtoint (ptr addrspace(3) @g to i32) to i64
  ret i64 %o
}
