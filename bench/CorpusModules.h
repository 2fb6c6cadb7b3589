//===- bench/CorpusModules.h - Corpus kernels ready for analysis -----------===//
#ifndef XWARP_BENCH_CORPUSMODULES_H
#define XWARP_BENCH_CORPUSMODULES_H

#include "core/ModelExtractor.h"
#include "model/Launch.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xwarp::bench {

/// One corpus kernel file compiled to IR, after infer-address-spaces, with its
/// functions' LLVM analyses computed once (a benchmark iteration then measures
/// only xwarp's own extraction and decisions).
class PreparedModule {
public:
  /// Compiles Path (clang-19, the corpus header); nullptr with a message on failure.
  static std::unique_ptr<PreparedModule> load(const std::string &Path, std::string &Error);
  /// Parses IR text (a generated kernel) under Name, with the launch BlockDim;
  /// local value names are dropped, as clang's release builds drop them.
  static std::unique_ptr<PreparedModule> fromIR(const std::string &Name, const std::string &IR,
                                                std::optional<model::BlockDimSpec> BlockDim,
                                                std::string &Error);
  ~PreparedModule();

  const std::string &name() const { return Name; }
  llvm::Module &module() { return *M; }
  std::vector<llvm::Function *> functions();
  /// The analyses of F (cached), with the file's launch directive applied.
  core::ExtractionInputs inputs(llvm::Function &F, bool Addresses, bool ObjectsOnly = false);
  core::ModuleFacts &facts() { return *Facts; }
  /// The heap the parsed module took (fromIR only; 0 for compiled files).
  size_t irBytes() const { return IRBytes; }
  /// Drops every cached LLVM analysis (to measure a pass as opt runs it).
  void forgetAnalyses() { FAM.clear(); }

private:
  PreparedModule() = default;
  /// Target machine, analysis managers, infer-address-spaces, module facts.
  void prepare();
  std::string Name;
  std::optional<model::BlockDimSpec> BlockDim;
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<llvm::TargetMachine> TM;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  std::unique_ptr<llvm::PassBuilder> PB;
  std::unique_ptr<core::ModuleFacts> Facts;
  size_t IRBytes = 0;
};

/// The .cu files of the corpus directory, sorted.
std::vector<std::string> corpusFiles(const std::string &Dir);

/// Takes `--corpus DIR` (or `--corpus=DIR`) out of the command line (the
/// bundled corpus by default), and each `NAME VALUE` of Extra into its
/// string, and hands the rest to Google Benchmark.
std::string corpusDirFromArgs(int argc, char **argv,
                              const std::map<std::string, std::string *> &Extra = {});

/// Every kernel file of Dir, loaded; failures are reported on stderr under
/// the benchmark's name and skipped.
std::vector<std::unique_ptr<PreparedModule>> loadCorpus(const std::string &Dir, const char *Tool);

} // namespace xwarp::bench

#endif
