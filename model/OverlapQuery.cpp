//===- model/OverlapQuery.cpp ---------------------------------------------===//
#include "model/OverlapQuery.h"

#include "model/Conflict.h"
#include "model/TermEval.h"

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

static std::string tuple(uint32_t X, uint32_t Y, uint32_t Z) {
  return "(" + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) + ")";
}

std::string Counterexample::str() const {
  std::string S = "t=" + tuple(T.X, T.Y, T.Z) + " t'=" + tuple(TPrime.X, TPrime.Y, TPrime.Z) +
                  " ntid=" + tuple(Ntid.X, Ntid.Y, Ntid.Z) + " offsets " + std::to_string(OffsetA) +
                  " and " + std::to_string(OffsetB);
  if (beyondFirstCta())
    S += " ctaid=" + tuple(Ctaid.X, Ctaid.Y, Ctaid.Z) + " nctaid=" + tuple(Nctaid.X, Nctaid.Y, Nctaid.Z);
  for (const auto &[Name, V] : Uniforms)
    S += " " + Name + "=" + std::to_string(static_cast<int64_t>(V));
  return S;
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
