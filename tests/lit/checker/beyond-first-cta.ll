; A collision only a CTA other than the first can have: the store runs where
; the 32-bit global index tid + ntid * ctaid is negative, which takes a block
; index large enough to wrap it around. The checker's search tries CTA 0 only;
; the solver finds the CTA, and the collision must replay with it. (It did not
; carry the CTA, the replay ran in CTA 0, and the checker called the deletion
; unknown instead of refuted.) element-size-gate makes the variant delete the
; barrier, ignoring both 4-byte accesses.
; RUN: %python %S/../xwarp/Inputs/exit-status.py 1 -- %xwarp check %s --variant dataflow --ablate element-size-gate \
; RUN:   --block-dim '*,1,1' | FileCheck %s
; RUN: %xwarp opt %s --variant dataflow --ablate element-size-gate --verify report --block-dim '*,1,1' --report %t.json -o %t.ll
; RUN: %python %S/check_refutation.py %t.json | FileCheck %s --check-prefix=REPLAY
; RUN: %python -c "import json,sys; c=json.load(open(sys.argv[1]))['functions'][0]['barriers'][0]['proof']['counterexample']; print('ctaid', c['ctaid'][0] > 0, c['ctaid'][0] < c['nctaid'][0])" %t.json | FileCheck %s --check-prefix=JSON
; CHECK: removed  refuted {{.*}}threads collide: store {{.*}} vs load
; CHECK: counterexample: t=({{[0-9]+}},0,0) t'=({{[0-9]+}},0,0) ntid=({{[0-9]+}},1,1) {{.*}} ctaid=({{[1-9][0-9]*}},0,0) nctaid=(
; CHECK: 0 proved, 1 refuted, 0 unknown
; REPLAY: 1 replayed collision(s)
; JSON: ctaid True True

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

define void @wrap() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %n, %c
  %i = add i32 %t, %base
  %neg = icmp slt i32 %i, 0
  br i1 %neg, label %write, label %sync

write:
  %x = zext i32 %t to i64
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %x
  store i32 1, ptr addrspace(3) %p, align 4
  br label %sync

sync:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @s, align 4
  %o = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i64 0, i64 1023
  store i32 %v, ptr addrspace(3) %o, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @wrap, !"kernel", i32 1}
