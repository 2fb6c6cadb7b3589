//===- tests/unit/core/CtaUniformityTest.cpp ------------------------------===//
#include "IRTestSupport.h"
#include "core/CtaUniformity.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace xwarp;

namespace {

const char *const Kernel = R"IR(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.umin.i32(i32, i32)

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %mask = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %count = call i32 @llvm.nvvm.barrier0.popc(i32 %t)
  %clamp = call i32 @llvm.umin.i32(i32 %ntid, i32 %n)
  %mine = call i32 @llvm.umin.i32(i32 %t, i32 %n)
  %half = lshr i32 %ntid, 1
  br label %loop
loop:
  %s = phi i32 [ %half, %entry ], [ %next, %loop ]
  %next = lshr i32 %s, 1
  %more = icmp ugt i32 %next, 32
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
)IR";

/// Whether the instruction named Name is divergent under UI.
bool divergent(Function &F, UniformityInfo &UI, StringRef Name) {
  for (Instruction &I : instructions(F))
    if (I.getName() == Name)
      return UI.isDivergent(&I);
  ADD_FAILURE() << "no instruction %" << Name.str();
  return false;
}

TEST(CtaUniformity, WhatOneCtaSharesIsUniform) {
  test::AnalyzedModule M(Kernel);
  Function &F = M.fn("k");
  UniformityInfo &Cta = M.uniformity("k");
  UniformityInfo &Stock = M.uniformity("k", /*Stock=*/true);
  // NVPTX calls every call's result divergent, the CTA's registers included:
  // the tree reduction's loop looked divergent.
  EXPECT_TRUE(divergent(F, Stock, "ntid"));
  EXPECT_TRUE(divergent(F, Stock, "more"));
  for (StringRef Same : {"ntid", "ctaid", "count", "clamp", "half", "s", "next", "more"})
    EXPECT_FALSE(divergent(F, Cta, Same)) << Same.str();
  for (StringRef Varies : {"t", "mask", "mine"})
    EXPECT_TRUE(divergent(F, Cta, Varies)) << Varies.str();
  EXPECT_FALSE(Cta.hasDivergentTerminator(*F.getEntryBlock().getNextNode()));
}

/// A plain load of a shared flag, and a branch on it. Another function
/// orders threads apart (an atomic) when Atomic.
std::string flagKernel(bool Atomic) {
  std::string IR = R"IR(
@flag = internal addrspace(3) global i32 0
define ptx_kernel void @k() {
entry:
  %v = load i32, ptr addrspace(3) @flag
  %set = icmp ne i32 %v, 0
  br i1 %set, label %a, label %b
a:
  ret void
b:
  ret void
}
define void @other(ptr addrspace(1) %p) {
)IR";
  IR += Atomic ? "  %old = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic\n" : "";
  return IR + "  ret void\n}\n";
}

// Whether plain loads vary is a fact of the whole module: a module pass
// asks ThreadOrderingAnalysis once, and every function's uniformity reads
// that answer; without it cached, the function analysis scans the module.
// Both ways give the same answer.
TEST(CtaUniformity, PlainLoadsVaryWhereSomethingOrdersThreadsApart) {
  for (bool Atomic : {false, true}) {
    test::AnalyzedModule M(flagKernel(Atomic));
    Function &F = M.fn("k");
    bool Scanned = divergent(F, M.uniformity("k"), "v");
    M.functionAnalyses().clear();
    EXPECT_EQ(M.moduleAnalyses().getResult<core::ThreadOrderingAnalysis>(M.module()).OrdersSomeThreads, Atomic);
    bool Cached = divergent(F, M.uniformity("k"), "v");
    EXPECT_EQ(Scanned, Atomic);
    EXPECT_EQ(Cached, Atomic);
  }
}

// A field of a struct parameter: the same in every thread where the copy is
// a launch's (a readonly byval parameter of a kernel no function calls); the
// thread's own where the copy is written, or where a caller made it.
TEST(CtaUniformity, ByValParametersOfALaunchAreUniform) {
  test::AnalyzedModule M(R"IR(
%P = type { i32, i32 }
define ptx_kernel void @launched(ptr readonly byval(%P) %p) {
  %f = load i32, ptr %p
  ret void
}
define ptx_kernel void @written(ptr byval(%P) %p) {
  %f = load i32, ptr %p
  store i32 0, ptr %p
  ret void
}
define ptx_kernel void @called(ptr readonly byval(%P) %p) {
  %f = load i32, ptr %p
  ret void
}
define void @device(ptr readonly byval(%P) %p) {
  %f = load i32, ptr %p
  ret void
}
define ptx_kernel void @caller(ptr byval(%P) %p) {
  call void @called(ptr byval(%P) %p)
  call void @device(ptr byval(%P) %p)
  ret void
}
)IR");
  EXPECT_FALSE(divergent(M.fn("launched"), M.uniformity("launched"), "f"));
  EXPECT_TRUE(divergent(M.fn("written"), M.uniformity("written"), "f"));
  EXPECT_TRUE(divergent(M.fn("called"), M.uniformity("called"), "f"));
  EXPECT_TRUE(divergent(M.fn("device"), M.uniformity("device"), "f"));
}

} // namespace
