; In unreachable code an instruction may be its own operand (the verifier
; accepts it): a GEP of itself, a pair of addrspacecasts of each other, a
; select of itself, a shift of itself. Walks from a pointer to its object did
; not stop: dead-sync-elim hung in LLVM's getUnderlyingObjects (called with no
; bound) and in its own walk to the object, and common-base-elim recursed
; until the stack overflowed. Every walk is bounded now; what lies beyond the
; bound is an unknown object, which keeps barriers.
; RUN: timeout 60 %xwarp opt %s --passes dse,cbe --variant four-map --verify report -o /dev/null | FileCheck %s
; RUN: timeout 60 %xwarp opt %s --passes dse,cbe --variant dataflow --verify report -o /dev/null | FileCheck %s
; RUN: timeout 60 %xwarp opt %s --passes dse,cbe --variant address --verify strict -o /dev/null | FileCheck %s
; RUN: timeout 60 %opt -disable-output %s \
; RUN:   -passes='dead-sync-elim<address;verify=report>,basic-dbe,common-base-elim'
; RUN: timeout 60 %xwarp simulate %s --diff --passes dse,cbe --cta 4,1,1 | FileCheck %s --check-prefix=SIM
; CHECK: 4 synchronization sites, 0 removed, 4 kept
; SIM: optimized: 0 new races, 0 output differences

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define void @k(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = xor i32 %t, 1
  %mine = getelementptr i32, ptr addrspace(3) @s, i32 %t
  store i32 %t, ptr addrspace(3) %mine, align 4
  call void @llvm.nvvm.barrier0()
  %partner = getelementptr i32, ptr addrspace(3) @s, i32 %x
  %v = load i32, ptr addrspace(3) %partner, align 4
  %o = getelementptr i32, ptr %out, i32 %t
  store i32 %v, ptr %o, align 4
  ret void

selfgep:
  %g = getelementptr inbounds i32, ptr %g, i32 1
  store i32 1, ptr %g, align 4
  call void @llvm.nvvm.barrier0()
  br label %selfgep

castcycle:
  %c1 = addrspacecast ptr %c2 to ptr addrspace(3)
  %c2 = addrspacecast ptr addrspace(3) %c1 to ptr
  store i32 1, ptr %c2, align 4
  call void @llvm.nvvm.barrier0()
  br label %castcycle

selfselect:
  %q = select i1 true, ptr %q, ptr %out
  store i32 1, ptr %q, align 4
  %l = load i32, ptr %q, align 4
  br label %selfselect

selfshl:
  %y = shl i32 %y, 1
  %y.64 = zext i32 %y to i64
  %h = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i64 0, i64 %y.64
  store i32 1, ptr addrspace(3) %h, align 4
  %h4 = getelementptr inbounds i8, ptr addrspace(3) %h, i64 4
  store i32 2, ptr addrspace(3) %h4, align 4
  call void @llvm.nvvm.barrier0()
  br label %selfshl
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
