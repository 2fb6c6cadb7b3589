; A collision that wraps around offset 0: thread 0 stores 8 bytes 4 bytes
; below @s, covering @s[0], which every other thread loads after the barrier.
; Offsets are taken modulo 2^64 by the IR and by the solver, but the replay
; compared byte ranges as plain integers, so this collision did not replay
; and the checker called the deletion unknown instead of refuted.
; element-size-gate makes the variant delete the barrier, ignoring the store.
; RUN: %python %S/../xwarp/Inputs/exit-status.py 1 -- %xwarp check %s --variant dataflow --ablate element-size-gate \
; RUN:   --block-dim '*,1,1' | FileCheck %s
; RUN: %xwarp opt %s --variant dataflow --ablate element-size-gate --verify report --block-dim '*,1,1' --report %t.json -o %t.ll
; RUN: %python %S/check_refutation.py %t.json | FileCheck %s --check-prefix=REPLAY
; CHECK: removed  refuted {{.*}}threads collide: store {{.*}} vs load
; CHECK: counterexample: t=(0,0,0) t'=({{[1-9][0-9]*}},0,0) {{.*}} @s+18446744073709551612 (store {{.*}}) meets +0 (load
; CHECK: 0 proved, 1 refuted, 0 unknown
; REPLAY: 1 replayed collision(s)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @below() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %sync

write:
  %i = sub i32 %t, 1
  %x = sext i32 %i to i64
  %p = getelementptr i32, ptr addrspace(3) @s, i64 %x
  store i64 1, ptr addrspace(3) %p, align 4
  br label %sync

sync:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s, align 4
  %o = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i64 0, i64 1023
  store i32 %v, ptr addrspace(3) %o, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @below, !"kernel", i32 1}
