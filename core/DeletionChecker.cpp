//===- core/DeletionChecker.cpp -------------------------------------------===//
#include "core/DeletionChecker.h"

#include "core/DependenceGraph.h"
#include "model/AffineOverlap.h"
#include "model/Conflict.h"
#include "model/WitnessSearch.h"

#include <chrono>

namespace xwarp::core {

using model::AccessSite;

std::vector<Certificate> DeletionChecker::check(const std::vector<unsigned> &DeletedInOrder) {
  std::vector<Certificate> Out;
  // One graph; each deletion's regions are walked afresh with the earlier
  // deletions dissolved (a graph per deletion made the check quadratic).
  DependenceGraph G(M, DependenceGraph::Scope::Function);
  for (unsigned S : DeletedInOrder) {
    auto Start = std::chrono::steady_clock::now();
    auto [Above, Below] = G.walkRegions(S);
    Certificate C = M.Syncs[S].Kind == model::SyncKind::Fence ? checkFence(S, Above, Below)
                                                               : checkBarrier(G, S, Above, Below);
    C.Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
    Out.push_back(std::move(C));
    G.dissolve(S);
  }
  return Out;
}

/// "load at k.cu:3:5 vs store at k.cu:7:5", for reasons about a pair.
static std::string pairText(const AccessSite &A, const AccessSite &B) {
  std::string S = A.Label.str();
  S += " vs ";
  B.Label.appendTo(S);
  return S;
}

static Certificate refuted(unsigned A, unsigned B, std::string Reason,
                           std::optional<model::Counterexample> Collision = std::nullopt) {
  Certificate C;
  C.Status = ProofStatus::Refuted;
  C.Reason = std::move(Reason);
  C.Cex = Refutation{A, B, std::move(Collision), {}};
  return C;
}

Certificate DeletionChecker::checkBarrier(const DependenceGraph &G, unsigned Sync, const Region &Above,
                                          const Region &Below) {
  Certificate Result;
  Result.Status = ProofStatus::Proved;
  std::string Unknown;
  for (unsigned IA : Above.Accesses)
    for (unsigned IB : Below.Accesses) {
      const AccessSite &A = M.Accesses[IA], &B = M.Accesses[IB];
      // The conflict predicate's own parts: a writer, a common visible space
      // (communication with other CTAs aside, which needs neither).
      if (!model::mayConflictBySpaceAndKind(A, B) && !model::communicatesAcrossCtas(A, B))
        continue;
      ++Result.Pairs;
      // The aligned loops whose values the collision below shares (none
      // until the offsets are asked).
      std::vector<unsigned> Loops;
      auto Refute = [&](std::string Why, std::optional<model::Counterexample> Cex = std::nullopt) {
        Certificate C = refuted(IA, IB, Why + ": " + pairText(A, B), std::move(Cex));
        C.Cex->AlignedLoops = Loops;
        C.Pairs = Result.Pairs;
        C.SolverQueries = Result.SolverQueries;
        return C;
      };
      if (A.CallerContext || B.CallerContext)
        return Refute("the unknown caller may access any memory");
      if (model::communicatesAcrossCtas(A, B))
        return Refute(model::CrossCtaReason);
      if (!A.Address || !B.Address) {
        Unknown = "address not modelled: " + pairText(A, B);
        continue;
      }
      // Distinct objects need no offsets: an access through a pointer based
      // on one object stays in it (a memcpy of a length known at run time).
      const model::MemoryObject &OA = A.Address->Object, &OB = B.Address->Object;
      if (!model::mayBeSameObject(OA, OB))
        continue; // distinct variables, restrict parameters, shared vs global
      if (!A.Address->Offset || !B.Address->Offset || !A.Size || !B.Size) {
        Unknown = "address not modelled: " + pairText(A, B);
        continue;
      }
      if (!model::offsetsComparable(OA, OB))
        return Refute("the objects may alias (" + OA.Name + ", " + OB.Name + ")");
      if (!OA.UniformBase || !OB.UniformBase) {
        Unknown = "a base pointer differs between threads: " + A.Label.str();
        continue;
      }
      // Within one iteration the values it fixes are the same for both
      // threads: the offsets are asked with those values shared, and the
      // two pointers of a swapped pair hold different objects.
      std::optional<std::pair<AccessSite, AccessSite>> Aligned;
      Loops = loopsAligningAcross(G, Sync, A, B);
      if (model::heldApart(M, OA, OB, Loops))
        continue;
      if (!Loops.empty())
        Aligned = model::alignIterations(M, A, B, Loops);
      if (!Aligned)
        Loops.clear();
      const AccessSite &QA = Aligned ? Aligned->first : A, &QB = Aligned ? Aligned->second : B;
      // What the model separates cheaply (DESIGN "The checker"): offsets that
      // are the same affine function of the thread, or the same linear
      // thread id, on both sides. A collision it reports is left to the
      // search and the solver, which produce a counterexample.
      std::optional<bool> Affine;
      if (Aligned)
        Affine = model::affineMayOverlap(QA.Address->Offset, QA.Size, QB.Address->Offset, QB.Size, M.Launch,
                                         model::leafBoundsOf(QA.Guards), model::leafBoundsOf(QB.Guards));
      else if (const std::optional<model::AffineSide> &SA = Sides.of(A, M.Launch), &SB = Sides.of(B, M.Launch);
               SA && SB)
        Affine = model::affineMayOverlap(*SA, A.Size, *SB, B.Size, M.Launch);
      if (Affine && !*Affine) {
        ++Result.ModelPairs;
        continue;
      }
      model::OverlapQuery Q{&QA, &QB, M.Launch, PathConditions};
      // A concrete collision refutes at once (and is replayed to be sure);
      // the solver proves what the model cannot.
      if (std::optional<model::Counterexample> Cex = model::searchCollision(Q))
        if (model::replaysCollision(Q, *Cex))
          return Refute("threads collide", Cex);
      ++Result.SolverQueries;
      model::QueryResult R = Solver.solve(Q);
      if (R.Status == model::QueryStatus::Overlap) {
        if (R.Cex && model::replaysCollision(Q, *R.Cex))
          return Refute("threads collide", R.Cex);
        Unknown = "the solver's collision does not replay: " + pairText(A, B);
        continue;
      }
      if (R.Status == model::QueryStatus::Unknown)
        Unknown = R.Reason + ": " + pairText(A, B);
    }
  if (!Unknown.empty()) {
    Result.Status = ProofStatus::Unknown;
    Result.Reason = Unknown;
  } else {
    Result.Reason = Result.Pairs ? "no pair of accesses around it can collide across threads (" +
                                       std::to_string(Result.Pairs) + " pairs: " +
                                       std::to_string(Result.ModelPairs) + " by the affine lemma, " +
                                       std::to_string(Result.SolverQueries) + " by the solver)"
                                 : "no pair around it has a writer and a common visible space";
  }
  return Result;
}

Certificate DeletionChecker::checkFence(unsigned Sync, const Region &Above, const Region &Below) {
  Certificate C;
  if (!M.HasStrongOps) {
    C.Status = ProofStatus::Proved;
    C.Reason = "no atomic or volatile operation for the fence to order";
    return C;
  }
  bool Adjacent = Above.Accesses.empty() || Below.Accesses.empty();
  if (M.Syncs[Sync].Scope == model::FenceScope::CTA && Adjacent) {
    C.Status = ProofStatus::Proved;
    C.Reason = "a CTA-scope fence with no access between it and a full barrier or the kernel's ends";
    return C;
  }
  C.Status = ProofStatus::Unknown;
  C.Reason = "the fence may order strong operations: not modelled";
  return C;
}

} // namespace xwarp::core
