; Outside strict mode the pass asks a ScalarEvolution that reads no IR flags,
; which proves no-wrap from trip counts and loop guards, collecting each
; loop's guards over every loop before it: time cubic in the loops of a long
; kernel (75 s for 1,000 loops in a row, against 1 s in strict mode). A
; function with more loops than cbe-flagless-max-loops is handled as in
; strict mode: every rewrite is proved and kept only if proved. Here three
; loops against a limit of two, and a zero solver budget, which proves
; neither rewrite of the class {in[2b], in[2b + 1]} (strict-rollback.ll):
; both go back although no proof was asked for; with a limit of three the
; flagless path keeps them.
; RUN: %opt -S -verify-each -passes='common-base-elim<solver-timeout=0>' -cbe-index-reuse=false \
; RUN:   -cbe-flagless-max-loops=2 %s | FileCheck %s --check-prefix=STRICT
; RUN: %opt -disable-output -passes='common-base-elim<solver-timeout=0>' -cbe-index-reuse=false \
; RUN:   -cbe-flagless-max-loops=2 -pass-remarks-analysis=common-base-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -S -verify-each -passes='common-base-elim<solver-timeout=0>' -cbe-index-reuse=false \
; RUN:   -cbe-flagless-max-loops=3 %s | FileCheck %s --check-prefix=FLAGLESS
; RUN: %xwarp opt %s --passes cbe --solver-timeout 0 --cbe-index-reuse=false --cbe-flagless-max-loops 2 \
; RUN:   -o /dev/null --report %t.json | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s --check-prefix=JSON < %t.json
; STRICT-NOT: scevcgp
; REMARK: 3 loops, more than cbe-flagless-max-loops (2): every rewrite is proved and kept only if proved
; FLAGLESS: scevcgp_0
; SUMMARY: 0 bases merged, 0 addresses rewritten, address instructions 8 -> 8; delta proofs: 0 proved, 0 refuted, 2 unknown, 2 rolled back (1 function with more loops than cbe-flagless-max-loops: only proved rewrites kept)
; JSON: "cbe_strict_for_loops": true

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr noalias %in, ptr noalias %out, i32 %n) {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c = icmp eq i32 %t, 0
  br label %loop1

loop1:
  %i1 = phi i32 [ 0, %entry ], [ %i1.next, %loop1 ]
  store volatile i32 %i1, ptr %out, align 4
  %i1.next = add i32 %i1, 1
  %c1 = icmp slt i32 %i1.next, %n
  br i1 %c1, label %loop1, label %loop2

loop2:
  %i2 = phi i32 [ 0, %loop1 ], [ %i2.next, %loop2 ]
  store volatile i32 %i2, ptr %out, align 4
  %i2.next = add i32 %i2, 1
  %c2 = icmp slt i32 %i2.next, %n
  br i1 %c2, label %loop2, label %loop3

loop3:
  %i3 = phi i32 [ 0, %loop2 ], [ %i3.next, %loop3 ]
  store volatile i32 %i3, ptr %out, align 4
  %i3.next = add i32 %i3, 1
  %c3 = icmp slt i32 %i3.next, %n
  br i1 %c3, label %loop3, label %body

body:
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
