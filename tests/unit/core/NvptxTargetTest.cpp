//===- tests/unit/core/NvptxTargetTest.cpp - Many modules in one process ---===//
//
// LLVM 19's NVPTX backend caches nvvm.annotations by module and function
// address. Modules analysed one after another, each retired (AnalyzedModule
// holds a RetiredAtExit), must each be judged on their own annotations: a
// barrier in a loop bounded by an argument is under divergent control in a
// device function, and not in a kernel. (With the modules freed instead,
// glibc hands the next module the last one's address, and the device
// function's barrier came out uniform.)
//
//===----------------------------------------------------------------------===//
#include "IRTestSupport.h"

#include <gtest/gtest.h>

using xwarp::test::AnalyzedModule;

namespace {
bool barrierDivergent(bool Kernel) {
  std::string IR = "declare void @llvm.nvvm.barrier0()\n"
                   "define void @f(i32 %n) {\n"
                   "entry:\n  br label %loop\n"
                   "loop:\n  %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n"
                   "  call void @llvm.nvvm.barrier0()\n  %j = add i32 %i, 1\n"
                   "  %c = icmp slt i32 %j, %n\n  br i1 %c, label %loop, label %done\n"
                   "done:\n  ret void\n}\n";
  if (Kernel)
    IR += "!nvvm.annotations = !{!0}\n!0 = !{ptr @f, !\"kernel\", i32 1}\n";
  AnalyzedModule AM(IR);
  xwarp::core::ExtractedFunction X = AM.extract("f");
  EXPECT_EQ(X.Model.Syncs.size(), 1u);
  return !X.Model.Syncs.empty() && X.Model.Syncs[0].Divergent;
}
} // namespace

TEST(RetiredAtExit, EachModuleIsJudgedOnItsOwnAnnotations) {
  for (int I = 0; I < 50; ++I) {
    EXPECT_TRUE(barrierDivergent(/*Kernel=*/false)) << "round " << I;
    EXPECT_FALSE(barrierDivergent(/*Kernel=*/true)) << "round " << I;
  }
}
