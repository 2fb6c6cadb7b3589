//===- passes/BasicDeadBarrierElim.cpp - basic-dbe -------------------------===//
//
// Per block, in order: a deletable barrier whose side up to the previous
// separator (or the kernel's entry) or down to the next separator (or a
// kernel return, exit or trap) holds no visible access is dead. Barriers are
// decided one at a time, so of a run of barriers with nothing between them
// one survives.
//
//===----------------------------------------------------------------------===//
#include "passes/BasicDeadBarrierElim.h"

#include "core/CtaUniformity.h"
#include "core/ModelExtractor.h"
#include "core/SourceLocation.h"
#include "passes/SyncRemarks.h"
#include "passes/SyncResults.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/DebugCounter.h"

#define DEBUG_TYPE "basic-dbe"

using namespace llvm;
using xwarp::model::SiteRef;

STATISTIC(NumBarriersRemoved, "Number of barriers basic-dbe removed");
DEBUG_COUNTER(DeleteCounter, "basic-dbe-delete", "Controls which barriers basic-dbe deletes");

namespace xwarp::passes {

namespace {
/// One side of a barrier inside its block.
struct LocalSide {
  model::SideSummary Accesses;
  /// The side ends at a separator, or at the kernel's entry / end of a path.
  bool Closed = false;
  bool empty() const { return Closed && !Accesses.reads() && !Accesses.writes(); }
  /// Flags as the remark shows them: an open side may hold anything.
  bool mayRead() const { return !Closed || Accesses.reads(); }
  bool mayWrite() const { return !Closed || Accesses.writes(); }
};

class BlockScan {
public:
  BlockScan(const model::FunctionModel &M, const std::vector<bool> &Removed)
      : M(M), Removed(Removed) {}

  bool separator(const SiteRef &R) const {
    return !R.isAccess() && M.Syncs[R.Index].isSeparator() && !Removed[R.Index];
  }

  LocalSide side(unsigned Block, size_t Pos, bool Forward) const {
    model::ListSlice<SiteRef> Sites = M.sites(Block);
    LocalSide S;
    for (size_t I = Pos;;) {
      if (Forward ? I + 1 >= Sites.size() : I == 0)
        break;
      I = Forward ? I + 1 : I - 1;
      const SiteRef &R = Sites[I];
      if (separator(R) || (!R.isAccess() && M.Syncs[R.Index].EndsPath && Forward)) {
        S.Closed = true;
        return S;
      }
      if (R.isAccess())
        S.Accesses.add(M.Accesses[R.Index]);
    }
    // Reached the block's edge: closed only where paths end (a kernel's entry
    // or return, or `unreachable`); a device function's caller is unknown.
    if (Forward)
      S.Closed = M.successors(Block).empty() && (M.IsKernel || !M.Blocks[Block].Returns);
    else
      S.Closed = Block == 0 && M.IsKernel;
    return S;
  }

private:
  const model::FunctionModel &M;
  const std::vector<bool> &Removed;
};
} // namespace

/// Decides and deletes basic-dbe's barriers in F; returns whether F changed.
static bool runOnFunction(Function &F, FunctionAnalysisManager &FAM, core::ModuleFacts &Facts,
                          SyncResultSink *Sink) {
  core::ExtractionInputs In(FAM.getResult<LoopAnalysis>(F));
  In.PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
  In.Uniformity = &FAM.getResult<core::CtaUniformityAnalysis>(F);
  core::ExtractedFunction X = core::extractFunction(F, In, Facts);
  const model::FunctionModel &M = X.Model;
  std::vector<bool> Removed(M.Syncs.size(), false);
  BlockScan Scan(M, Removed);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);

  FunctionSyncResult Result;
  Result.Function = F.getName().str();
  Result.IsKernel = M.IsKernel;
  Result.Pass = DEBUG_TYPE;
  Result.Variant = DEBUG_TYPE;
  for (unsigned B = 0; B < M.Blocks.size(); ++B) {
    model::ListSlice<SiteRef> Sites = M.sites(B);
    for (size_t P = 0; P < Sites.size(); ++P) {
      const SiteRef &R = Sites[P];
      if (R.isAccess())
        continue;
      const model::SyncSite &S = M.Syncs[R.Index];
      Instruction *I = X.SyncInst[R.Index];
      SyncRecord Rec;
      Rec.Id = R.Index;
      Rec.Intrinsic = X.SyncName[R.Index].str();
      Rec.Kind = S.Kind;
      Rec.Loc = core::sourceLocOf(*I);
      Rec.Divergent = S.Divergent;
      Rec.DecidedBy = DEBUG_TYPE;
      LocalSide Up = Scan.side(B, P, false), Down = Scan.side(B, P, true);
      Rec.Flags = {Up.mayRead(), Up.mayWrite(), Down.mayRead(), Down.mayWrite()};
      if (S.Kind == model::SyncKind::Exempt) {
        Rec.Verdict = core::Verdict::Exempt;
        Rec.Reason = S.Note;
      } else if (!S.isDeletableBarrier()) {
        Rec.Verdict = core::Verdict::Kept;
        Rec.Reason = "not a deletable barrier for basic-dbe";
      } else if (!Up.empty() && !Down.empty()) {
        Rec.Verdict = core::Verdict::Kept;
        Rec.Reason = "accesses on both sides within reach";
      } else if (!DebugCounter::shouldExecute(DeleteCounter)) {
        Rec.Verdict = core::Verdict::Kept;
        Rec.Reason = "dead, but the debug counter skipped the deletion";
      } else {
        Rec.Verdict = core::Verdict::Removed;
        Rec.Reason = Up.empty() ? "no visible access above, up to a barrier or kernel entry"
                                : "no visible access below, down to a barrier or kernel exit";
        Removed[R.Index] = true;
      }
      if (Rec.Verdict == core::Verdict::Kept)
        reportKept(ORE, DEBUG_TYPE, *I, Rec.Reason);
      else if (Rec.Verdict == core::Verdict::Removed)
        reportRemoval(ORE, DEBUG_TYPE, *I, Rec.Flags, Rec.Reason, false);
      Result.Syncs.push_back(std::move(Rec));
    }
  }
  bool Changed = false;
  for (unsigned S = 0; S < M.Syncs.size(); ++S)
    if (Removed[S]) {
      X.SyncInst[S]->eraseFromParent();
      ++NumBarriersRemoved;
      Changed = true;
    }
  std::sort(Result.Syncs.begin(), Result.Syncs.end(),
            [](const SyncRecord &A, const SyncRecord &B) { return A.Id < B.Id; });
  if (Sink)
    Sink->record(std::move(Result));
  return Changed;
}

static PreservedAnalyses afterErasingCalls() {
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

PreservedAnalyses BasicDeadBarrierElimPass::run(Module &Mod, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(Mod).getManager();
  MAM.getResult<core::ThreadOrderingAnalysis>(Mod); // once for every function's uniformity
  core::ModuleFacts Facts(Mod);
  bool AnyChange = false;
  for (Function &F : Mod) {
    if (F.isDeclaration() || !runOnFunction(F, FAM, Facts, Sink))
      continue;
    AnyChange = true;
    FAM.invalidate(F, afterErasingCalls());
  }
  if (!AnyChange)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}

PreservedAnalyses BasicDeadBarrierElimPass::run(Function &F, FunctionAnalysisManager &FAM) {
  core::ModuleFacts Facts(*F.getParent());
  if (F.isDeclaration() || !runOnFunction(F, FAM, Facts, Sink))
    return PreservedAnalyses::all();
  return afterErasingCalls();
}

} // namespace xwarp::passes
