; Every removal emits a remark that starts "Removed dead synch:" with the four
; flags and the function; -print-dead-sync-elim prints the same to stderr;
; kept barriers give a missed remark with the reason; a debug counter bisects.
; RUN: %opt -disable-output -passes='dead-sync-elim<dataflow>' -pass-remarks=dead-sync-elim \
; RUN:   -pass-remarks-missed=dead-sync-elim %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -disable-output -passes='dead-sync-elim<dataflow>' -print-dead-sync-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PRINT
; RUN: %opt -disable-output -passes='dead-sync-elim<dataflow>' -pass-remarks-output=%t.yaml %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' -debug-counter=dead-sync-elim-delete=1 %s \
; RUN:   | FileCheck %s --check-prefix=COUNTER
; RUN: %opt -S -passes='dead-sync-elim<dataflow>' %s | FileCheck %s --check-prefix=NOCOUNTER

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef

declare void @llvm.nvvm.barrier0()

; REMARK: remark: k.cu:3:3: Removed dead synch: in function k: Read above: 0, Write above: 1, Read below: 0, Write below: 0 (no visible access below)
; REMARK: remark: k.cu:4:3: Kept synch in function k: write above / read below in shared memory: store at k.cu:2:3 vs load at k.cu:5:3
; PRINT:      Removed dead synch: [k.cu:3:3] in function k
; PRINT-NEXT:   Read above: 0, Write above: 1, Read below: 0, Write below: 0
; PRINT-NEXT: Removed dead synch: [<unknown>] in function solo
; PRINT-NOT:  Removed dead synch
; YAML:      --- !Passed
; YAML-NEXT: Pass:            dead-sync-elim
; YAML-NEXT: Name:            DeadSyncRemoved
; COUNTER-LABEL:   @k(
; COUNTER-NEXT:    store i32 1
; COUNTER-NEXT:    call void @llvm.nvvm.barrier0(), !dbg [[KEPT:![0-9]+]]
; COUNTER-NEXT:    load
; NOCOUNTER-LABEL: @k(
; NOCOUNTER-NEXT:  store i32 1
; NOCOUNTER-NEXT:  call void @llvm.nvvm.barrier0(), !dbg [[KEPT:![0-9]+]]
; NOCOUNTER-NEXT:  load
define void @k() !dbg !4 {
  store i32 1, ptr addrspace(3) @s, !dbg !7
  call void @llvm.nvvm.barrier0(), !dbg !8
  call void @llvm.nvvm.barrier0(), !dbg !9
  %v = load i32, ptr addrspace(3) @s, !dbg !10
  ret void, !dbg !10
}

; With -debug-counter=dead-sync-elim-delete=1 only the counter's execution 1
; deletes: execution 0 (the first barrier of @k) is skipped, so that barrier
; stays and the second one of @k becomes the dead one (execution 1); the
; deletion here is execution 2 and is skipped. Without the counter it happens.
; COUNTER-LABEL:   @solo(
; COUNTER-NEXT:    store i32 2, ptr addrspace(3) @s
; COUNTER-NEXT:    call void @llvm.nvvm.barrier0()
; NOCOUNTER-LABEL: @solo(
; NOCOUNTER-NEXT:  store i32 2, ptr addrspace(3) @s
; NOCOUNTER-NEXT:  ret void
define void @solo() {
  store i32 2, ptr addrspace(3) @s
  call void @llvm.nvvm.barrier0()
  ret void
}

; COUNTER:   [[KEPT]] = !DILocation(line: 3,
; NOCOUNTER: [[KEPT]] = !DILocation(line: 4,

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!nvvm.annotations = !{!11, !12}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 2, column: 3, scope: !4)
!8 = !DILocation(line: 3, column: 3, scope: !4)
!9 = !DILocation(line: 4, column: 3, scope: !4)
!10 = !DILocation(line: 5, column: 3, scope: !4)
!11 = !{ptr @k, !"kernel", i32 1}
!12 = !{ptr @solo, !"kernel", i32 1}
