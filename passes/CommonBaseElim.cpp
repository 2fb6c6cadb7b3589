//===- passes/CommonBaseElim.cpp - Common Base Elimination -----------------===//
//
// Rounds of: merge allocas whose lifetimes cannot overlap (cbe-clone-allocas),
// group the addresses, and give every class with enough memory operations one
// canonical base. A remark for every class merged or left alone; a record for
// every rewritten address to the sink.
//
//===----------------------------------------------------------------------===//
#include "passes/CommonBaseElim.h"

#include "core/AddressGroups.h"
#include "core/FlaglessScalarEvolution.h"
#include "core/NvvmAnnotations.h"
#include "passes/AddressJoin.h"
#include "passes/AddressResults.h"
#include "passes/AllocaMerging.h"
#include "passes/BaseRewriter.h"
#include "passes/FreshScalarEvolution.h"
#include "passes/IndexReuse.h"
#include "passes/MadeCasts.h"
#include "verify/DeltaProver.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#define DEBUG_TYPE "common-base-elim"

using namespace llvm;

STATISTIC(NumBasesMerged, "Number of canonical bases kept");
STATISTIC(NumAddressesRewritten, "Number of addresses rewritten off a canonical base");
STATISTIC(NumIndicesReused, "Number of addresses rewritten as an earlier address plus an index");
STATISTIC(NumJoined, "Number of addresses rewritten as a phi of the addresses computed before a join");

static cl::OptionCategory CbeCategory("Common Base Elimination options");
static cl::opt<bool> Enable("cbe-enable", cl::init(true), cl::cat(CbeCategory),
                            cl::desc("Run Common Base Elimination (default true)"));
static cl::opt<unsigned> MaxDepth("cbe-max-depth", cl::init(8), cl::cat(CbeCategory),
                                  cl::desc("Addresses computed deeper than this are not merged"));
static cl::opt<unsigned> MaxIter("cbe-max-iter", cl::init(16), cl::cat(CbeCategory),
                                 cl::desc("Rounds of merging per function at most"));
static cl::opt<bool> CloneAllocas(
    "cbe-clone-allocas", cl::init(true), cl::cat(CbeCategory),
    cl::desc("Replace allocas whose lifetimes cannot overlap by one in the entry block"));
static cl::opt<unsigned> MinUses("cbe-min-uses", cl::init(2), cl::cat(CbeCategory),
                                 cl::desc("Memory operations a class needs before it is merged"));
static cl::opt<unsigned> CrossBlockLimit("scev-cgp-cross-block-limit", cl::init(16),
                                         cl::cat(CbeCategory),
                                         cl::desc("Canonical bases placed in one block at most"));
static cl::opt<unsigned> IdomLevelLimit(
    "scev-cgp-idom-level-limit", cl::init(8), cl::cat(CbeCategory),
    cl::desc("Dominator-tree levels a base may be hoisted above a use"));
static cl::opt<bool> ReuseIndices(
    "cbe-index-reuse", cl::init(true), cl::cat(CbeCategory),
    cl::desc("Rewrite an address as a dominating address of the same base plus a scaled value"));
static cl::opt<bool> JoinAddresses(
    "cbe-join-addresses", cl::init(true), cl::cat(CbeCategory),
    cl::desc("Rewrite an address below a join as a phi of the addresses each edge computed"));
static cl::opt<unsigned> FlaglessMaxLoops(
    "cbe-flagless-max-loops", cl::init(128), cl::cat(CbeCategory),
    cl::desc("Loops a function may have for rewrites outside strict mode; beyond them each rewrite is "
             "proved and kept only if proved, as in strict mode (0: no limit)"));
static cl::opt<bool> PrintProgress("cbe-print-progress", cl::init(false), cl::cat(CbeCategory),
                                   cl::desc("Print 'Processing X / Block Y' for every block visited"));

