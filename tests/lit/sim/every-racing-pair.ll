; The interpreter reports every racing pair of instructions, whatever order
; a schedule runs them in: threads 0, 1 and 2 store to one word through
; three different stores, then a load of thread 3 reads it. Keeping only a
; byte's last write missed the pair of the first and the third store in both
; thread orders (0-1-2 and 2-1-0), and some store-load pairs; `--diff` keys
; races by their instructions, so a pair one schedule missed looked new.
; Atomic loads and stores on the same bytes as an atomic read-modify-write do
; not race with it (@atomics).
; RUN: %xwarp simulate %s --cta 4,1,1 --schedules 2 | FileCheck %s
; CHECK-DAG: k: race {{.*}}: k#0 (store at {{.*}}) & k#1 (store at {{.*}})
; CHECK-DAG: k: race {{.*}}: k#1 (store at {{.*}}) & k#2 (store at {{.*}})
; CHECK-DAG: k: race {{.*}}: k#0 (store at {{.*}}) & k#2 (store at {{.*}})
; CHECK-DAG: k: race {{.*}}: k#0 (store at {{.*}}) & k#3 (load at {{.*}})
; CHECK-DAG: k: race {{.*}}: k#1 (store at {{.*}}) & k#3 (load at {{.*}})
; CHECK-DAG: k: race {{.*}}: k#2 (store at {{.*}}) & k#3 (load at {{.*}})
; CHECK-NOT: atomics: race
; CHECK: 2 kernels, 4 runs: 6 races in the originals; 0 errors

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [4 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  switch i32 %t, label %reader [
    i32 0, label %first
    i32 1, label %second
    i32 2, label %third
  ]
first:
  store i32 1, ptr addrspace(3) @s, align 4
  ret void
second:
  store i32 2, ptr addrspace(3) @s, align 4
  ret void
third:
  store i32 3, ptr addrspace(3) @s, align 4
  ret void
reader:
  %v = load i32, ptr addrspace(3) @s, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

define void @atomics(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %is.odd = icmp eq i32 %odd, 1
  br i1 %is.odd, label %rmw, label %plain
rmw:
  %old = atomicrmw add ptr addrspace(3) @s, i32 1 monotonic, align 4
  ret void
plain:
  %v = load atomic i32, ptr addrspace(3) @s monotonic, align 4
  store atomic i32 %v, ptr addrspace(3) @s monotonic, align 4
  %slot = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %slot, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @atomics, !"kernel", i32 1}
