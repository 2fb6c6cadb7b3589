//===- passes/CheckedDeletions.cpp ----------------------------------------===//
#include "passes/CheckedDeletions.h"

#include "core/DeletionChecker.h"

#include <algorithm>

namespace xwarp::passes {

static CounterexampleRecord counterexample(const model::FunctionModel &M, const core::Refutation &R) {
  CounterexampleRecord C;
  C.Above = M.Accesses[R.Above].Label.str();
  C.Below = M.Accesses[R.Below].Label.str();
  if (const std::optional<model::Counterexample> &X = R.Collision) {
    // Over the sites the checker asked: with an aligned loop's values shared.
    std::optional<std::pair<model::AccessSite, model::AccessSite>> Aligned;
    if (!R.AlignedLoops.empty())
      Aligned = model::alignIterations(M, M.Accesses[R.Above], M.Accesses[R.Below], R.AlignedLoops);
    C.Replayed = Aligned ? X->collides(Aligned->first, Aligned->second)
                         : X->collides(M.Accesses[R.Above], M.Accesses[R.Below]);
    C.Collision = *X;
    C.Collision->Leaves.clear();
    if (M.Accesses[R.Above].Address)
      C.Object = M.Accesses[R.Above].Address->Object.Name;
  }
  return C;
}

std::vector<ProofRecord> checkDeletions(const core::ExtractedFunction &Truth,
                                        model::OverlapSolver &Solver, bool PathConditions,
                                        VerifyMode Mode, std::vector<core::SyncDecision> &Decisions) {
  std::vector<ProofRecord> Out(Truth.Model.Syncs.size());
  std::vector<core::SyncDecision *> Deleted;
  for (core::SyncDecision &D : Decisions)
    if (D.V == core::Verdict::Removed)
      Deleted.push_back(&D);
  std::sort(Deleted.begin(), Deleted.end(), [](const core::SyncDecision *A, const core::SyncDecision *B) {
    return A->DeletionOrder < B->DeletionOrder;
  });
  std::vector<unsigned> Order;
  for (const core::SyncDecision *D : Deleted)
    Order.push_back(D->Sync);

  core::DeletionChecker Checker(Truth.Model, Solver, PathConditions);
  std::vector<core::Certificate> Certs = Checker.check(Order);
  for (size_t I = 0; I < Deleted.size(); ++I) {
    core::SyncDecision &D = *Deleted[I];
    const core::Certificate &C = Certs[I];
    ProofRecord &P = Out[D.Sync];
    P.Status = core::proofStatusName(C.Status);
    P.Reason = C.Reason;
    P.Ms = C.Ms;
    if (C.Cex)
      P.Cex = counterexample(Truth.Model, *C.Cex);
    if (Mode == VerifyMode::Strict && C.Status != core::ProofStatus::Proved) {
      D.V = core::Verdict::Kept;
      D.DeletionOrder = 0;
      D.Reason = std::string("rolled back: ") + P.Status + ": " + C.Reason;
    }
  }
  // The deletions strict mode kept, numbered again without the gaps of those
  // it put back.
  unsigned Kept = 0;
  for (core::SyncDecision *D : Deleted)
    if (D->V == core::Verdict::Removed)
      D->DeletionOrder = ++Kept;
  return Out;
}

} // namespace xwarp::passes
