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
#include <optional>
#include <set>
#include <unordered_map>
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

/// A coordinate a small power of two (or half the block) away from X.
uint32_t neighbour(Rng &R, uint32_t X, uint32_t N) {
  static const int64_t Steps[] = {1, -1, 2, -2, 4, -4, 8, 16, -16, 32, -32, 64};
  int64_t D = R.below(8) == 0 ? int64_t(N / 2) : Steps[R.below(sizeof(Steps) / sizeof(Steps[0]))];
  int64_t Y = (int64_t(X) + D) % int64_t(N);
  return static_cast<uint32_t>(Y < 0 ? Y + N : Y);
}

uint64_t leafValue(Rng &R) {
  static const uint64_t Values[] = {0, 1, 2, 3, 31, 255, ~uint64_t(0)};
  switch (R.below(4)) {
  case 0: return R.next();
  case 1: return uint64_t(1) << R.below(21); // strides, offsets and sizes are powers of two
  case 2: return (uint64_t(1) << R.below(21)) - 1;
  default: return Values[R.below(sizeof(Values) / sizeof(Values[0]))];
  }
}

/// One trial's values: a thread's coordinates, its CTA and the values of the leaves
/// (indexed like the query's leaf list), for one side of the query.
struct Side {
  const BlockDims *Ntid = nullptr;
  ThreadId Tid;
  const std::vector<uint64_t> *Leaves = nullptr;
  const ThreadId *Ctaid = nullptr;
  const BlockDims *Nctaid = nullptr;
};

/// Evaluation without allocation: leaves are looked up by index.
class FastEval {
public:
  explicit FastEval(const std::vector<const Term *> &LeafList) {
    for (size_t I = 0; I < LeafList.size(); ++I)
      Index.emplace(LeafList[I], I);
  }

  /// The value of T, or nullopt where the IR has none (division by zero).
  std::optional<uint64_t> eval(const Term *T, const Side &S) const {
    uint64_t Mask = widthMask(T->width());
    auto Op = [&](unsigned I) { return eval(T->operand(I), S); };
    switch (T->kind()) {
    case TermKind::Const: return T->value();
    case TermKind::ThreadIdx: return S.Tid.get(T->dim()) & Mask;
    case TermKind::BlockDim: return S.Ntid->get(T->dim()) & Mask;
    case TermKind::BlockIdx: return S.Ctaid->get(T->dim()) & Mask;
    case TermKind::GridDim: return S.Nctaid->get(T->dim()) & Mask;
    case TermKind::Uniform:
    case TermKind::PerThread:
    case TermKind::LoopVariant: {
      auto It = Index.find(T);
      if (It != Index.end())
        return (*S.Leaves)[It->second] & Mask;
      return evaluateDefinition(T, [&](const Term *Op) { return eval(Op, S); });
    }
    case TermKind::Add:
    case TermKind::Mul:
    case TermKind::Shl: {
      std::optional<uint64_t> A = Op(0), B = Op(1);
      if (!A || !B)
        return std::nullopt;
      unsigned W = T->width();
      if (T->kind() == TermKind::Add)
        return (*A + *B) & Mask;
      if (T->kind() == TermKind::Mul)
        return (*A * *B) & Mask;
      return *B >= W ? 0 : (*A << *B) & Mask;
    }
    case TermKind::ZExt:
    case TermKind::Trunc: {
      std::optional<uint64_t> A = Op(0);
      return A ? std::optional<uint64_t>(*A & Mask) : std::nullopt;
    }
    case TermKind::SExt: {
      std::optional<uint64_t> A = Op(0);
      if (!A)
        return std::nullopt;
      uint64_t Sign = uint64_t(1) << (T->operand(0)->width() - 1);
      return ((*A ^ Sign) - Sign) & Mask;
    }
    }
    return std::nullopt;
  }

