//===- tests/unit/core/NvptxTargetTest.cpp - Many modules in one process ---===//
//
// LLVM 19's NVPTX backend caches nvvm.annotations by module and function
// address. Modules analysed one after another, each retired with
// RetiredAtExit, must each be judged on their own annotations: a loop bounded
// by an argument is divergent in a device function and uniform in a kernel.
// (With the modules freed instead, glibc hands the next module the last one's
// address, and about half of these answers came out wrong.)
//
//===----------------------------------------------------------------------===//
#include "core/NvptxTarget.h"

#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {
/// Whether the latch of @f's loop (bounded by its argument) is divergent,
/// @f being a kernel or a device function.
bool latchDivergent(bool Kernel) {
  LLVMContext Ctx;
  std::string Text = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
                     "target triple = \"nvptx64-nvidia-cuda\"\n"
                     "define void @f(i32 %n) {\n"
                     "entry:\n  br label %loop\n"
                     "loop:\n  %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n  %j = add i32 %i, 1\n"
                     "  %c = icmp slt i32 %j, %n\n  br i1 %c, label %loop, label %done\n"
                     "done:\n  ret void\n}\n";
  if (Kernel)
    Text += "!nvvm.annotations = !{!0}\n!0 = !{ptr @f, !\"kernel\", i32 1}\n";
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  xwarp::core::RetiredAtExit Retire(M);
  std::unique_ptr<TargetMachine> TM = xwarp::core::createNvptxTargetMachine(*M);
  PassBuilder PB(TM.get());
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  Function &F = *M->getFunction("f");
  bool Divergent = FAM.getResult<UniformityInfoAnalysis>(F).hasDivergentTerminator(*std::next(F.begin()));
  MAM.clear();
  return Divergent;
}
} // namespace

TEST(RetiredAtExit, EachModuleIsJudgedOnItsOwnAnnotations) {
  for (int I = 0; I < 50; ++I) {
    EXPECT_TRUE(latchDivergent(/*Kernel=*/false)) << "round " << I;
    EXPECT_FALSE(latchDivergent(/*Kernel=*/true)) << "round " << I;
  }
}
