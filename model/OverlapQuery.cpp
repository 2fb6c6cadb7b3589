//===- model/OverlapQuery.cpp ---------------------------------------------===//
#include "model/OverlapQuery.h"

#include "model/Conflict.h"
#include "model/TermEval.h"

#include <algorithm>

namespace xwarp::model {

OverlapSolver::~OverlapSolver() = default;

const char *queryStatusName(QueryStatus S) {
  switch (S) {
  case QueryStatus::Disjoint: return "disjoint";
  case QueryStatus::Overlap: return "overlap";
  case QueryStatus::Unknown: return "unknown";
  }
  return "?";
}

std::string Counterexample::threads() const {
  return "t=" + T.str() + " t'=" + TPrime.str() + " ntid=" + Ntid.str();
}

std::string Counterexample::context() const {
  std::string S;
  if (beyondFirstCta())
    S += " ctaid=" + Ctaid.str() + " nctaid=" + Nctaid.str();
  for (const auto &[Name, V] : Uniforms)
    S += " " + Name + "=" + std::to_string(static_cast<int64_t>(V));
  for (const auto &[Name, V] : leafValues())
    S += " " + Name + "=" + std::to_string(V);
  return S;
}

std::vector<std::pair<std::string, int64_t>> Counterexample::leafValues() const {
  // The model leaves these free (a loop counter takes any value, whatever
  // the trip count): the collision is one for these values.
  std::vector<std::pair<std::string, int64_t>> Out;
  for (const LeafValue &V : Leaves)
    if (V.Used && V.Leaf->kind() != TermKind::Uniform)
      Out.emplace_back(V.Leaf->name() + (V.Event ? "'" : ""), static_cast<int64_t>(V.Value));
  return Out;
}

bool siteUses(const AccessSite &Site, const Term *Leaf) {
  if (Site.Address && Site.Address->Offset && containsTerm(Site.Address->Offset, Leaf))
    return true;
  return std::any_of(Site.Guards.begin(), Site.Guards.end(),
                     [&](const Guard &G) { return containsTerm(G.L, Leaf) || containsTerm(G.R, Leaf); });
}

std::string Counterexample::str() const {
  return threads() + " offsets " + std::to_string(OffsetA) + " and " + std::to_string(OffsetB) + context();
}

bool Counterexample::collides(const AccessSite &A, const AccessSite &B) const {
  if (T == TPrime || !Ntid.contains(T) || !Ntid.contains(TPrime))
    return false;
  if (!A.Address || !B.Address || !A.Address->Offset || !B.Address->Offset)
    return false;
  EvalEnv Env[2];
  Env[0].Tid = T;
  Env[1].Tid = TPrime;
  for (EvalEnv &E : Env) {
    E.Ntid = Ntid;
    E.Ctaid = Ctaid;
    E.Nctaid = Nctaid;
  }
  for (const LeafValue &V : Leaves)
    for (unsigned E = 0; E < 2; ++E) {
      if (V.Leaf->kind() == TermKind::Uniform)
        Env[E].Uniform[V.Leaf->value()] = V.Value;
      else if (V.Event == E)
        (V.Leaf->kind() == TermKind::PerThread ? Env[E].PerThread : Env[E].LoopVariant)[V.Leaf->value()] =
            V.Value;
    }
  std::optional<uint64_t> OA = evaluate(A.Address->Offset, Env[0]);
  std::optional<uint64_t> OB = evaluate(B.Address->Offset, Env[1]);
  return OA && OB && *OA == OffsetA && *OB == OffsetB && rangesOverlap(*OA, A.Size, *OB, B.Size);
}

} // namespace xwarp::model