namespace xwarp::passes {

llvm::cl::OptionCategory &commonBaseElimCategory() { return CbeCategory; }

static void remarkMerged(OptimizationRemarkEmitter &ORE, const core::AddressClass &C,
                         const MergeOutcome &O) {
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "BaseMerged", O.At)
           << "Merged " << std::to_string(C.Members.size()) << " addresses ("
           << std::to_string(C.memoryOps()) << " memory operations) into base " << O.BaseName
           << " " << O.Reason << ": " << std::to_string(O.Removed) << " instructions removed, "
           << std::to_string(O.Created) << " created";
  });
}

static void remarkKept(OptimizationRemarkEmitter &ORE, const core::AddressClass &C,
                       const MergeOutcome &O) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "BaseNotMerged", O.At)
           << "Kept " << std::to_string(C.Members.size()) << " addresses ("
           << std::to_string(C.memoryOps()) << " memory operations) apart: " << O.Reason;
  });
}

static void remarkProof(OptimizationRemarkEmitter &ORE, Instruction *At, const AddressRecord &R) {
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "DeltaProof", At)
           << "Delta proof for " << R.Original << " = " << R.Base << " + " << R.offsetText() << ": " << R.Proof.Status << " (" << R.Proof.Reason << ")"
           << (R.Status == "rolled-back" ? "; rolled back" : "");
  });
}

static void remarkReused(OptimizationRemarkEmitter &ORE, const IndexReuseOutcome &O) {
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "IndexReused", O.At)
           << "Rewrote " << O.Record.Original << " as " << O.Reused
           << (O.Index.empty() ? std::string() : " + " + std::to_string(O.Scale) + " * " + O.Index)
           << (O.Record.Delta ? " + " + std::to_string(O.Record.Delta) : std::string()) << ": "
           << std::to_string(O.Removed) << " instructions removed, "
           << std::to_string(O.Created) << " created";
  });
}

static void remarkJoined(OptimizationRemarkEmitter &ORE, const AddressJoinOutcome &O) {
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "AddressJoined", O.At)
           << "Rewrote " << O.Record.Original << " as " << O.Record.Base
           << (O.Record.Delta ? " + " + std::to_string(O.Record.Delta) : std::string()) << " at " << O.Join << ": "
           << std::to_string(O.Removed) << " instructions removed, " << std::to_string(O.Created) << " created";
  });
}

/// The remarks and records of a step that rewrites addresses one by one
/// (index reuse, the join); whether it rewrote any.
template <typename OutcomeT, typename RemarkT, typename CounterT>
static bool recordStep(std::vector<OutcomeT> Outcomes, OptimizationRemarkEmitter &ORE, RemarkT Remark,
                       CounterT &Counter, FunctionAddressResult &Result) {
  bool Rewrote = false;
  for (OutcomeT &O : Outcomes) {
    if (O.Record.Proof.Status != "unchecked")
      remarkProof(ORE, O.At, O.Record);
    if (O.Record.Status == "rewritten") {
      Remark(ORE, O);
      ++Counter;
      Rewrote = true;
    }
    Result.Addresses.push_back(std::move(O.Record));
  }
  return Rewrote;
}

void addCommonBaseElimToModule(CommonBaseElimPass CBE, ModulePassManager &MPM) {
  MPM.addPass(RequireAnalysisPass<ModuleNumberingAnalysis, Module>());
  MPM.addPass(createModuleToFunctionPassAdaptor(std::move(CBE)));
}

