//===- model/WitnessSearch.cpp --------------------------------------------===//
//
// Trials walk launches (the widest 1D block, a small 2D and 3D one, the
// smallest), thread pairs biased to neighbours and to the ends of each
// dimension, and leaf values from a fixed list; a linear congruential
// generator with a fixed seed keeps runs reproducible.
//
//===----------------------------------------------------------------------===//
#include "model/WitnessSearch.h"

#include "model/Conflict.h"
#include "model/TermEval.h"

#include <algorithm>
#include <set>
#include <vector>

namespace xwarp::model {

namespace {
class Rng {
public:
  uint64_t next() {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return State >> 17;
  }
  uint32_t below(uint32_t N) { return N ? static_cast<uint32_t>(next() % N) : 0; }

private:
  uint64_t State = 0x9e3779b97f4a7c15ULL;
};

/// The unknown leaves of a term (and of the definitions it refers to).
void collectLeaves(const Term *T, std::set<const Term *> &Out) {
  switch (T->kind()) {
  case TermKind::Uniform:
  case TermKind::PerThread:
  case TermKind::LoopVariant:
    if (T->definition() == LeafDef::None) {
      Out.insert(T);
      return;
    }
    for (const Term *Op : T->definitionOperands())
      collectLeaves(Op, Out);
    return;
  default:
    for (const Term *Op : T->operands())
      collectLeaves(Op, Out);
  }
}

/// Launches to try: within the bounds, product within the thread limit.
std::vector<BlockDims> launches(const LaunchBounds &B) {
  std::vector<BlockDims> Out;
  auto Add = [&](uint32_t X, uint32_t Y, uint32_t Z) {
    BlockDims D{std::clamp(X, B.minDim(Dim::X), B.maxDim(Dim::X)),
                std::clamp(Y, B.minDim(Dim::Y), B.maxDim(Dim::Y)),
                std::clamp(Z, B.minDim(Dim::Z), B.maxDim(Dim::Z))};
    if (B.admits(D))
      Out.push_back(D);
  };
  Add(B.maxThreads(), 1, 1);
  Add(32, 4, 1);
  Add(8, 4, 2);
  Add(2, 2, 2);
  Add(B.minDim(Dim::X), B.minDim(Dim::Y), B.minDim(Dim::Z));
  Add(B.maxDim(Dim::X), B.maxDim(Dim::Y), B.maxDim(Dim::Z));
  return Out;
}

uint32_t coordinate(Rng &R, uint32_t N) {
  switch (R.below(3)) {
  case 0: return R.below(std::min<uint32_t>(N, 4)); // low end
  case 1: return N - 1 - R.below(std::min<uint32_t>(N, 4)); // high end
  default: return R.below(N);
  }
}

uint64_t leafValue(Rng &R) {
  static const uint64_t Values[] = {0, 1, 2, 3, 4, 8, 16, 31, 32, 255, 256, ~uint64_t(0)};
  if (R.below(4) == 0)
    return R.next();
  return Values[R.below(sizeof(Values) / sizeof(Values[0]))];
}

bool guardsHold(const std::vector<Guard> &Guards, const EvalEnv &Env) {
  for (const Guard &G : Guards) {
    std::optional<uint64_t> L = evaluate(G.L, Env), R = evaluate(G.R, Env);
    if (!L || !R || !evaluatePredicate(G.Pred, *L, *R, G.L->width()))
      return false;
  }
  return true;
}
} // namespace

std::optional<Counterexample> searchCollision(const OverlapQuery &Q, unsigned Budget) {
  const AccessSite &A = *Q.A, &B = *Q.B;
  if (!A.Address || !B.Address || !A.Address->Offset || !B.Address->Offset || !A.Size || !B.Size)
    return std::nullopt;
  std::set<const Term *> Leaves;
  collectLeaves(A.Address->Offset, Leaves);
  collectLeaves(B.Address->Offset, Leaves);
  if (Q.PathConditions)
    for (const AccessSite *S : {&A, &B})
      for (const Guard &G : S->Guards) {
        collectLeaves(G.L, Leaves);
        collectLeaves(G.R, Leaves);
      }
  std::vector<BlockDims> Launches = launches(Q.Bounds);
  if (Launches.empty())
    return std::nullopt;
  Rng R;
  for (unsigned Trial = 0; Trial < Budget; ++Trial) {
    BlockDims N = Launches[Trial % Launches.size()];
    if (N.threads() < 2)
      continue;
    EvalEnv E[2];
    for (EvalEnv &Env : E) {
      Env.Ntid = N;
      Env.Tid = {coordinate(R, N.X), coordinate(R, N.Y), coordinate(R, N.Z)};
    }
    if (E[0].Tid == E[1].Tid)
      continue;
    for (const Term *L : Leaves) {
      uint64_t V = leafValue(R);
      switch (L->kind()) {
      case TermKind::Uniform:
        E[0].Uniform[L->value()] = E[1].Uniform[L->value()] = V;
        break;
      case TermKind::PerThread:
        E[0].PerThread[L->value()] = V;
        E[1].PerThread[L->value()] = R.below(2) ? V : leafValue(R);
        break;
      default:
        E[0].LoopVariant[L->value()] = V;
        E[1].LoopVariant[L->value()] = R.below(2) ? V : leafValue(R);
        break;
      }
    }
    if (Q.PathConditions && (!guardsHold(A.Guards, E[0]) || !guardsHold(B.Guards, E[1])))
      continue;
    std::optional<uint64_t> OA = evaluate(A.Address->Offset, E[0]);
    std::optional<uint64_t> OB = evaluate(B.Address->Offset, E[1]);
    if (!OA || !OB || !rangesOverlap(*OA, A.Size, *OB, B.Size))
      continue;
    Counterexample C;
    C.T = E[0].Tid;
    C.TPrime = E[1].Tid;
    C.Ntid = N;
    C.OffsetA = *OA;
    C.OffsetB = *OB;
    for (const Term *L : Leaves)
      if (L->kind() == TermKind::Uniform)
        C.Uniforms[L->name()] = E[0].Uniform[L->value()];
    return C;
  }
  return std::nullopt;
}

} // namespace xwarp::model
