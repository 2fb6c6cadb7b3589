//===- passes/DeadSyncElim.cpp - Dead Sync Elimination ---------------------===//
//
// For each defined function: extract the model, decide every synchronization
// site with the variant's oracle (core/DeadSyncEngine), then erase the dead
// ones, emitting a remark for each and reporting every site to the sink.
//
//===----------------------------------------------------------------------===//
#include "passes/DeadSyncElim.h"

#include "core/ModelExtractor.h"
#include "core/SourceLocation.h"
#include "passes/SyncRemarks.h"
#include "passes/SyncResults.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DebugCounter.h"

#include <chrono>

#define DEBUG_TYPE "dead-sync-elim"

using namespace llvm;

STATISTIC(NumBarriersRemoved, "Number of CTA barriers removed");
STATISTIC(NumFencesRemoved, "Number of fences removed");
STATISTIC(NumSyncsKept, "Number of synchronization sites kept");
DEBUG_COUNTER(DeleteCounter, "dead-sync-elim-delete",
              "Controls which barriers and fences dead-sync-elim deletes");

static cl::opt<bool> PrintDeadSyncElim(
    "print-dead-sync-elim", cl::init(false), cl::Hidden,
    cl::desc("Print every barrier or fence dead-sync-elim removes, with its access flags"));

namespace xwarp::passes {

SyncResultSink::~SyncResultSink() = default;

namespace {
/// Runs the engine on one function and applies its decisions.
class FunctionRun {
public:
  FunctionRun(Function &F, FunctionAnalysisManager &FAM, core::ModuleFacts &Facts,
              const DeadSyncElimOptions &Opts, model::OverlapSolver *Solver)
      : F(F), FAM(FAM), Facts(Facts), Opts(Opts), Solver(Solver) {}

  /// Returns whether F changed.
  bool run(SyncResultSink *Sink) {
    auto Start = std::chrono::steady_clock::now();
    core::ExtractionInputs In(FAM.getResult<LoopAnalysis>(F));
    if (needsAddresses(Opts.V))
      In.SE = &FAM.getResult<ScalarEvolutionAnalysis>(F);
    In.PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
    In.UI = &FAM.getResult<UniformityInfoAnalysis>(F);
    In.DT = &FAM.getResult<DominatorTreeAnalysis>(F);
    In.BlockDim = Opts.Precision.BlockDim;
    core::ExtractedFunction X = core::extractFunction(F, In, Facts);
    VariantOracle Oracle = makeOracle(Opts.V, Opts.Precision, Solver);
    core::DeadSyncEngine Engine(X.Model, *Oracle.Oracle, Oracle.Scope);
    std::vector<core::SyncDecision> Decisions =
        Engine.run([](unsigned) { return DebugCounter::shouldExecute(DeleteCounter); });
    double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();

    FunctionSyncResult Result;
    Result.Function = F.getName().str();
    Result.IsKernel = X.Model.IsKernel;
    Result.Pass = DEBUG_TYPE;
    Result.Variant = variantName(Opts.V);
    Result.AnalysisMs = Ms;
    Result.Launch = X.Model.Launch.str();
    Result.LaunchConflict = X.Model.LaunchConflict;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    if (X.Model.LaunchConflict)
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "LaunchConflict", &F)
               << "the given block dimensions contradict the kernel's own bounds; using "
               << Result.Launch;
      });
    bool Changed = false;
    for (const core::SyncDecision &D : Decisions) {
      Instruction *I = X.SyncInst[D.Sync];
      Result.Syncs.push_back(record(X, D, *I));
      if (D.V == core::Verdict::Kept)
        reportKept(ORE, DEBUG_TYPE, *I, D.Reason), ++NumSyncsKept;
      if (D.V != core::Verdict::Removed)
        continue;
      reportRemoval(ORE, DEBUG_TYPE, *I, D.Flags, D.Reason, PrintDeadSyncElim);
      if (X.Model.Syncs[D.Sync].Kind == model::SyncKind::Fence)
        ++NumFencesRemoved;
      else
        ++NumBarriersRemoved;
      I->eraseFromParent();
      Changed = true;
    }
    if (Sink)
      Sink->record(std::move(Result));
    return Changed;
  }

private:
  static SyncRecord record(const core::ExtractedFunction &X, const core::SyncDecision &D,
                           const Instruction &I) {
    const model::SyncSite &S = X.Model.Syncs[D.Sync];
    SyncRecord R;
    R.Id = D.Sync;
    R.Intrinsic = X.SyncName[D.Sync];
    R.Kind = S.Kind;
    R.Loc = core::sourceLocOf(I);
    R.Verdict = D.V;
    R.Flags = D.Flags;
    R.Reason = D.Reason;
    R.DecidedBy = D.DecidedBy;
    R.Divergent = S.Divergent;
    R.DeletionOrder = D.DeletionOrder;
    R.Tier = D.Tier;
    R.FastPathPairs = D.FastPathPairs;
    R.SolverQueries = D.SolverQueries;
    R.SolverUnknowns = D.SolverUnknowns;
    R.Ms = D.Ms;
    if (D.Witness) {
      R.WitnessAbove = X.Model.Accesses[D.Witness->first].Label;
      R.WitnessBelow = X.Model.Accesses[D.Witness->second].Label;
    }
    return R;
  }

  Function &F;
  FunctionAnalysisManager &FAM;
  core::ModuleFacts &Facts;
  const DeadSyncElimOptions &Opts;
  model::OverlapSolver *Solver;
};
} // namespace

/// Erasing calls keeps the CFG and what is built on it.
static PreservedAnalyses afterErasingCalls() {
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

PreservedAnalyses DeadSyncElimPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  core::ModuleFacts Facts(M);
  std::unique_ptr<model::OverlapSolver> Solver = makeSolver(Opts.V, Opts.Precision);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !FunctionRun(F, FAM, Facts, Opts, Solver.get()).run(Sink))
      continue;
    Changed = true;
    FAM.invalidate(F, afterErasingCalls());
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}

PreservedAnalyses DeadSyncElimPass::run(Function &F, FunctionAnalysisManager &FAM) {
  // Module facts are recomputed for each function here: the module pass is
  // cheaper on modules with many functions.
  core::ModuleFacts Facts(*F.getParent());
  std::unique_ptr<model::OverlapSolver> Solver = makeSolver(Opts.V, Opts.Precision);
  if (F.isDeclaration() || !FunctionRun(F, FAM, Facts, Opts, Solver.get()).run(Sink))
    return PreservedAnalyses::all();
  return afterErasingCalls();
}

void DeadSyncElimPass::printPipeline(raw_ostream &OS,
                                     function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "dead-sync-elim<" << variantName(Opts.V);
  if (Opts.V == Variant::Address) {
    if (!Opts.Precision.PathConditions)
      OS << ";no-path-conditions";
    OS << ";solver-timeout=" << Opts.Precision.SolverTimeoutMs;
  }
  if (const auto &B = Opts.Precision.BlockDim)
    OS << ";block-dim=" << B->str();
  OS << ">";
}

} // namespace xwarp::passes
