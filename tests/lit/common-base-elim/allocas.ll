; cbe-clone-allocas: the two cases each have a local array of the same type;
; neither case can reach the other, so at most one array is live per call.
; Both become one alloca in the entry block (baseValue), their addresses
; share its base, and one base serves both cases. Off, nothing changes. An
; alloca in a loop (a fresh object per iteration) is never merged.
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' %s | FileCheck %s --check-prefixes=ALL,ON
; RUN: %opt -S -verify-each -passes='common-base-elim<verify=strict>' -cbe-clone-allocas=0 %s \
; RUN:   | FileCheck %s --check-prefixes=ALL,OFF
; RUN: %opt -disable-output -passes=common-base-elim -pass-remarks=common-base-elim %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; The report counts the allocas replaced, which no delta proof covers (the
; CFG shows their lifetimes apart, and strict mode keeps them).
; RUN: %xwarp opt %s --passes cbe --verify strict -o /dev/null --report - 2>/dev/null \
; RUN:   | %python -c "import json,sys; r=json.load(sys.stdin); \
; RUN:     print('summary', r['summary']['allocas_merged'], r['summary']['addresses_rewritten']); \
; RUN:     [print(f['name'], f['allocas_merged']) for f in r['functions']]" | FileCheck %s --check-prefix=REPORT
; REPORT: summary 6 6
; REPORT-NEXT: cases 2
; REPORT-NEXT: in_loop 0
; REPORT-NEXT: marked 2
; REPORT-NEXT: derived 2

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(ptr)

