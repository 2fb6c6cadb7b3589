; Strict mode puts back what is not proved, and giving the merge up leaves
; the function as it was. With a zero solver budget neither delta proof
; holds: both rewrites of the class {in[2b], in[2b + 1]} go back. The base
; had been built at the common dominator as a copy of a member's computation
; (not by SCEVExpander, whose cleaner removes its own), and the copy (shl,
; zext, getelementptr) stayed behind, unused, after the rollback; a later
; merge then got its name uniquified in the IR while the report named the
; leftover. (Index reuse is off: it rebuilds in[2b] as in + 8 * zext(b),
; proved by linear forms without the solver.)
; RUN: %opt -S -passes='common-base-elim<verify=strict;solver-timeout=0>' -cbe-index-reuse=false %s -o %t.ll
; RUN: %llvmopt -S -passes=verify %s -o %t.in.ll
; RUN: diff %t.in.ll %t.ll
; RUN: %xwarp opt %s --passes cbe --verify strict --solver-timeout 0 --cbe-index-reuse=false -o %t.driver.ll \
; RUN:   | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s --check-prefix=IR < %t.driver.ll
; SUMMARY: 0 bases merged, 0 addresses rewritten, address instructions 8 -> 8; delta proofs: 0 proved, 0 refuted, 2 unknown, 2 rolled back
; IR-NOT: scevcgp

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr noalias %in, ptr noalias %out) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c = icmp eq i32 %t, 0
  br i1 %c, label %first, label %join

first:
  %s1 = shl nuw i32 %b, 1
  %z1 = zext i32 %s1 to i64
  %p1 = getelementptr inbounds float, ptr %in, i64 %z1
  %v1 = load float, ptr %p1, align 4
  store float %v1, ptr %out, align 4
  br label %join

join:
  br i1 %c, label %second, label %exit

second:
  %s2 = shl nuw i32 %b, 1
  %o2 = or disjoint i32 %s2, 1
  %z2 = zext i32 %o2 to i64
  %p2 = getelementptr inbounds float, ptr %in, i64 %z2
  %v2 = load float, ptr %p2, align 4
  %q = getelementptr inbounds float, ptr %out, i64 1
  store float %v2, ptr %q, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