  bool guardsHold(const std::vector<Guard> &Guards, const Side &S) const {
    for (const Guard &G : Guards) {
      std::optional<uint64_t> L = eval(G.L, S), R = eval(G.R, S);
      if (!L || !R || !evaluatePredicate(G.Pred, *L, *R, G.L->width()))
        return false;
    }
    return true;
  }

private:
  std::unordered_map<const Term *, size_t> Index;
};
} // namespace

namespace {
/// The search state of one query: its leaves, evaluator and a trial runner.
class Search {
public:
  explicit Search(const OverlapQuery &Q) : Q(Q), A(*Q.A), B(*Q.B) {
    std::set<const Term *, TermIdLess> LeafSet;
    collectLeaves(A.Address->Offset, LeafSet);
    collectLeaves(B.Address->Offset, LeafSet);
    if (Q.PathConditions)
      for (const AccessSite *S : {&A, &B})
        for (const Guard &G : S->Guards) {
          collectLeaves(G.L, LeafSet);
          collectLeaves(G.R, LeafSet);
        }
    Leaves.assign(LeafSet.begin(), LeafSet.end());
    Eval.emplace(Leaves);
    Values[0].resize(Leaves.size());
    Values[1].resize(Leaves.size());
  }

  size_t leafCount() const { return Leaves.size(); }
  std::vector<uint64_t> &values(unsigned Side) { return Values[Side]; }
  bool uniform(size_t L) const { return Leaves[L]->kind() == TermKind::Uniform; }

  /// Evaluates one assignment; a collision becomes the counterexample.
  std::optional<Counterexample> trial(const BlockDims &N, ThreadId T0, ThreadId T1) {
    if (T0 == T1 || !N.contains(T0) || !N.contains(T1))
      return std::nullopt;
    Side S[2] = {{&N, T0, &Values[0], &Ctaid, &Nctaid}, {&N, T1, &Values[1], &Ctaid, &Nctaid}};
    if (Q.PathConditions && (!Eval->guardsHold(A.Guards, S[0]) || !Eval->guardsHold(B.Guards, S[1])))
      return std::nullopt;
    std::optional<uint64_t> OA = Eval->eval(A.Address->Offset, S[0]);
    std::optional<uint64_t> OB = Eval->eval(B.Address->Offset, S[1]);
    if (!OA || !OB || !rangesOverlap(*OA, A.Size, *OB, B.Size))
      return std::nullopt;
    Counterexample C;
    C.T = T0;
    C.TPrime = T1;
    C.Ntid = N;
    C.Ctaid = Ctaid;
    C.Nctaid = Nctaid;
    C.OffsetA = *OA;
    C.OffsetB = *OB;
    for (size_t L = 0; L < Leaves.size(); ++L) {
      if (uniform(L))
        C.Uniforms[Leaves[L]->name()] = Values[0][L];
      C.Leaves.push_back({Leaves[L], 0, Values[0][L], siteUses(A, Leaves[L])});
      if (!uniform(L))
        C.Leaves.push_back({Leaves[L], 1, Values[1][L], siteUses(B, Leaves[L])});
    }
    return C;
  }

  /// Sets the CTA and the leaf values C gives (missing leaves are 0).
  void load(const Counterexample &C) {
    Ctaid = C.Ctaid;
    Nctaid = C.Nctaid;
    for (unsigned E = 0; E < 2; ++E)
      std::fill(Values[E].begin(), Values[E].end(), 0);
    for (const LeafValue &V : C.Leaves)
      for (size_t L = 0; L < Leaves.size(); ++L)
        if (Leaves[L] == V.Leaf) {
          Values[V.Event][L] = V.Value;
          if (uniform(L))
            Values[1 - V.Event][L] = V.Value;
        }
  }

private:
  const OverlapQuery &Q;
  const AccessSite &A, &B;
  std::vector<const Term *> Leaves;
  std::optional<FastEval> Eval;
  std::vector<uint64_t> Values[2];
  /// The search's trials run in CTA 0 of 1; a replay takes C's.
  ThreadId Ctaid;
  BlockDims Nctaid;
};
} // namespace

