; 2D tiles: whether tile[ty][tx] is private depends on the launch bounds.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s --check-prefixes=ALL,FOUR
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s --check-prefixes=ALL,FLOW
; RUN: %opt -S -passes='dead-sync-elim<address>' %s | FileCheck %s --check-prefixes=ALL,ADDR
; A --block-dim that contradicts reqntid is ignored for that kernel (and said so).
; RUN: %opt -disable-output -passes='dead-sync-elim<address;block-dim=64x1x1>' -pass-remarks-analysis=dead-sync-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=CONFLICT
; CONFLICT: remark: {{.*}} the given block dimensions contradict the kernel's own bounds; using 32x32x1
; CONFLICT: remark: {{.*}} the kernel's own launch bounds admit no CTA; using 64x1x1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x [33 x i32]] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

; tile[ty][tx] with 33-word rows and tx unbounded (nothing fixes the launch):
; (tx, ty) and (tx + 33, ty - 1) share a word.
; ALL-LABEL: @neg_tile_unknown_ntid(
; ALL:       store i32 %tx, ptr addrspace(3) %p
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_tile_unknown_ntid(ptr %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %p = getelementptr [32 x [33 x i32]], ptr addrspace(3) @tile, i64 0, i64 %y, i64 %x
  store i32 %tx, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr %out
  ret void
}

; The same tile with reqntid 32x32: tx < 32 < 33 makes (tx, ty) -> word injective.
; ALL-LABEL: @pos_tile_reqntid(
; ADDR-NOT:  call void @llvm.nvvm.barrier0()
; FLOW:      call void @llvm.nvvm.barrier0()
; FOUR:      call void @llvm.nvvm.barrier0()
; ALL:       ret void
define void @pos_tile_reqntid(ptr %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %p = getelementptr [32 x [33 x i32]], ptr addrspace(3) @tile, i64 0, i64 %y, i64 %x
  store i32 %tx, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %p
  store i32 %v, ptr %out
  ret void
}

; Own bounds no CTA can meet (reqntid 64x32 is 2048 threads) are set aside and
; the kernel is analysed for every launch: under them, "no two threads collide"
; would hold vacuously. Every thread reads the word thread 0 wrote: kept.
; ALL-LABEL: @neg_reqntid_no_cta(
; ALL:       store i32 %tx, ptr addrspace(3) %p
; ALL-NEXT:  call void @llvm.nvvm.barrier0()
define void @neg_reqntid_no_cta(ptr %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = zext i32 %tx to i64
  %p = getelementptr [32 x [33 x i32]], ptr addrspace(3) @tile, i64 0, i64 0, i64 %x
  store i32 %tx, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr %out
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @neg_tile_unknown_ntid, !"kernel", i32 1}
!1 = !{ptr @pos_tile_reqntid, !"kernel", i32 1, !"reqntidx", i32 32, !"reqntidy", i32 32}
!2 = !{ptr @neg_reqntid_no_cta, !"kernel", i32 1, !"reqntidx", i32 64, !"reqntidy", i32 32}
