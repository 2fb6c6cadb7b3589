; A disjoint `or` is an add only by its flag. Here a[x|1] (or disjoint) and
; a[x+1] (add nuw) are one class, but a copy of a[x|1] without its flag
; computes x|1, which is x for odd x, where a[x+1] is well defined: neither
; address may be copied to serve the other (both splits rely on IR flags),
; so the base is expanded from the SCEV, and both delta proofs hold.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s
; RUN: %opt -disable-output -passes='common-base-elim<verify=report>' \
; RUN:   -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @odd(
; CHECK:       entry:
; CHECK-NOT:     or i32
; CHECK:         %scevcgp_0 = getelementptr i8, ptr addrspace(1) %a,
; CHECK:       left:
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(1) %scevcgp_0
; CHECK:       right:
; CHECK-NEXT:    store float 2.000000e+00, ptr addrspace(1) %scevcgp_0
define void @odd(ptr addrspace(1) %a, i32 %x, i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  %o = or disjoint i32 %x, 1
  %oz = zext i32 %o to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %oz
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %done
right:
  %s = add nuw i32 %x, 1
  %sz = zext i32 %s to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %sz
  store float 2.0, ptr addrspace(1) %q, align 4
  br label %done
done:
  ret void
}
; REMARK: Delta proof for %p = {{.*}}: proved
; REMARK: Delta proof for %q = {{.*}}: proved
