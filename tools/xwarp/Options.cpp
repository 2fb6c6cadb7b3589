//===- tools/xwarp/Options.cpp --------------------------------------------===//
#include "Options.h"

#include "Config.h"

#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace xwarp::tools {

cl::OptionCategory InputCategory("Input options");
cl::OptionCategory AnalysisCategory("Analysis options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<inputs>"));

// cl::desc keeps only a StringRef: the composed help texts must outlive the options.
static const std::string VariantHelp =
    std::string("Dead Sync Elimination variant: ") + passes::variantList();
static const std::string AblateHelp =
    std::string("Deliberately wrong variants (DESIGN errata), comma separated: ") +
    core::Ablations::names();

static cl::opt<std::string> VariantName(
    "variant", cl::init("dataflow"), cl::value_desc("name"), cl::cat(AnalysisCategory),
    cl::desc(VariantHelp));

static cl::opt<std::string> BlockDim(
    "block-dim", cl::value_desc("X,Y,Z"), cl::cat(AnalysisCategory),
    cl::desc("Fix block dimensions of every kernel: X,Y,Z, each a number or * (unknown); missing ones are 1"));
static cl::opt<bool> PathConditions(
    "path-conditions", cl::init(true), cl::cat(AnalysisCategory),
    cl::desc("address: add dominating branch conditions to solver queries (default true)"));
static cl::opt<unsigned> SolverTimeout("solver-timeout", cl::init(2000), cl::value_desc("ms"),
                                       cl::cat(AnalysisCategory),
                                       cl::desc("address: timeout of each solver query"));

static cl::opt<std::string> VerifyName(
    "verify", cl::init("off"), cl::value_desc("mode"), cl::cat(AnalysisCategory),
    cl::desc("Soundness checking: off, report (a certificate per deletion), strict (roll back "
             "every deletion that is not proved)"));
static cl::opt<std::string> AblateList(
    "ablate", cl::value_desc("names"), cl::cat(AnalysisCategory),
    cl::desc(AblateHelp));

static cl::opt<std::string> PassList(
    "passes", cl::init("dse"), cl::value_desc("list"), cl::cat(AnalysisCategory),
    cl::desc("Optimizations to run, in order, comma separated: dse (dead-sync-elim<variant>), "
             "cbe (common-base-elim)"));

static cl::opt<std::string> ClangPath("clang", cl::init(XWARP_CLANG_PATH), cl::value_desc("path"),
                                      cl::cat(InputCategory),
                                      cl::desc("clang used to compile .cu inputs"));
static cl::opt<std::string> CudaHeader("cuda-header", cl::init(XWARP_CUDA_HEADER),
                                       cl::value_desc("path"), cl::cat(InputCategory),
                                       cl::desc("Device header force-included into .cu inputs"));
static cl::list<std::string> ClangArgs("cc-arg", cl::value_desc("arg"), cl::cat(InputCategory),
                                       cl::desc("Extra argument for clang when compiling .cu inputs"));

Expected<passes::DeadSyncElimOptions> analysisOptions() {
  passes::DeadSyncElimOptions Opts;
  std::optional<passes::Variant> V = passes::parseVariant(VariantName);
  if (!V)
    return make_error<StringError>("unknown variant '" + VariantName + "' (expected " +
                                       passes::variantList() + ")",
                                   inconvertibleErrorCode());
  Opts.V = *V;
  // Given empty, either option is an error, not the default it leaves.
  if (BlockDim.getNumOccurrences()) {
    Opts.Precision.BlockDim = model::BlockDimSpec::parse(BlockDim);
    if (!Opts.Precision.BlockDim)
      return make_error<StringError>("invalid --block-dim '" + BlockDim +
                                         "' (expected X,Y,Z, each a number or *, within the CUDA limits)",
                                     inconvertibleErrorCode());
  }
  Opts.Precision.PathConditions = PathConditions;
  Opts.Precision.SolverTimeoutMs = SolverTimeout;
  std::optional<passes::VerifyMode> Mode = passes::parseVerifyMode(VerifyName);
  if (!Mode)
    return make_error<StringError>("unknown --verify mode '" + VerifyName +
                                       "' (expected off, report or strict)",
                                   inconvertibleErrorCode());
  Opts.Verify = *Mode;
  if (AblateList.getNumOccurrences() && StringRef(AblateList).trim().empty())
    return make_error<StringError>(std::string("empty --ablate (expected ") + core::Ablations::names() + ")",
                                   inconvertibleErrorCode());
  std::string Bad;
  std::optional<core::Ablations> A = core::Ablations::parse(AblateList, &Bad);
  if (!A)
    return make_error<StringError>("unknown ablation '" + Bad + "' (expected " +
                                       core::Ablations::names() + ")",
                                   inconvertibleErrorCode());
  Opts.Ablate = *A;
  return Opts;
}

Expected<PipelineOptions> pipelineOptions() {
  Expected<passes::DeadSyncElimOptions> DSE = analysisOptions();
  if (!DSE)
    return DSE.takeError();
  std::optional<std::vector<Step>> Steps = parseSteps(PassList);
  if (!Steps)
    return make_error<StringError>("invalid --passes '" + PassList +
                                       "' (expected dse, cbe or both, comma separated, each once)",
                                   inconvertibleErrorCode());
  PipelineOptions Opts;
  Opts.DSE = *DSE;
  Opts.Steps = *Steps;
  Opts.CBE.Verify = DSE->Verify;
  Opts.CBE.SolverTimeoutMs = DSE->Precision.SolverTimeoutMs;
  Opts.CBE.Ablate = DSE->Ablate;
  return Opts;
}

std::string pipelineChoiceGiven() {
  for (const cl::opt<std::string> *O : {&VariantName, &VerifyName, &PassList})
    if (O->getNumOccurrences())
      return O->ArgStr.str();
  return "";
}

void hidePipelineChoices() {
  for (cl::opt<std::string> *O : {&VariantName, &VerifyName, &PassList})
    O->setHiddenFlag(cl::ReallyHidden);
}

bool ablationsGiven() { return AblateList.getNumOccurrences() > 0; }

void forceVerifyMode(passes::VerifyMode M) { VerifyName = passes::verifyModeName(M); }

CudaOptions cudaOptions() {
  return CudaOptions{ClangPath, CudaHeader, std::vector<std::string>(ClangArgs.begin(), ClangArgs.end())};
}

int badInput(const Twine &Msg) {
  WithColor::error(errs(), "xwarp") << Msg << "\n";
  return ExitBadInput;
}

} // namespace xwarp::tools
