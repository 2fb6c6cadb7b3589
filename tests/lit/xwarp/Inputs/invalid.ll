target triple = "nvptx64-nvidia-cuda"
define void @k() {
entry:
  br label %next
next:
  %v = add i32 %w, 1
  %w = add i32 %v, 1
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
