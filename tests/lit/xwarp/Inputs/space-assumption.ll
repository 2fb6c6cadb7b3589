; A pointer whose space an llvm.assume states, flowing into a PHI: LLVM 19's
; infer-address-spaces puts its cast among the PHIs of %next, which the
; verifier rejects. The barrier orders nothing: each thread reads its own word.
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare void @llvm.assume(i1)
declare i1 @llvm.nvvm.isspacep.global(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define ptx_kernel void @k(ptr %out) {
entry:
  %global = call i1 @llvm.nvvm.isspacep.global(ptr %out)
  call void @llvm.assume(i1 %global)
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %words = addrspacecast ptr addrspace(3) @s to ptr
  %mine = getelementptr inbounds i32, ptr %words, i32 %t
  store i32 %t, ptr %mine
  br label %next

next:
  %to = phi ptr [ %out, %entry ]
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %mine
  %at = getelementptr inbounds i32, ptr %to, i32 %t
  store i32 %v, ptr %at
  ret void
}
