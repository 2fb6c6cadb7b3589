; A list value (grid_constant names parameters by index) is well-formed.
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr byval(i32) %p, ptr addrspace(1) %out) {
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1, !"grid_constant", !1}
!1 = !{i32 1}
