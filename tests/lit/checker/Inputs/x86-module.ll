target triple = "x86_64-unknown-linux-gnu"

define void @k() {
  ret void
}
