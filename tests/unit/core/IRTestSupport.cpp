//===- tests/unit/core/IRTestSupport.cpp ----------------------------------===//
#include "IRTestSupport.h"

#include "core/CtaUniformity.h"
#include "core/NvptxTarget.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace xwarp::test {

AnalyzedModule::AnalyzedModule(const std::string &IR) {
  std::string Text = IR;
  if (Text.find("target triple") == std::string::npos)
    Text = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
           "target triple = \"nvptx64-nvidia-cuda\"\n" + Text;
  SMDiagnostic Err;
  M = parseAssemblyString(Text, Err, Ctx);
  if (!M) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Err.print("test", OS);
    ADD_FAILURE() << OS.str();
    M = std::make_unique<Module>("empty", Ctx);
  }
  TM = core::createNvptxTargetMachine(*M);
  PB = std::make_unique<PassBuilder>(TM.get());
  PB->registerModuleAnalyses(MAM);
  PB->registerCGSCCAnalyses(CGAM);
  PB->registerFunctionAnalyses(FAM);
  core::registerCtaUniformity(FAM, MAM);
  PB->registerLoopAnalyses(LAM);
  PB->crossRegisterProxies(LAM, FAM, CGAM, MAM);
  Facts = std::make_unique<core::ModuleFacts>(*M);
}

AnalyzedModule::~AnalyzedModule() {
  // The analysis managers refer to the module: clear them first.
  FAM.clear();
  MAM.clear();
}

ScalarEvolution &AnalyzedModule::se(StringRef Name) {
  return FAM.getResult<ScalarEvolutionAnalysis>(fn(Name));
}

UniformityInfo &AnalyzedModule::uniformity(StringRef Name, bool Stock) {
  Function &F = fn(Name);
  return Stock ? FAM.getResult<UniformityInfoAnalysis>(F) : FAM.getResult<core::CtaUniformityAnalysis>(F).UI;
}

Function &AnalyzedModule::fn(StringRef Name) {
  Function *F = M->getFunction(Name);
  if (!F)
    ADD_FAILURE() << "no function " << Name.str();
  return *F;
}

core::ExtractedFunction AnalyzedModule::extract(StringRef Name, std::optional<model::BlockDimSpec> BlockDim) {
  Function &F = fn(Name);
  core::ExtractionInputs In(FAM.getResult<LoopAnalysis>(F));
  In.PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
  In.Uniformity = &FAM.getResult<core::CtaUniformityAnalysis>(F);
  In.DT = &FAM.getResult<DominatorTreeAnalysis>(F);
  In.BlockDim = BlockDim;
  return core::extractFunction(F, In, *Facts);
}

static unsigned tagged(const std::vector<Instruction *> &Insts, StringRef Tag) {
  for (unsigned I = 0; I < Insts.size(); ++I) {
    if (!Insts[I])
      continue;
    if (MDNode *N = Insts[I]->getMetadata("t"))
      if (auto *S = dyn_cast<MDString>(N->getOperand(0)); S && S->getString() == Tag)
        return I;
  }
  ADD_FAILURE() << "no site tagged " << Tag.str();
  return ~0u;
}

unsigned syncTagged(const core::ExtractedFunction &X, StringRef Tag) { return tagged(X.SyncInst, Tag); }
unsigned accessTagged(const core::ExtractedFunction &X, StringRef Tag) {
  return tagged(X.AccessInst, Tag);
}

} // namespace xwarp::test
