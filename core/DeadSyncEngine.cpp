//===- core/DeadSyncEngine.cpp --------------------------------------------===//
//
// Why one pass in program order is the whole cascade: deleting a barrier only
// merges regions, so every other region can only grow, and a larger region can
// only add conflicting pairs. A barrier found necessary therefore stays
// necessary after any later deletion, while one found dead is deleted at once,
// before the next barrier is judged. Restarting the analysis after every
// deletion (as the reference engine does: rebuild, then judge every remaining
// barrier again from the first) reaches the same result at quadratic cost; the
// RebuildAfterDeletion option does exactly that, and the tests compare them.
//
//===----------------------------------------------------------------------===//
#include "core/DeadSyncEngine.h"

namespace xwarp::core {

using xwarp::model::SyncKind;
using xwarp::model::SyncSite;

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Removed: return "removed";
  case Verdict::Kept: return "kept";
  case Verdict::Exempt: return "exempt";
  }
  return "?";
}

DeadSyncEngine::DeadSyncEngine(const model::FunctionModel &M, ConflictOracle &Oracle,
                               DependenceGraph::Scope Scope, EngineOptions Opts)
    : M(M), Oracle(Oracle), Scope(Scope), Opts(Opts),
      Graph(std::make_unique<DependenceGraph>(M, Scope, std::vector<bool>(), Opts.Ablate.ExemptSplits)),
      Removed(M.Syncs.size(), false), Refused(M.Syncs.size(), false) {}

void DeadSyncEngine::remove(unsigned S) {
  Removed[S] = true;
  if (Opts.RebuildAfterDeletion) {
    Graph = std::make_unique<DependenceGraph>(M, Scope, Removed, Opts.Ablate.ExemptSplits);
    ++Rebuilds;
  } else {
    Graph->dissolve(S);
  }
}

static SyncDecision ruled(unsigned S, Verdict V, std::string Reason) {
  SyncDecision D;
  D.Sync = S;
  D.V = V;
  D.Reason = std::move(Reason);
  D.DecidedBy = "rule";
  return D;
}

SyncDecision DeadSyncEngine::decideBarrier(unsigned S, const Approver &Approve) {
  const SyncSite &Site = M.Syncs[S];
  const DependenceGraph::Region &Above = Graph->above(S), &Below = Graph->below(S);
  // Barriers a rule keeps are never put to the oracle. (popc-one-use,
  // erratum 7, lets a result with one use go.)
  bool DataUsed = Site.Kind == SyncKind::ValuedBarrier && Site.ResultUsed &&
                  !(Opts.Ablate.PopcOneUse && Site.ResultUses == 1);
  if (Site.Divergent || DataUsed) {
    SyncDecision D = ruled(S, Verdict::Kept,
                           Site.Divergent
                               ? "reached under thread-divergent control flow (some threads may not arrive; undefined "
                                 "behaviour for __syncthreads)"
                               : "the barrier's result is used as data");
    D.Flags = model::AccessFlags::of(summarize(M, Above), summarize(M, Below));
    return D;
  }
  Oracle.aboutToDecide(*Graph, S);
  BarrierAnswer Ans = Oracle.decide(M, Above, Below);
  SyncDecision D;
  D.Sync = S;
  D.Flags = Ans.Flags;
  D.DecidedBy = Ans.DecidedBy;
  D.Witness = Ans.Witness;
  D.Reason = std::move(Ans.Reason);
  D.Tier = Ans.Tier;
  D.FastPathPairs = Ans.FastPathPairs;
  D.SolverQueries = Ans.SolverQueries;
  D.SolverUnknowns = Ans.SolverUnknowns;
  D.Ms = Ans.Ms;
  if (Ans.MayConflict) {
    D.V = Verdict::Kept;
  } else if (Approve && !Approve(S)) {
    D.V = Verdict::Kept;
    D.Reason = "dead, but the debug counter skipped the deletion";
    Refused[S] = true;
  } else {
    D.V = Verdict::Removed;
    D.DeletionOrder = ++Deletions;
    remove(S);
  }
  return D;
}

/// No access on this side, known or unknown (block scope: a crossed block
/// boundary stands for unknown accesses).
static bool emptySide(const DependenceGraph::Region &R) {
  return R.Accesses.empty() && !R.CrossesBlock;
}

SyncDecision DeadSyncEngine::decideFence(unsigned S) {
  const SyncSite &Site = M.Syncs[S];
  SyncDecision D = ruled(S, Verdict::Kept, "");
  D.Flags = model::AccessFlags::of(summarize(M, Graph->above(S)), summarize(M, Graph->below(S)));
  if (!M.HasStrongOps) {
    D.V = Verdict::Removed;
    D.Reason = "no atomic or volatile operation in the function, its callees or its callers";
  } else if (Site.Scope == model::FenceScope::CTA &&
             (emptySide(Graph->below(S)) || emptySide(Graph->above(S)))) {
    D.V = Verdict::Removed;
    D.Reason = "CTA-scope fence with no access between it and a full barrier or the kernel's entry or exit";
  } else {
    D.Reason = std::string(model::fenceScopeName(Site.Scope)) +
               "-scope fence in a function with atomic or volatile operations";
  }
  return D;
}

std::vector<SyncDecision> DeadSyncEngine::run(const Approver &Approve) {
  std::vector<SyncDecision> Out(M.Syncs.size());
  std::vector<unsigned> Fences;
  for (unsigned S = 0; S < M.Syncs.size(); ++S) {
    const SyncSite &Site = M.Syncs[S];
    switch (Site.Kind) {
    case SyncKind::Exempt:
      Out[S] = ruled(S, Verdict::Exempt, std::string(Site.Note));
      break;
    case SyncKind::PartialBarrier:
      Out[S] = ruled(S, Verdict::Kept, Site.Note.empty() ? "partial barrier" : std::string(Site.Note));
      break;
    case SyncKind::Fence:
      Fences.push_back(S);
      break;
    case SyncKind::FullBarrier:
    case SyncKind::ValuedBarrier:
      if (Removed[S] || Refused[S])
        break; // decided before a restart
      Out[S] = decideBarrier(S, Approve);
      if (Opts.RebuildAfterDeletion && Out[S].V == Verdict::Removed)
        S = ~0u; // the reference's restart: from the first site again
      break;
    }
  }
  // Fences last: their rule depends on the barriers that remain.
  for (unsigned S : Fences) {
    Out[S] = decideFence(S);
    if (Out[S].V == Verdict::Removed && Approve && !Approve(S)) {
      Out[S].V = Verdict::Kept;
      Out[S].Reason = "dead, but the debug counter skipped the deletion";
    } else if (Out[S].V == Verdict::Removed) {
      Out[S].DeletionOrder = ++Deletions;
      Removed[S] = true;
    }
  }
  // Flags of exempt and partial sites, for the report.
  for (unsigned S = 0; S < M.Syncs.size(); ++S)
    if (M.Syncs[S].Kind == SyncKind::Exempt || M.Syncs[S].Kind == SyncKind::PartialBarrier)
      Out[S].Flags = model::AccessFlags::of(summarize(M, Graph->above(S)),
                                            summarize(M, Graph->below(S)));
  return Out;
}

} // namespace xwarp::core