PreservedAnalyses CommonBaseElimPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (!Enable || F.isDeclaration())
    return PreservedAnalyses::all();
  auto Start = std::chrono::steady_clock::now();
  unsigned FunctionNo = ++Visited;
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  // LLVM's ScalarEvolution writes the no-wrap flag one value earns onto an
  // expression other values share (core/FlaglessScalarEvolution.h): a merge
  // it suggests may be wrong. In strict mode every rewrite is proved from
  // the IR and the others are put back, so LLVM's is used (fresh, so that
  // the result depends on the IR alone). Otherwise nothing would catch it:
  // the pass asks one that reads no IR flags, primed again whenever the IR
  // changed (the flags are back before any rewrite). Without the flags,
  // ScalarEvolution proves no-wrap itself, from trip counts and loop
  // guards: each loop's guards are collected over every loop before it,
  // time cubic in the loops of a long kernel (LLVM 19). A function with
  // more loops than FlaglessMaxLoops is therefore handled as in strict
  // mode: faster there, and as sound.
  size_t Loops = LI.getLoopsInPreorder().size();
  bool StrictForLoops = Opts.Verify != VerifyMode::Strict && FlaglessMaxLoops && Loops > FlaglessMaxLoops;
  VerifyMode Verify = StrictForLoops ? VerifyMode::Strict : Opts.Verify;
  std::optional<core::FlaglessScalarEvolution> Flagless;
  if (Verify != VerifyMode::Strict) {
    Flagless.emplace(F, DT, LI);
    Flagless->prime();
  }
  ScalarEvolution &SE = Flagless ? Flagless->get() : freshScalarEvolution(F, FAM);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);

  std::unique_ptr<verify::DeltaProver> Prover;
  if (Verify != VerifyMode::Off)
    Prover = std::make_unique<verify::DeltaProver>(F.getDataLayout(), Opts.SolverTimeoutMs, &DT);
  BaseRewriterOptions RO;
  RO.CrossBlockLimit = CrossBlockLimit;
  RO.IdomLevelLimit = IdomLevelLimit;
  RO.Verify = Verify;
  RO.ExpandOnly = Opts.Ablate.DropSext;
  RO.RecordBases = !Flagless;
  IRPrinter Printer(F, FAM.getResult<ModuleAnalysisManagerFunctionProxy>(F).getCachedResult<ModuleNumberingAnalysis>(
                          *F.getParent()));
  BaseRewriter Rewriter(F, SE, DT, RO, Prover.get(), Printer);

  FunctionAddressResult Result;
  Result.Function = F.getName().str();
  Result.IsKernel = core::isLaunchedOnly(F); // as dead-sync-elim reports it
  Result.StrictForLoops = StrictForLoops;
  if (StrictForLoops)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "StrictForLoops", DiagnosticLocation(F.getSubprogram()),
                                        &F.getEntryBlock())
             << std::to_string(Loops) << " loops, more than cbe-flagless-max-loops ("
             << std::to_string(FlaglessMaxLoops) << "): every rewrite is proved and kept only if proved";
    });
  bool Changed = false;
  core::GroupingOptions GO;
  GO.MaxDepth = MaxDepth;
  GO.DropSext = Opts.Ablate.DropSext;
  GO.Leaves = &Rewriter.bases();
  if (PrintProgress)
    GO.OnBlock = [FunctionNo](unsigned Block) {
      errs() << "Processing " << FunctionNo << " / Block " << Block << "\n";
    };
  // The grouping of a round that changed nothing still describes the IR.
  std::optional<core::AddressGrouping> Unchanged;
  for (unsigned Round = 0; Round < MaxIter; ++Round) {
    bool RoundChanged = false;
    if (unsigned Allocas = CloneAllocas ? mergeDisjointAllocas(F, DT, LI, ORE) : 0) {
      // Allocas replaced: their addresses have new SCEVs.
      Result.AllocasMerged += Allocas;
      SE.forgetAllLoops();
      RoundChanged = true;
    }
    if (Flagless && (Round > 0 || RoundChanged))
      Flagless->prime();
    // Reports print values as this round finds them (numbering is lazy).
    Printer.renumber();
    core::AddressGrouping G = core::groupAddresses(F, SE, GO);
    Rewriter.beginRound(G.Classes);
    for (const core::AddressClass &C : G.Classes) {
      if (C.memoryOps() < MinUses || Rewriter.isCanonical(C))
        continue;
      MergeOutcome O = Rewriter.merge(C);
      for (const AddressRecord &R : O.Records)
        if (R.Proof.Status != "unchecked")
          remarkProof(ORE, O.At, R);
      if (O.Merged) {
        remarkMerged(ORE, C, O);
        ++NumBasesMerged;
        ++Result.BasesMerged;
        RoundChanged = true;
        for (const AddressRecord &R : O.Records)
          NumAddressesRewritten += R.Status == "rewritten";
      } else {
        remarkKept(ORE, C, O);
      }
      for (AddressRecord &R : O.Records)
        Result.Addresses.push_back(std::move(R));
    }
    Result.Rounds = Round + 1;
    Changed |= RoundChanged;
    if (!RoundChanged) {
      Unchanged = std::move(G);
      break;
    }
  }
  // Whether the IR changed since the flagless expressions were last built.
  bool Stale = !Unchanged;
  std::vector<WeakTrackingVH> MadeCasts = Rewriter.madeCasts();
  if (ReuseIndices) {
    if (Stale) { // the last round changed the IR
      if (Flagless)
        Flagless->prime();
      GO.OnBlock = nullptr;
      Unchanged = core::groupAddresses(F, SE, GO);
    }
    Printer.renumber();
    IndexReuse Reuse(F, SE, DT, LI, Verify, Prover.get(), Printer);
    Stale = recordStep(Reuse.run(std::move(Unchanged->Groups), Rewriter.bases()), ORE, remarkReused,
                       NumIndicesReused, Result);
    Changed |= Stale;
    MadeCasts.insert(MadeCasts.end(), Reuse.madeCasts().begin(), Reuse.madeCasts().end());
  }
  // A cast the pass made above a twin the input computes later stands for
  // it (MadeCasts.h).
  auto Allowed = [&](CastInst &Made, CastInst &Twin) {
    return Verify != VerifyMode::Strict || Prover->prove(&Twin, &Made, {}).Status == model::ProofStatus::Proved;
  };
  if (reuseMadeCasts(MadeCasts, DT, Allowed, [&](Value *V) { SE.forgetValue(V); },
                     [&](CastInst &Made, CastInst &Twin) {
                       ORE.emit([&] {
                         return OptimizationRemark(DEBUG_TYPE, "CastReused", &Twin)
                                << "Replaced " << Printer.text(&Twin) << " by " << Printer.operand(&Made)
                                << ", the same cast the pass made where it dominates";
                       });
                     })) {
    Changed = Stale = true;
  }
  bool SplitEdges = false;
  if (JoinAddresses) {
    if (Flagless && Stale)
      Flagless->prime();
    Printer.renumber();
    AddressJoin Join(F, SE, DT, LI, FAM.getResult<TargetIRAnalysis>(F), Verify, Prover.get(), Printer);
    Changed |= recordStep(Join.run(), ORE, remarkJoined, NumJoined, Result);
    SplitEdges = Join.splitEdges();
  }
  Result.Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  if (Sink)
    Sink->record(std::move(Result));
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  if (SplitEdges) { // the join split edges, updating these two
    PA.preserve<DominatorTreeAnalysis>();
    PA.preserve<LoopAnalysis>();
    return PA;
  }
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

void CommonBaseElimPass::printPipeline(raw_ostream &OS,
                                       function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "common-base-elim";
  std::string Params;
  if (Opts.Verify != VerifyMode::Off)
    Params += std::string("verify=") + verifyModeName(Opts.Verify);
  if (Opts.Ablate.any()) {
    std::string List = Opts.Ablate.str();
    std::replace(List.begin(), List.end(), ',', '+');
    Params += (Params.empty() ? "" : ";") + std::string("ablate=") + List;
  }
  if (!Params.empty())
    OS << "<" << Params << ">";
}

} // namespace xwarp::passes
