//===- core/AddressOracle.cpp ---------------------------------------------===//
#include "core/AddressOracle.h"

#include "model/AffineOverlap.h"
#include "model/WitnessSearch.h"

#include <chrono>

namespace xwarp::core {

using model::AccessSite;
using model::FunctionModel;
using Region = DependenceGraph::Region;

static AddressOracle::PairAnswer answer(bool May, AddressOracle::Tier By, std::string Why) {
  AddressOracle::PairAnswer P;
  P.MayConflict = May;
  P.By = By;
  P.Why = std::move(Why);
  return P;
}

/// A pair that cannot conflict: no reason is ever printed for it (only the
/// conflicting pair of a kept barrier is), so none is built.
static AddressOracle::PairAnswer never(AddressOracle::Tier By) { return answer(false, By, ""); }

/// Whether the first rules rule the pair out: no common visible space with a
/// writer, or different objects. Cheaper than a look into the pair cache,
/// which on large kernels outgrows the L2 (a look is then a cache miss).
bool AddressOracle::ruledOut(const AccessSite &A, const AccessSite &B) const {
  if (model::communicatesAcrossCtas(A, B))
    return false;
  if (!spacesAndKindsMayConflict(A, B))
    return true;
  if (!A.Address || !B.Address)
    return false;
  return !model::mayBeSameObject(A.Address->Object, B.Address->Object);
}

AddressOracle::PairAnswer AddressOracle::compute(const FunctionModel &M, const AccessSite &A,
                                                 const AccessSite &B, bool Fresh) {
  // ruledOut has answered the pairs of no common space with a writer and of
  // different objects: a common space is written here, and (past the next
  // two rules) the objects may be the same.
  using T = Tier;
  if (model::communicatesAcrossCtas(A, B))
    return answer(true, T::Rule, model::CrossCtaReason);
  if (!A.Address || !B.Address)
    return answer(true, T::Rule, "an address is unknown");
  const model::MemoryObject &OA = A.Address->Object, &OB = B.Address->Object;
  if (!model::offsetsComparable(OA, OB))
    return answer(true, T::Rule, "the objects may alias (" + OA.Name + ", " + OB.Name + ")");
  // Two selects that pick different objects on one condition the same in
  // both threads (within one CTA: communication beyond it was answered).
  if (model::heldApart(M, OA, OB, {}))
    return never(T::Rule);
  if (!OA.UniformBase || !OB.UniformBase || !A.Address->Offset || !B.Address->Offset || !A.Size || !B.Size)
    return answer(true, T::Rule, "an offset or size is unknown");
  std::optional<bool> Fast;
  std::optional<model::AffineSide> FreshA, FreshB;
  if (Fresh) {
    FreshA = model::affineSide(A.Address->Offset, M.Launch, model::leafBoundsOf(A.Guards));
    FreshB = model::affineSide(B.Address->Offset, M.Launch, model::leafBoundsOf(B.Guards));
  }
  const std::optional<model::AffineSide> &SA = Fresh ? FreshA : Sides->of(A, M.Launch),
                                         &SB = Fresh ? FreshB : Sides->of(B, M.Launch);
  if (SA && SB)
    Fast = model::affineMayOverlap(*SA, A.Size, *SB, B.Size, M.Launch);
  if (Fast && !*Fast)
    return never(T::FastPath); // affine offsets never collide for t != t'
  // The fast path ignores guards: a collision it finds may be ruled out by them.
  bool Guarded = PathConditions && (!A.Guards.empty() || !B.Guards.empty());
  if (Fast && !Guarded)
    return answer(true, T::FastPath, "affine offsets collide for some t != t'");
  model::OverlapQuery Q{&A, &B, M.Launch, PathConditions};
  if (std::optional<model::Counterexample> Cex = model::searchCollision(Q)) {
    PairAnswer P = answer(true, T::Search, "a concrete collision");
    P.Query.Status = model::QueryStatus::Overlap;
    P.Query.Cex = Cex;
    return P;
  }
  if (!Solver)
    return answer(true, T::Rule, "no solver for this shape");
  PairAnswer P;
  P.By = T::Solver;
  P.Query = Solver->solve(Q);
  switch (P.Query.Status) {
  case model::QueryStatus::Disjoint:
    P.MayConflict = false; // the solver proved the ranges disjoint for t != t'
    break;
  case model::QueryStatus::Overlap:
    P.Why = "the solver found a collision";
    break;
  case model::QueryStatus::Unknown:
    P.Why = "unknown: " + P.Query.Reason;
    break;
  }
  return P;
}

void AddressOracle::sizeFor(const FunctionModel &M) {
  if (!Cache.empty())
    return;
  Cache.resize(M.Accesses.size());
  Sides.emplace(M.Accesses.size());
}

uint32_t AddressOracle::neverAnswer(Tier By) {
  uint32_t &I = Never[static_cast<unsigned>(By)];
  if (I == NoAnswer) {
    Answers.push_back(never(By));
    I = static_cast<uint32_t>(Answers.size() - 1);
  }
  return I;
}

uint32_t AddressOracle::store(PairAnswer P) {
  if (!P.MayConflict && P.By != Tier::Solver && P.Why.empty() && !P.Query.Cex && P.Query.Reason.empty() &&
      P.Query.Ms == 0)
    return neverAnswer(P.By);
  Answers.push_back(std::move(P));
  return static_cast<uint32_t>(Answers.size() - 1);
}

std::pair<const AddressOracle::PairAnswer *, bool>
AddressOracle::lookup(const FunctionModel &M, const AccessSite &A, const AccessSite &B) {
  if (ruledOut(A, B))
    return {&Answers[neverAnswer(Tier::Rule)], false};
  sizeFor(M);
  llvm::DenseMap<uint32_t, uint32_t> &Row = Cache[A.Id];
  if (auto It = Row.find(B.Id); It != Row.end())
    return {&Answers[It->second], false};
  uint32_t I = store(compute(M, A, B));
  Row[B.Id] = I;
  return {&Answers[I], true};
}

std::pair<const AddressOracle::PairAnswer *, bool>
AddressOracle::lookupAligned(const FunctionModel &M, const AccessSite &A, const AccessSite &B,
                             const std::vector<unsigned> &Loops) {
  // Within one iteration the two pointers of a swapped pair hold different
  // objects (in the threads of one CTA: another CTA's iteration is its own).
  if (A.Address && B.Address && !model::communicatesAcrossCtas(A, B) &&
      model::heldApart(M, A.Address->Object, B.Address->Object, Loops))
    return {&Answers[neverAnswer(Tier::Rule)], false};
  auto Key = std::make_tuple(A.Id, B.Id, Loops);
  if (auto It = AlignedCache.find(Key); It != AlignedCache.end())
    return {&Answers[It->second], false};
  std::optional<std::pair<AccessSite, AccessSite>> Sites = model::alignIterations(M, A, B, Loops);
  if (!Sites)
    return lookup(M, A, B); // neither uses what the loops share
  uint32_t I = store(compute(M, Sites->first, Sites->second, /*Fresh=*/true));
  AlignedCache.emplace(std::move(Key), I);
  return {&Answers[I], true};
}

bool AddressOracle::mayConflict(const FunctionModel &M, const AccessSite &A, const AccessSite &B) {
  return pair(M, A, B).MayConflict;
}

BarrierAnswer AddressOracle::decide(const FunctionModel &M, const Region &Above,
                                    const Region &Below) {
  auto Start = std::chrono::steady_clock::now();
  BarrierAnswer Ans;
  Ans.Flags = model::AccessFlags::of(summarize(M, Above), summarize(M, Below));
  Ans.DecidedBy = name();
  Ans.MayConflict = false;
  for (unsigned IA : Above.Accesses) {
    for (unsigned IB : Below.Accesses) {
      const AccessSite &A = M.Accesses[IA], &B = M.Accesses[IB];
      std::vector<unsigned> Loops;
      if (Standing && !A.Loops.empty() && !B.Loops.empty() && !ruledOut(A, B))
        Loops = loopsAligningAcross(*Standing, Deciding, A, B);
      auto [Answer, New] = Loops.empty() ? lookup(M, A, B) : lookupAligned(M, A, B, Loops);
      const PairAnswer &P = *Answer;
      if (New) {
        Ans.FastPathPairs += P.By == Tier::FastPath || P.By == Tier::Search;
        Ans.SolverQueries += P.By == Tier::Solver;
        Ans.SolverUnknowns += P.By == Tier::Solver && P.Query.Status == model::QueryStatus::Unknown;
        Ans.SolverMs += P.Query.Ms;
      }
      if (P.MayConflict) {
        Ans.MayConflict = true;
        Ans.Witness = {IA, IB};
        // A collision is printed only for the pair a barrier reports.
        Ans.Reason = describeConflict(A, B) + " (" + P.Why + (P.Query.Cex ? ": " + P.Query.Cex->str() : "") + ")";
        if (P.By == Tier::Solver && P.Query.Status == model::QueryStatus::Unknown)
          Ans.Reason = "unknown: " + P.Query.Reason + "; " + describeConflict(A, B);
        break;
      }
    }
    if (Ans.MayConflict)
      break;
  }
  if (!Ans.MayConflict)
    Ans.Reason = Above.Accesses.empty() ? "no visible access above"
                 : Below.Accesses.empty() ? "no visible access below"
                                          : "no pair of accesses can collide across threads";
  Ans.Tier = Ans.SolverQueries ? "z3" : "fast-path";
  Ans.Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  return Ans;
}

} // namespace xwarp::core
