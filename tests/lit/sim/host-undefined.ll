; Operations whose host evaluation was undefined behaviour in C++ (found by
; an ASan/UBSan build): a float-to-integer conversion out of range (poison in
; IR, which may be any value) saturates, as PTX's cvt does, without a host
; cast out of range (it was an error of the run, but clang hoists such a
; conversion above the select that discards it: campaign AP); an integer
; wider than 64 bits is an error of the run; abs of the least i64 is itself
; (llabs of it was host UB).
; RUN: %xwarp simulate %s --cta 1,1,1 --kernel too_big --print-words 3 | FileCheck %s --check-prefix=BIG
; BIG: buffer 0: 2147483647 -2147483648 0
; RUN: %python %srcroot/tests/lit/xwarp/Inputs/exit-status.py 2 -- %xwarp simulate %s --cta 1,1,1 \
; RUN:   --kernel wide | FileCheck %s --check-prefix=WIDE
; WIDE: error: {{.*}}an integer wider than 64 bits (not modelled)
; RUN: %xwarp simulate %s --cta 1,1,1 --kernel least_abs --int-args=-9223372036854775808 --print-words 2 \
; RUN:   | FileCheck %s --check-prefix=ABS
; ABS: buffer 0: 0 -2147483648

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i64 @llvm.abs.i64(i64, i1)

define ptx_kernel void @too_big(ptr addrspace(1) %out) {
  %q = fptosi double 1.0e30 to i32
  store i32 %q, ptr addrspace(1) %out
  %r = fptosi double -1.0e30 to i32
  %p1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %r, ptr addrspace(1) %p1
  %n = fptosi double 0x7FF8000000000000 to i32
  %p2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %n, ptr addrspace(1) %p2
  ret void
}

define ptx_kernel void @wide(ptr addrspace(1) %out, i64 %a) {
  %w = zext i64 %a to i128
  %s = shl i128 %w, 100
  %t = trunc i128 %s to i32
  store i32 %t, ptr addrspace(1) %out
  ret void
}

define ptx_kernel void @least_abs(ptr addrspace(1) %out, i64 %a) {
  %q = call i64 @llvm.abs.i64(i64 %a, i1 false)
  store i64 %q, ptr addrspace(1) %out
  ret void
}
