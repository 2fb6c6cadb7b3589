; One shared array reached directly (addrspace(3)) on one path and through
; a generic pointer (an addrspacecast of it) on the other: the class lives in
; the shared space and the generic member gets its address back through an
; addrspacecast named bitCastEnd (opaque pointers differ only in space).
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x float] undef

; CHECK-LABEL: @mixed(
; CHECK:       entry:
; CHECK:         %scevcgp_0 = getelementptr [256 x float], ptr addrspace(3) @s, i64 0, i64 %scevcgptmp_
; CHECK:       shared:
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(3) %scevcgp_0
; CHECK:       generic:
; CHECK-NEXT:    %scevcgp_0.d4 = getelementptr i8, ptr addrspace(3) %scevcgp_0, i64 4
; CHECK-NEXT:    %bitCastEnd = addrspacecast ptr addrspace(3) %scevcgp_0.d4 to ptr
; CHECK-NEXT:    store float 2.000000e+00, ptr %bitCastEnd
define void @mixed(i32 %r, i32 %w, i32 %t, i1 %c) {
entry:
  br i1 %c, label %shared, label %generic
shared:
  %m = mul nsw i32 %r, %w
  %x = add nsw i32 %m, %t
  %xe = sext i32 %x to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %xe
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %done
generic:
  %g = addrspacecast ptr addrspace(3) @s to ptr
  %m2 = mul nsw i32 %w, %r
  %y = add nsw i32 %m2, %t
  %ye = sext i32 %y to i64
  %row = getelementptr inbounds float, ptr %g, i64 %ye
  %q = getelementptr inbounds float, ptr %row, i64 1
  store float 2.0, ptr %q, align 4
  br label %done
done:
  ret void
}
; REMARK: Delta proof for %q = getelementptr inbounds float, ptr %row, i64 1 = scevcgp_0 + 4: proved
