; The fence rule removes a fence when no atomic or volatile operation exists
; in the function, its callees or the code around its calls. Two ways a
; strong operation was hidden from it, each removing a needed fence with a
; certificate:
; - @weak_publish is weak: the linker may keep another unit's definition, one
;   that sets the flag with atomicExch, so @k's fence orders its data before
;   the flag. Only @weak_publish's body here was read.
; - @store_fence's only use is a call naming it as callee and as argument:
;   the call let it pass for a function called only there, but the argument
;   escapes to @fp, and @ticket calls it through the pointer before taking an
;   atomic ticket; the last thread reads the data other threads stored before
;   the fence.
; - @used_publish is in @llvm.used, which stands for uses the module does not
;   show: @producer calls it from inline PTX, then sets a flag atomically.
; A plain internal callee (@plain_store) still lets the fence go.
; RUN: %opt -S -passes='dead-sync-elim<four-map>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s
; RUN: %opt -S -passes='dead-sync-elim<address;verify=strict>' %s | FileCheck %s
; RUN: %xwarp opt %s --variant address -o - | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@fp = internal addrspace(1) global ptr null, align 8
@llvm.used = appending global [1 x ptr] [ptr @used_publish], section "llvm.metadata"

declare void @llvm.nvvm.membar.gl()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define weak void @weak_publish(ptr %flag) noinline {
  store i32 1, ptr %flag, align 4
  ret void
}

; CHECK-LABEL: define void @k(
; CHECK:         store i32 %t, ptr addrspace(1) %p
; CHECK-NEXT:    call void @llvm.nvvm.membar.gl()
define void @k(ptr addrspace(1) noalias %data, ptr %flag) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i32 %t
  store i32 %t, ptr addrspace(1) %p, align 4
  call void @llvm.nvvm.membar.gl()
  call void @weak_publish(ptr %flag)
  ret void
}

; CHECK-LABEL: define internal void @store_fence(
; CHECK:         store i32 %v, ptr %slot
; CHECK-NEXT:    call void @llvm.nvvm.membar.gl()
define internal void @store_fence(ptr %slot, i32 %v, ptr %self) noinline {
  store i32 %v, ptr %slot, align 4
  call void @llvm.nvvm.membar.gl()
  store ptr %self, ptr addrspace(1) @fp, align 8
  ret void
}

define void @setup(ptr addrspace(1) %data) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i32 %t
  %g = addrspacecast ptr addrspace(1) %p to ptr
  call void @store_fence(ptr %g, i32 0, ptr @store_fence)
  ret void
}

define void @ticket(ptr addrspace(1) %data, ptr addrspace(1) %tickets, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i32 %t
  %g = addrspacecast ptr addrspace(1) %p to ptr
  %f = load ptr, ptr addrspace(1) @fp, align 8
  %v = add i32 %t, 1
  call void %f(ptr %g, i32 %v, ptr null)
  %taken = atomicrmw add ptr addrspace(1) %tickets, i32 1 seq_cst
  %last = icmp eq i32 %taken, 63
  br i1 %last, label %read, label %done
read:
  %d0 = load i32, ptr addrspace(1) %data, align 4
  store i32 %d0, ptr addrspace(1) %out, align 4
  br label %done
done:
  ret void
}

; CHECK-LABEL: define internal void @used_publish(
; CHECK:         store i32 42, ptr addrspace(1) %data
; CHECK-NEXT:    call void @llvm.nvvm.membar.gl()
define internal void @used_publish(ptr addrspace(1) %data) noinline {
  store i32 42, ptr addrspace(1) %data
  call void @llvm.nvvm.membar.gl()
  ret void
}

define void @producer(ptr addrspace(1) %data, ptr addrspace(1) %flag) {
  call void asm sideeffect "{ .param .b64 a; st.param.b64 [a], $0; call used_publish, (a); }", "l"(ptr addrspace(1) %data)
  %old = atomicrmw xchg ptr addrspace(1) %flag, i32 1 monotonic
  ret void
}

define internal void @plain_store(ptr %flag) noinline {
  store i32 1, ptr %flag, align 4
  ret void
}

; CHECK-LABEL: define void @plain(
; CHECK:         store i32 %t, ptr addrspace(1) %p
; CHECK-NEXT:    call void @plain_store(ptr %flag)
define void @plain(ptr addrspace(1) noalias %data, ptr %flag) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i32 %t
  store i32 %t, ptr addrspace(1) %p, align 4
  call void @llvm.nvvm.membar.gl()
  call void @plain_store(ptr %flag)
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @setup, !"kernel", i32 1}
!2 = !{ptr @ticket, !"kernel", i32 1}
!3 = !{ptr @plain, !"kernel", i32 1}
!4 = !{ptr @producer, !"kernel", i32 1}
