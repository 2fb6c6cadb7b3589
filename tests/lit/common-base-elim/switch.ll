; A switch over tile cases recomputes the same base in every case, written
; three different ways: one base is hoisted to the switch's block and every
; case stores through a constant delta off it. The base is a copy of case 0's
; computation without poison flags: it now runs on the default path too, where
; case 0's flags never held. The row product it reuses keeps its nsw: every
; case's own address is poison whenever the product is, so the rewrites add no
; poison (dropping it, as this pass once did, cost the backend nothing here
; but lost folds elsewhere).
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' -pass-remarks=common-base-elim \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: @tiles(
; CHECK:       entry:
; CHECK:         %row = mul nsw i32 %tile, %w
; CHECK-NEXT:    %scevcgptmp_ = add i32 %row, %tid
; CHECK-NEXT:    %scevcgptmp_1 = sext i32 %scevcgptmp_ to i64
; CHECK-NEXT:    %scevcgp_0 = getelementptr float, ptr addrspace(1) %out, i64 %scevcgptmp_1
; CHECK-NEXT:    switch i32 %tile
; CHECK:       c0:
; CHECK-NEXT:    store float 0.000000e+00, ptr addrspace(1) %scevcgp_0, align 4
; CHECK-NEXT:    br label %done
; CHECK:       c1:
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 4
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0.d4, align 4
; CHECK-NEXT:    br label %done
; CHECK:       c2:
; CHECK-NEXT:    %scevcgp_0.d8 = getelementptr i8, ptr addrspace(1) %scevcgp_0, i64 8
; CHECK-NEXT:    store float 2.000000e+00, ptr addrspace(1) %scevcgp_0.d8, align 4
; CHECK-NEXT:    br label %done
define void @tiles(ptr addrspace(1) %out, i32 %tile, i32 %w) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %row = mul nsw i32 %tile, %w
  switch i32 %tile, label %done [ i32 0, label %c0
                                  i32 1, label %c1
                                  i32 2, label %c2 ]
c0:
  %i0 = add nsw i32 %row, %tid
  %x0 = sext i32 %i0 to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x0
  store float 0.0, ptr addrspace(1) %p0, align 4
  br label %done
c1:
  %i1 = add nsw i32 %row, %tid
  %x1 = sext i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x1
  %q1 = getelementptr inbounds float, ptr addrspace(1) %p1, i64 1
  store float 1.0, ptr addrspace(1) %q1, align 4
  br label %done
c2:
  %i2 = add nsw i32 %tid, %row
  %x2 = sext i32 %i2 to i64
  %m2 = shl nsw i64 %x2, 2
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %m2
  %q2 = getelementptr inbounds i8, ptr addrspace(1) %p2, i64 8
  store float 2.0, ptr addrspace(1) %q2, align 4
  br label %done
done:
  ret void
}
; REMARK: Delta proof for %p0 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x0 = scevcgp_0 + 0: proved
; REMARK: Delta proof for %q1 = getelementptr inbounds float, ptr addrspace(1) %p1, i64 1 = scevcgp_0 + 4: proved
; REMARK: Delta proof for %q2 = getelementptr inbounds i8, ptr addrspace(1) %p2, i64 8 = scevcgp_0 + 8: proved
; REMARK: Merged 3 addresses (3 memory operations) into base scevcgp_0 at the common dominator %entry: 12 instructions removed, 5 created

; The same, but case 1 computes its row product by an instruction of its own
; (without nsw): its address does not become poison with %row, so %row's nsw
; goes (the rewritten case 1 would be poison where the original is not).
; CHECK-LABEL: @tiles_own_product(
; CHECK:       entry:
; CHECK:         %row = mul i32 %tile, %w
; CHECK-NEXT:    %scevcgptmp_ = add i32 %row, %tid
define void @tiles_own_product(ptr addrspace(1) %out, i32 %tile, i32 %w) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %row = mul nsw i32 %tile, %w
  %rowc = mul i32 %tile, %w
  switch i32 %tile, label %done [ i32 0, label %c0
                                  i32 1, label %c1 ]
c0:
  %i0 = add nsw i32 %row, %tid
  %x0 = sext i32 %i0 to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x0
  store float 0.0, ptr addrspace(1) %p0, align 4
  br label %done
c1:
  %i1 = add nsw i32 %rowc, %tid
  %x1 = sext i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x1
  %q1 = getelementptr inbounds float, ptr addrspace(1) %p1, i64 1
  store float 1.0, ptr addrspace(1) %q1, align 4
  br label %done
done:
  ret void
}