std::optional<Counterexample> searchCollision(const OverlapQuery &Q, unsigned Budget) {
  const AccessSite &A = *Q.A, &B = *Q.B;
  if (!A.Address || !B.Address || !A.Address->Offset || !B.Address->Offset || !A.Size || !B.Size)
    return std::nullopt;
  std::vector<BlockDims> Launches = launches(Q.Bounds);
  if (Launches.empty())
    return std::nullopt;
  Search S(Q);
  unsigned Trials = 0;

  // Systematic first: for the widest 1D block and two tiny ones, the ends of
  // x for both threads, and small values for up to two leaves (one value for
  // both events, or one each when there is a single leaf).
  for (uint32_t Width : {Launches.front().X, 2u, 3u}) {
    BlockDims N{Width, 1, 1};
    if (Width < 2 || !Q.Bounds.admits(N))
      continue;
    std::vector<uint32_t> Xs = {0, 1, Width / 2, Width - 2, Width - 1};
    std::sort(Xs.begin(), Xs.end());
    Xs.erase(std::unique(Xs.begin(), Xs.end()), Xs.end());
    const uint64_t Vs[] = {0, 1, 2, Width / 2, Width - 1, Width, 2 * Width};
    constexpr size_t NV = sizeof(Vs) / sizeof(Vs[0]);
    size_t Free = std::min<size_t>(S.leafCount(), 2);
    bool PerEvent = S.leafCount() == 1 && !S.uniform(0);
    size_t Combos = Free == 0 ? 1 : NV * NV;
    for (size_t V = 0; V < Combos; ++V) {
      for (size_t L = 0; L < S.leafCount(); ++L) {
        uint64_t First = L < Free ? Vs[L == 0 ? V % NV : V / NV] : 0;
        S.values(0)[L] = First;
        S.values(1)[L] = PerEvent ? Vs[V / NV] : First;
      }
      for (uint32_t X0 : Xs)
        for (uint32_t X1 : Xs) {
          if (++Trials > Budget)
            return std::nullopt;
          if (std::optional<Counterexample> C = S.trial(N, {X0, 0, 0}, {X1, 0, 0}))
            return C;
        }
    }
  }

  // Then random trials: any launch, neighbours along x, mixed leaf values.
  Rng R;
  for (unsigned Trial = 0; Trials < Budget; ++Trial, ++Trials) {
    const BlockDims &N = Launches[Trial % Launches.size()];
    if (N.threads() < 2)
      continue;
    ThreadId T0{coordinate(R, N.X), coordinate(R, N.Y), coordinate(R, N.Z)};
    ThreadId T1{coordinate(R, N.X), coordinate(R, N.Y), coordinate(R, N.Z)};
    if (R.below(2))
      T1 = {neighbour(R, T0.X, N.X), T0.Y, T0.Z};
    for (size_t L = 0; L < S.leafCount(); ++L) {
      uint64_t V = leafValue(R);
      S.values(0)[L] = V;
      // Uniform leaves are shared; the others may differ between the events.
      S.values(1)[L] = S.uniform(L) || R.below(2) ? V : leafValue(R);
    }
    if (std::optional<Counterexample> C = S.trial(N, T0, T1))
      return C;
  }
  return std::nullopt;
}

bool replaysCollision(const OverlapQuery &Q, const Counterexample &C) {
  const AccessSite &A = *Q.A, &B = *Q.B;
  if (!A.Address || !B.Address || !A.Address->Offset || !B.Address->Offset || !A.Size || !B.Size)
    return false;
  if (!Q.Bounds.admits(C.Ntid))
    return false;
  Search S(Q);
  S.load(C);
  return S.trial(C.Ntid, C.T, C.TPrime).has_value();
}

} // namespace xwarp::model
