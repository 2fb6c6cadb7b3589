define void @k() {
  %x = add i32 1,
  ret void
}
