//===- tests/unit/core/IRTestSupport.h - Parsing and analysing test IR -----===//
#ifndef XWARP_TESTS_IRTESTSUPPORT_H
#define XWARP_TESTS_IRTESTSUPPORT_H

#include "core/ModelExtractor.h"
#include "core/NvptxTarget.h"

#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class ScalarEvolution;
}

namespace xwarp::test {

/// An NVPTX module parsed from text, with the analyses extraction needs.
/// The NVPTX triple and data layout are added when the text has none.
class AnalyzedModule {
public:
  explicit AnalyzedModule(const std::string &IR);
  ~AnalyzedModule();

  llvm::Module &module() { return *M; }
  llvm::FunctionAnalysisManager &functionAnalyses() { return FAM; }
  llvm::ModuleAnalysisManager &moduleAnalyses() { return MAM; }
  llvm::Function &fn(llvm::StringRef Name);
  /// ScalarEvolution of function Name (cached with the module).
  llvm::ScalarEvolution &se(llvm::StringRef Name);
  /// Function Name's uniformity: xwarp's (CtaUniformityAnalysis), or with
  /// Stock LLVM's own (UniformityInfoAnalysis with NVPTX's sources).
  llvm::UniformityInfo &uniformity(llvm::StringRef Name, bool Stock = false);
  /// Extracts the model of function Name, with symbolic addresses (and the
  /// user's block dimensions, if given).
  core::ExtractedFunction extract(llvm::StringRef Name,
                                  std::optional<model::BlockDimSpec> BlockDim = std::nullopt);

private:
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  /// Tests make many modules in one process (see RetiredAtExit).
  core::RetiredAtExit Retire{M};
  std::unique_ptr<llvm::TargetMachine> TM;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  std::unique_ptr<llvm::PassBuilder> PB;
  std::unique_ptr<core::ModuleFacts> Facts;
};

/// The sync / access id whose instruction carries the tag `!t !{!"Tag"}`
/// (void calls and stores cannot be named in IR, so tests tag sites).
unsigned syncTagged(const core::ExtractedFunction &X, llvm::StringRef Tag);
unsigned accessTagged(const core::ExtractedFunction &X, llvm::StringRef Tag);

} // namespace xwarp::test

#endif