; ALL-LABEL: @cases(
; ON:        entry:
; ON-NEXT:     %baseValue = alloca [16 x float], align 8
; ON-NEXT:     %scevcgp_0 = getelementptr [16 x float], ptr %baseValue, i64 0, i64 %i
; ON:        a:
; ON-NEXT:     store float 1.000000e+00, ptr %scevcgp_0
; ON-NEXT:     call void @use(ptr %baseValue)
; ON:        b:
; ON-NEXT:     %scevcgp_0.d4 = getelementptr i8, ptr %scevcgp_0, i64 4
; ON-NEXT:     store float 2.000000e+00, ptr %scevcgp_0.d4
; ON-NEXT:     call void @use(ptr %baseValue)
; OFF:       a:
; OFF-NEXT:    %x = alloca [16 x float], align 4
; OFF:       b:
; OFF-NEXT:    %y = alloca [16 x float], align 8
; OFF-NOT:     scevcgp
define void @cases(i64 %i, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = alloca [16 x float], align 4
  %px = getelementptr inbounds [16 x float], ptr %x, i64 0, i64 %i
  store float 1.0, ptr %px, align 4
  call void @use(ptr %x)
  br label %done
b:
  %y = alloca [16 x float], align 8
  %i1 = add nsw i64 %i, 1
  %py = getelementptr inbounds [16 x float], ptr %y, i64 0, i64 %i1
  store float 2.0, ptr %py, align 4
  call void @use(ptr %y)
  br label %done
done:
  ret void
}
; REMARK: remark: <unknown>:0:0: Merged 2 allocas into baseValue in the entry block: their lifetimes cannot overlap

; ALL-LABEL: @in_loop(
; ALL:       loop:
; ALL:         %x = alloca [16 x float]
; ALL:       other:
; ALL-NEXT:    %y = alloca [16 x float]
define void @in_loop(i64 %i, i1 %c, i64 %n) {
entry:
  br i1 %c, label %loop, label %other
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %x = alloca [16 x float], align 4
  call void @use(ptr %x)
  %k.next = add i64 %k, 1
  %again = icmp ult i64 %k.next, %n
  br i1 %again, label %loop, label %done
other:
  %y = alloca [16 x float], align 4
  call void @use(ptr %y)
  br label %done
done:
  ret void
}

; Lifetime markers go with the merge. @marked's %x has markers, %y none: kept
; on the merged alloca, they made it dead on %y's path (an alloca with a
; lifetime.start anywhere starts dead), and llc's stack colouring gave its
; slot to %other, whose markers lie on that path, so the store to %other
; overwrote %y's data (a 64-byte frame instead of 96). The merged alloca
; has none; %other keeps its own.
; ALL-LABEL: @marked(
; ON-NOT:      lifetime{{.*}}%baseValue
; ON:          call void @llvm.lifetime.start.p0(i64 64, ptr %other)
; ON-NOT:      lifetime{{.*}}%baseValue
; ON:        ret void
; RUN: %opt -S -passes=common-base-elim %s | llc-19 -O2 -mcpu=sm_70 -o - | FileCheck %s --check-prefix=FRAME
; FRAME-LABEL: .entry marked(
; FRAME:         .local .align 8 .b8 __local_depot{{[0-9]+}}[96];
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
define void @marked(ptr %out, i64 %i, i1 %c) {
entry:
  %other = alloca [8 x i64], align 8
  br i1 %c, label %a, label %b
a:
  %x = alloca [8 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 32, ptr %x)
  %px = getelementptr inbounds [8 x i32], ptr %x, i64 0, i64 %i
  store i32 1, ptr %px, align 4
  call void @use(ptr %x)
  call void @llvm.lifetime.end.p0(i64 32, ptr %x)
  br label %done
b:
  %y = alloca [8 x i32], align 4
  %py = getelementptr inbounds [8 x i32], ptr %y, i64 0, i64 %i
  store i32 2, ptr %py, align 4
  call void @use(ptr %y)
  call void @llvm.lifetime.start.p0(i64 64, ptr %other)
  %po = getelementptr inbounds [8 x i64], ptr %other, i64 0, i64 %i
  store i64 -1, ptr %po, align 8
  call void @use(ptr %other)
  call void @llvm.lifetime.end.p0(i64 64, ptr %other)
  %v = load i32, ptr %py, align 4
  store i32 %v, ptr %out, align 4
  br label %done
done:
  ret void
}

; Markers on a pointer derived from a merged alloca go too: stack colouring
; finds them through selects, phis and llvm.ptrmask (getUnderlyingObjects),
; and @derived's were kept on the ptrmask of %x (the frame shrank to 64
; bytes, %y's slot shared with %other on the path through b).
; ALL-LABEL: @derived(
; ON-NOT:      lifetime{{.*}}%m
; ON:          call void @llvm.lifetime.start.p0(i64 64, ptr %other)
; ON-NOT:      lifetime{{.*}}%m
; ON:        ret void
; FRAME-LABEL: .entry derived(
; FRAME:         .local .align 8 .b8 __local_depot{{[0-9]+}}[96];
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
define void @derived(ptr %out, i64 %i, i1 %c) {
entry:
  %other = alloca [8 x i64], align 8
  br i1 %c, label %a, label %b
a:
  %x = alloca [8 x i32], align 4
  %m = call ptr @llvm.ptrmask.p0.i64(ptr %x, i64 -1)
  call void @llvm.lifetime.start.p0(i64 32, ptr %m)
  %px = getelementptr inbounds [8 x i32], ptr %x, i64 0, i64 %i
  store i32 1, ptr %px, align 4
  call void @use(ptr %x)
  call void @llvm.lifetime.end.p0(i64 32, ptr %m)
  br label %done
b:
  %y = alloca [8 x i32], align 4
  %py = getelementptr inbounds [8 x i32], ptr %y, i64 0, i64 %i
  store i32 2, ptr %py, align 4
  call void @use(ptr %y)
  call void @llvm.lifetime.start.p0(i64 64, ptr %other)
  %po = getelementptr inbounds [8 x i64], ptr %other, i64 0, i64 %i
  store i64 -1, ptr %po, align 8
  call void @use(ptr %other)
  call void @llvm.lifetime.end.p0(i64 64, ptr %other)
  %v = load i32, ptr %py, align 4
  store i32 %v, ptr %out, align 4
  br label %done
done:
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @marked, !"kernel", i32 1}
!1 = !{ptr @derived, !"kernel", i32 1}
