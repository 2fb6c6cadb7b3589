target triple = "nvptx64-nvidia-cuda"
define void @device_only() {
  ret void
}
