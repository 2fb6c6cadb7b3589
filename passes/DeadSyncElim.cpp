//===- passes/DeadSyncElim.cpp - Dead Sync Elimination ---------------------===//
//
// For each defined function: extract the model, decide every synchronization
// site with the variant's oracle (core/DeadSyncEngine), then erase the dead
// ones, emitting a remark for each and reporting every site to the sink.
//
//===----------------------------------------------------------------------===//
#include "passes/DeadSyncElim.h"

#include "core/CtaUniformity.h"
#include "core/ModelExtractor.h"
#include "core/SourceLocation.h"
#include "passes/CheckedDeletions.h"
#include "passes/SyncRemarks.h"
#include "passes/SyncResults.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DebugCounter.h"

#include <algorithm>
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

  /// The inputs of extraction; Ablated: with the variant's ablations.
  core::ExtractionInputs inputs(bool Addresses, bool Ablated) {
    core::ExtractionInputs In(FAM.getResult<LoopAnalysis>(F));
    if (Addresses)
      In.DT = &FAM.getResult<DominatorTreeAnalysis>(F);
    In.PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
    In.Uniformity = &FAM.getResult<core::CtaUniformityAnalysis>(F);
    In.BlockDim = Opts.Precision.BlockDim;
    if (Ablated) {
      In.Ablate = Opts.Ablate;
      In.ObjectsOnly = !needsOffsets(Opts.V, Opts.Ablate);
    }
    return In;
  }

  /// Returns whether F changed.
  bool run(SyncResultSink *Sink) {
    auto Start = std::chrono::steady_clock::now();
    core::ExtractedFunction X = core::extractFunction(F, inputs(needsAddresses(Opts.V), true), Facts);
    VariantOracle Oracle = makeOracle(Opts.V, Opts.Precision, Solver, Opts.Ablate);
    core::EngineOptions EO;
    EO.Ablate = Opts.Ablate;
    core::DeadSyncEngine Engine(X.Model, *Oracle.Oracle, Oracle.Scope, EO);
    std::vector<core::SyncDecision> Decisions =
        Engine.run([](unsigned) { return DebugCounter::shouldExecute(DeleteCounter); });
    double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();

    // Soundness-checking mode: the checker works on the model as the IR says,
    // without the variant's ablations (and with addresses).
    std::vector<ProofRecord> Proofs(X.Model.Syncs.size());
    if (Opts.Verify != VerifyMode::Off && Solver) {
      const core::Ablations &A = Opts.Ablate;
      bool SameModel = needsOffsets(Opts.V, A) && !A.ElementSizeGate && !A.SharedOnly && !A.PopcOneUse;
      std::optional<core::ExtractedFunction> Truth;
      if (!SameModel)
        Truth.emplace(core::extractFunction(F, inputs(true, false), Facts));
      Proofs = checkDeletions(SameModel ? X : *Truth, *Solver, Opts.Precision.PathConditions,
                              Opts.Verify, Decisions);
    }

    FunctionSyncResult Result;
    Result.Function = F.getName().str();
    Result.IsKernel = X.Model.IsKernel;
    Result.Pass = DEBUG_TYPE;
    Result.Variant = variantName(Opts.V);
    Result.AnalysisMs = Ms;
    Result.Launch = X.Model.Launch.str();
    using Conflict = model::FunctionModel::Conflict;
    Result.LaunchConflict = X.Model.LaunchConflict != Conflict::None;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    if (Result.LaunchConflict)
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "LaunchConflict", &F)
               << (X.Model.LaunchConflict == Conflict::GivenDims
                       ? "the given block dimensions contradict the kernel's own bounds; using "
                   : X.Model.LaunchConflict == Conflict::CallerBounds
                       ? "the given block dimensions contradict the bounds of a kernel that calls it; using "
                       : "the kernel's own launch bounds admit no CTA; using ")
               << Result.Launch;
      });
    bool Changed = false;
    for (const core::SyncDecision &D : Decisions) {
      Instruction *I = X.SyncInst[D.Sync];
      Result.Syncs.push_back(record(X, D, *I));
      Result.Syncs.back().Proof = Proofs[D.Sync];
      if (Proofs[D.Sync].Status != "unchecked")
        reportCertificate(ORE, DEBUG_TYPE, *I, Proofs[D.Sync]);
      if (D.V == core::Verdict::Kept)
        reportKept(ORE, DEBUG_TYPE, *I, D.Reason), ++NumSyncsKept;
      if (D.V != core::Verdict::Removed)
        continue;
      reportRemoval(ORE, DEBUG_TYPE, *I, D.Flags, D.Reason, PrintDeadSyncElim);
      if (X.Model.Syncs[D.Sync].Kind == model::SyncKind::Fence)
        ++NumFencesRemoved;
      else
        ++NumBarriersRemoved;
      replaceWithOwnVote(*I);
      I->eraseFromParent();
      Changed = true;
    }
    if (Sink)
      Sink->record(std::move(Result));
    return Changed;
  }

private:
  /// popc-one-use (erratum 7) deletes a barrier whose result has a use: the
  /// use gets what the thread alone knows, its own vote (p != 0). Wrong on
  /// purpose; the checker refutes it.
  static void replaceWithOwnVote(Instruction &I) {
    if (I.use_empty())
      return;
    auto *CB = cast<CallBase>(&I);
    IRBuilder<> B(&I);
    Value *P = CB->getArgOperand(0);
    Value *Own = B.CreateZExt(B.CreateICmpNE(P, ConstantInt::get(P->getType(), 0)), I.getType(), "own.vote");
    I.replaceAllUsesWith(Own);
  }

  static SyncRecord record(const core::ExtractedFunction &X, const core::SyncDecision &D,
                           const Instruction &I) {
    const model::SyncSite &S = X.Model.Syncs[D.Sync];
    SyncRecord R;
    R.Id = D.Sync;
    R.Intrinsic = X.SyncName[D.Sync].str();
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
      R.WitnessAbove = X.Model.Accesses[D.Witness->first].Label.str();
      R.WitnessBelow = X.Model.Accesses[D.Witness->second].Label.str();
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
  MAM.getResult<core::ThreadOrderingAnalysis>(M); // once for every function's uniformity
  core::ModuleFacts Facts(M);
  std::unique_ptr<model::OverlapSolver> Solver = makeSolver(Opts.V, Opts.Precision, Opts.Verify != VerifyMode::Off);
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
  std::unique_ptr<model::OverlapSolver> Solver = makeSolver(Opts.V, Opts.Precision, Opts.Verify != VerifyMode::Off);
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
  if (Opts.Verify != VerifyMode::Off)
    OS << ";verify=" << verifyModeName(Opts.Verify);
  if (Opts.Ablate.any()) {
    std::string List = Opts.Ablate.str();
    std::replace(List.begin(), List.end(), ',', '+');
    OS << ";ablate=" << List;
  }
  OS << ">";
}

} // namespace xwarp::passes
