; A launch bound whose value is a string: LLVM 19's own annotation reader
; (behind UniformityInfo) crashes on it, so xwarp rejects it first.
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %out) {
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k, !"maxntidx", !"256"}
