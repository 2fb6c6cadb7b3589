; A pass parameter the plugin cannot take is one line and exit status 2, and
; opt's output file is not left behind (the message was printed twice, as
; opt tries the name again at function level, then opt's own "unknown pass
; name", exit 1).
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 --absent %t.ll -- %opt -S \
; RUN:   -passes='dead-sync-elim<block-dim=0x1x1>' %s -o %t.ll | FileCheck %s --check-prefix=DSE
; DSE: xwarp: error: invalid dead-sync-elim parameter 'block-dim=0x1x1'
; DSE-NOT: invalid
; DSE-NOT: unknown pass name
; RUN: %python %S/../xwarp/Inputs/exit-status.py 2 --absent %t.ll -- %opt -S \
; RUN:   -passes='function(common-base-elim<verify=sometimes>)' %s -o %t.ll | FileCheck %s --check-prefix=CBE
; CBE: xwarp: error: invalid common-base-elim parameter 'verify=sometimes'
; CBE-NOT: invalid

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
