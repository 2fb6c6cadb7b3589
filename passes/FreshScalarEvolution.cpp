//===- passes/FreshScalarEvolution.cpp ------------------------------------===//
#include "passes/FreshScalarEvolution.h"

#include "llvm/Analysis/ScalarEvolution.h"

using namespace llvm;

namespace xwarp::passes {

ScalarEvolution &freshScalarEvolution(Function &F, FunctionAnalysisManager &FAM) {
  PreservedAnalyses AllButSCEV = PreservedAnalyses::all();
  AllButSCEV.abandon<ScalarEvolutionAnalysis>();
  FAM.invalidate(F, AllButSCEV);
  return FAM.getResult<ScalarEvolutionAnalysis>(F);
}

} // namespace xwarp::passes
