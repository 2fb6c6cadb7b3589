//===- model/AffineOverlap.cpp --------------------------------------------===//
//
// With both offsets sum_d tid_d * Q_d + R (same Q_d, R differing by the
// constant k), D = offA(t) - offB(t') = sum_d Q_d (t_d - t'_d) + k modulo
// 2^64. When D stays far from wrapping it is an exact integer, and the ranges
// overlap iff -SizeA < D < SizeB. Constant Q_d: enumerate all thread
// differences Delta but the widest and solve that one as an interval.
// Mixed radix Q = c * (1, ntid.x, ntid.x*ntid.y): the linear id is injective,
// so D = c * delta + k with delta a nonzero integer below the thread count.
//
//===----------------------------------------------------------------------===//
#include "model/AffineOverlap.h"

#include "model/Access.h"
#include "model/Guard.h"

#include <algorithm>

namespace xwarp::model {

namespace {
using Monomial = Polynomial::Monomial;
using I128 = __int128;

int64_t asSigned(uint64_t V, unsigned Width) {
  if (Width >= 64)
    return static_cast<int64_t>(V);
  uint64_t Sign = uint64_t(1) << (Width - 1);
  return static_cast<int64_t>(((V & widthMask(Width)) ^ Sign) - Sign);
}

constexpr size_t MaxMonomials = 32;
constexpr size_t MaxDegree = 4;

/// Integer ranges of the atoms the bounds know; nullopt for unbounded ones.
std::optional<std::pair<I128, I128>> atomRange(const Term *A, const LaunchBounds &B,
                                               const LeafBounds &Leaves) {
  switch (A->kind()) {
  case TermKind::ThreadIdx:
    return std::make_pair(I128(0), I128(B.maxDim(A->dim()) - 1));
  case TermKind::BlockDim:
    return std::make_pair(I128(B.minDim(A->dim())), I128(B.maxDim(A->dim())));
  default: {
    auto It = Leaves.find(A);
    if (It == Leaves.end())
      return std::nullopt;
    return std::make_pair(I128(0), I128(It->second));
  }
  }
}

class Builder {
public:
  Builder(const LaunchBounds &B, const LeafBounds &Leaves) : B(B), Leaves(Leaves) {}

  std::optional<Polynomial> build(const Term *T) {
    Polynomial P;
    P.Width = T->width();
    uint64_t Mask = widthMask(P.Width);
    auto Atom = [&]() -> std::optional<Polynomial> {
      P.Terms[{T}] = 1;
      return P;
    };
    switch (T->kind()) {
    case TermKind::Const:
      if (T->value())
        P.Terms[{}] = T->value();
      return P;
    case TermKind::Add: {
      std::optional<Polynomial> L = build(T->operand(0)), R = build(T->operand(1));
      if (!L || !R)
        return std::nullopt;
      return add(*L, *R, Mask);
    }
    case TermKind::Mul: {
      std::optional<Polynomial> L = build(T->operand(0)), R = build(T->operand(1));
      if (!L || !R)
        return std::nullopt;
      return mul(*L, *R, Mask);
    }
    case TermKind::Shl: {
      if (!T->operand(1)->isConst() || T->operand(1)->value() >= T->width())
        return Atom();
      std::optional<Polynomial> L = build(T->operand(0));
      if (!L)
        return std::nullopt;
      Polynomial Scale;
      Scale.Width = P.Width;
      Scale.Terms[{}] = (uint64_t(1) << T->operand(1)->value()) & Mask;
      return mul(*L, Scale, Mask);
    }
    case TermKind::ZExt:
    case TermKind::SExt:
      return extension(T);
    default:
      return Atom();
    }
  }

private:
  std::optional<Polynomial> add(const Polynomial &L, const Polynomial &R, uint64_t Mask) {
    Polynomial P = L;
    for (const auto &[M, C] : R.Terms) {
      uint64_t &Slot = P.Terms[M];
      Slot = (Slot + C) & Mask;
      if (!Slot)
        P.Terms.erase(M);
    }
    if (P.Terms.size() > MaxMonomials)
      return std::nullopt;
    return P;
  }

  std::optional<Polynomial> mul(const Polynomial &L, const Polynomial &R, uint64_t Mask) {
    Polynomial P;
    P.Width = L.Width;
    for (const auto &[MA, CA] : L.Terms)
      for (const auto &[MB, CB] : R.Terms) {
        Monomial M = MA;
        M.insert(M.end(), MB.begin(), MB.end());
        if (M.size() > MaxDegree)
          return std::nullopt;
        std::sort(M.begin(), M.end(), [](const Term *X, const Term *Y) { return X->id() < Y->id(); });
        uint64_t &Slot = P.Terms[M];
        Slot = (Slot + CA * CB) & Mask;
        if (!Slot)
          P.Terms.erase(M);
        if (P.Terms.size() > MaxMonomials)
          return std::nullopt;
      }
    return P;
  }

  /// An extension is transparent when the inner value, as an integer with
  /// signed coefficients over bounded atoms, lies in the range it is read in.
  std::optional<Polynomial> extension(const Term *T) {
    const Term *Inner = T->operand(0);
    unsigned W = Inner->width();
    std::optional<Polynomial> In = build(Inner);
    Polynomial Opaque;
    Opaque.Width = T->width();
    Opaque.Terms[{T}] = 1;
    if (!In)
      return Opaque;
    I128 Lo = 0, Hi = 0;
    for (const auto &[M, C] : In->Terms) {
      I128 MLo = 1, MHi = 1;
      for (const Term *A : M) {
        std::optional<std::pair<I128, I128>> R = atomRange(A, B, Leaves);
        if (!R)
          return Opaque;
        // Atom ranges are non-negative: the product's range is the product.
        MLo *= R->first;
        MHi *= R->second;
        if (MHi > (I128(1) << 62))
          return Opaque;
      }
      I128 S = asSigned(C, W);
      Lo += S >= 0 ? S * MLo : S * MHi;
      Hi += S >= 0 ? S * MHi : S * MLo;
    }
    I128 Min = T->kind() == TermKind::ZExt ? 0 : -(I128(1) << (W - 1));
    I128 Max = T->kind() == TermKind::ZExt ? (I128(1) << W) - 1 : (I128(1) << (W - 1)) - 1;
    if (Lo < Min || Hi > Max)
      return Opaque;
    // Same integer at the wider width: re-express the coefficients.
    Polynomial P;
    P.Width = T->width();
    for (const auto &[M, C] : In->Terms)
      P.Terms[M] = static_cast<uint64_t>(asSigned(C, W)) & widthMask(P.Width);
    return P;
  }

  const LaunchBounds &B;
  const LeafBounds &Leaves;
};

/// A polynomial split by the thread coordinate each monomial carries.
std::optional<AffineSide> split(const Polynomial &P, const LeafBounds &Leaves) {
  AffineSide S;
  S.Leaves = Leaves;
  for (Polynomial *X : {&S.Q[0], &S.Q[1], &S.Q[2], &S.Rest, &S.High})
    X->Width = P.Width;
  for (const auto &[M, C] : P.Terms) {
    int Dim = -1;
    bool Bounded = false;
    Monomial Others;
    for (const Term *A : M) {
      if (A->kind() == TermKind::ThreadIdx) {
        if (Dim >= 0)
          return std::nullopt; // tid squared or tid.x * tid.y
        Dim = static_cast<int>(A->dim());
        continue;
      }
      if (A->variance() != Variance::Uniform) {
        if (!Leaves.count(A))
          return std::nullopt; // opaque per-thread or loop-variant parts: the solver's job
        Bounded = true;
      }
      Others.push_back(A);
    }
    if (Bounded && Dim >= 0)
      return std::nullopt;
    (Dim >= 0 ? S.Q[Dim] : Bounded ? S.High : S.Rest).Terms[Others] = C;
  }
  return S;
}

bool isConstantPoly(const Polynomial &P, int64_t &Value) {
  Value = 0;
  for (const auto &[M, C] : P.Terms) {
    if (!M.empty())
      return false;
    Value = asSigned(C, P.Width);
  }
  return true;
}

/// The integers x, |x| <= M, with Lo < C x + K < Hi (C != 0), as the range
/// [first, second] (empty when first > second).
std::pair<I128, I128> solutions(I128 C, I128 M, I128 K, I128 Lo, I128 Hi) {
  auto FloorDiv = [](I128 N, I128 D) { return N >= 0 ? N / D : -((-N + D - 1) / D); };
  // With y = -x for a negative C: Lo < -C y + K < Hi.
  bool Negated = C < 0;
  I128 A = Negated ? K - Hi : Lo - K, B = Negated ? K - Lo : Hi - K;
  I128 AbsC = Negated ? -C : C;
  I128 YLo = std::max(FloorDiv(A, AbsC) + 1, -M), YHi = std::min(FloorDiv(B - 1, AbsC), M);
  return Negated ? std::make_pair(-YHi, -YLo) : std::make_pair(YLo, YHi);
}

/// Whether some integer x != 0, |x| <= M, has Lo < C x + K < Hi (C != 0).
bool existsNonZero(I128 C, I128 M, I128 K, I128 Lo, I128 Hi) {
  auto [XLo, XHi] = solutions(C, M, K, Lo, Hi);
  return XLo <= XHi && !(XLo == 0 && XHi == 0);
}

/// Whether one launch within B has two threads whose coordinates differ by
/// Delta: ntid_d > |Delta_d| in each dimension (at least 2 in dimension
/// Apart, where the threads differ though Delta is zero), within the bounds
/// of each dimension and of the thread count.
bool realizable(const int64_t Delta[3], const LaunchBounds &B, std::optional<unsigned> Apart) {
  uint64_t Threads = 1;
  for (unsigned D = 0; D < 3; ++D) {
    uint64_t Need = std::max<uint64_t>(static_cast<uint64_t>(Delta[D] < 0 ? -Delta[D] : Delta[D]) + 1,
                                       B.minDim(static_cast<Dim>(D)));
    if (Apart == D)
      Need = std::max<uint64_t>(Need, 2);
    if (Need > B.maxDim(static_cast<Dim>(D)))
      return false;
    Threads *= Need;
  }
  return Threads <= B.maxThreads();
}

/// Whether two threads of one launch within Launch, t - t' = Delta, have
/// Lo < sum(C_d Delta_d) + K < Hi. Delta is 0 only where the threads differ
/// in a dimension of Free, which the offsets ignore. The per-dimension
/// ranges alone would allow CTAs of more threads than a launch has.
bool existsDelta(const int64_t C[3], I128 K, I128 Lo, I128 Hi, const LaunchBounds &Launch) {
  uint32_t Max[3];
  std::vector<unsigned> Dims, Free;
  for (unsigned D = 0; D < 3; ++D) {
    Max[D] = Launch.maxDim(static_cast<Dim>(D));
    if (Max[D] > 1)
      (C[D] != 0 ? Dims : Free).push_back(D);
  }
  bool AllowZero = !Free.empty();
  // Realizability grows with each |Delta_d|: for the last dimension the x
  // nearest zero decides, and, where that is zero, the nonzero x nearest
  // zero too (a free dimension of 2 threads may not fit where x = 1 does).
  auto Fits = [&](int64_t Full[3]) {
    if (Full[0] || Full[1] || Full[2])
      return realizable(Full, Launch, std::nullopt);
    return std::any_of(Free.begin(), Free.end(), [&](unsigned F) { return realizable(Full, Launch, F); });
  };
  if (Dims.empty()) {
    int64_t Zero[3] = {0, 0, 0};
    return AllowZero && Lo < K && K < Hi && Fits(Zero);
  }
  std::sort(Dims.begin(), Dims.end(), [&](unsigned A, unsigned B) { return Max[A] < Max[B]; });
  unsigned Last = Dims.back();
  Dims.pop_back();
  std::vector<int64_t> Delta(Dims.size());
  for (size_t I = 0; I < Dims.size(); ++I)
    Delta[I] = -static_cast<int64_t>(Max[Dims[I]] - 1);
  for (;;) {
    I128 S = K;
    bool AllZero = true;
    int64_t Full[3] = {0, 0, 0};
    for (size_t I = 0; I < Dims.size(); ++I) {
      S += I128(C[Dims[I]]) * Delta[I];
      AllZero &= Delta[I] == 0;
      Full[Dims[I]] = Delta[I];
    }
    // Lo < S + c x < Hi, integer x in [-M, M].
    auto [XLo, XHi] = solutions(C[Last], Max[Last] - 1, S, Lo, Hi);
    if (XLo <= XHi) {
      I128 X = std::clamp<I128>(0, XLo, XHi);
      Full[Last] = static_cast<int64_t>(X);
      if ((X != 0 || !AllZero || AllowZero) && Fits(Full))
        return true;
      Full[Last] = XHi >= 1 ? 1 : -1;
      if (X == 0 && (XHi >= 1 || XLo <= -1) && Fits(Full))
        return true;
    }
    size_t I = 0;
    for (; I < Dims.size(); ++I) {
      if (Delta[I] < static_cast<int64_t>(Max[Dims[I]] - 1)) {
        ++Delta[I];
        break;
      }
      Delta[I] = -static_cast<int64_t>(Max[Dims[I]] - 1);
    }
    if (I == Dims.size())
      return false;
  }
}

/// Q_d = c * prod_{e<d} ntid_e (or 0 for a dimension fixed to 1): the
/// coefficients of a linear thread id, scaled by c.
std::optional<int64_t> mixedRadixScale(const AffineSide &S, const LaunchBounds &B) {
  int64_t C;
  if (!isConstantPoly(S.Q[0], C) || C == 0)
    return std::nullopt;
  for (unsigned D = 1; D < 3; ++D) {
    const Polynomial &Q = S.Q[D];
    if (Q.Terms.empty()) {
      if (B.maxDim(static_cast<Dim>(D)) != 1)
        return std::nullopt;
      continue;
    }
    if (Q.Terms.size() != 1)
      return std::nullopt;
    const auto &[M, Coef] = *Q.Terms.begin();
    if (asSigned(Coef, Q.Width) != C || M.size() != D)
      return std::nullopt;
    for (unsigned E = 0; E < D; ++E) {
      bool Found = std::any_of(M.begin(), M.end(), [E](const Term *A) {
        return A->kind() == TermKind::BlockDim && static_cast<unsigned>(A->dim()) == E;
      });
      if (!Found)
        return std::nullopt;
    }
  }
  return C;
}
/// For c * (linear_id + N * H): whether every High monomial is c * m times
/// all block dimensions that vary times bounded atoms, and the largest |value|
/// the High part can take (nullopt when it does not have that shape).
std::optional<I128> highReach(const Polynomial &High, int64_t C, const LaunchBounds &B,
                              const LeafBounds &Leaves) {
  I128 Reach = 0;
  for (const auto &[M, Coef] : High.Terms) {
    int64_t K = asSigned(Coef, High.Width);
    if (I128(K) % I128(C) != 0) // in 128 bits: INT64_MIN % -1 traps
      return std::nullopt;
    for (unsigned D = 0; D < 3; ++D) {
      if (B.maxDim(static_cast<Dim>(D)) == 1)
        continue;
      bool Found = std::any_of(M.begin(), M.end(), [D](const Term *A) {
        return A->kind() == TermKind::BlockDim && static_cast<unsigned>(A->dim()) == D;
      });
      if (!Found)
        return std::nullopt;
    }
    I128 Max = K < 0 ? -I128(K) : I128(K);
    for (const Term *A : M) {
      std::optional<std::pair<I128, I128>> R = atomRange(A, B, Leaves);
      if (!R)
        return std::nullopt;
      Max *= R->second;
      if (Max > (I128(1) << 62))
        return std::nullopt;
    }
    Reach += Max;
  }
  return Reach;
}
} // namespace

LeafBounds leafBoundsOf(const std::vector<Guard> &Guards) {
  LeafBounds Out;
  for (const Guard &G : Guards) {
    bool Upper = G.Pred == CmpPred::ULE || G.Pred == CmpPred::ULT;
    if (!Upper || !G.L->isLeaf() || G.L->isConst() || !G.R->isConst())
      continue;
    if (G.Pred == CmpPred::ULT && G.R->value() == 0)
      continue;
    uint64_t Max = G.R->value() - (G.Pred == CmpPred::ULT);
    auto [It, New] = Out.emplace(G.L, Max);
    if (!New)
      It->second = std::min(It->second, Max);
  }
  return Out;
}

bool Polynomial::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first.empty());
}

uint64_t Polynomial::constant() const {
  auto It = Terms.find(Monomial{});
  return It == Terms.end() ? 0 : It->second;
}

Polynomial polynomialOf(const Term *T, const LaunchBounds &B, const LeafBounds &Leaves) {
  std::optional<Polynomial> P = Builder(B, Leaves).build(T);
  if (P)
    return *P;
  Polynomial Atom;
  Atom.Width = T->width();
  Atom.Terms[{T}] = 1;
  return Atom;
}

std::optional<AffineSide> affineSide(const Term *Offset, const LaunchBounds &Bounds, const LeafBounds &Leaves) {
  if (!Offset || Offset->width() < 48)
    return std::nullopt;
  std::optional<Polynomial> P = Builder(Bounds, Leaves).build(Offset);
  if (!P)
    return std::nullopt;
  return split(*P, Leaves);
}

const std::optional<AffineSide> &AffineSideCache::of(const AccessSite &A, const LaunchBounds &Bounds) {
  if (!Made[A.Id]) {
    Sides[A.Id] = affineSide(A.Address->Offset, Bounds, leafBoundsOf(A.Guards));
    Made[A.Id] = true;
  }
  return Sides[A.Id];
}

std::optional<bool> affineMayOverlap(const Term *OffsetA, uint64_t SizeA, const Term *OffsetB,
                                     uint64_t SizeB, const LaunchBounds &Bounds,
                                     const LeafBounds &LeavesA, const LeafBounds &LeavesB) {
  if (!OffsetA || !OffsetB || OffsetA->width() != OffsetB->width())
    return std::nullopt;
  std::optional<AffineSide> A = affineSide(OffsetA, Bounds, LeavesA);
  std::optional<AffineSide> B = affineSide(OffsetB, Bounds, LeavesB);
  if (!A || !B)
    return std::nullopt;
  return affineMayOverlap(*A, SizeA, *B, SizeB, Bounds);
}

std::optional<bool> affineMayOverlap(const AffineSide &A, uint64_t SizeA, const AffineSide &B, uint64_t SizeB,
                                     const LaunchBounds &Bounds) {
  unsigned W = A.Rest.Width;
  if (SizeA == 0 || SizeB == 0 || W != B.Rest.Width)
    return std::nullopt;
  // The same function of the thread on both sides, up to a constant.
  for (unsigned D = 0; D < 3; ++D)
    if (A.Q[D].Terms != B.Q[D].Terms)
      return std::nullopt;
  uint64_t KA = A.Rest.constant(), KB = B.Rest.constant();
  auto SameButConstant = [](const Polynomial &X, const Polynomial &Y) {
    auto NextNonConstant = [](auto It, auto End) { return It != End && It->first.empty() ? std::next(It) : It; };
    auto I = NextNonConstant(X.Terms.begin(), X.Terms.end()), J = NextNonConstant(Y.Terms.begin(), Y.Terms.end());
    return std::equal(I, X.Terms.end(), J, Y.Terms.end());
  };
  if (!SameButConstant(A.Rest, B.Rest))
    return std::nullopt;
  I128 K = asSigned((KA - KB) & widthMask(W), W);
  I128 Lo = -I128(SizeA), Hi = I128(SizeB);
  uint32_t Max[3];
  for (unsigned D = 0; D < 3; ++D)
    Max[D] = Bounds.maxDim(static_cast<Dim>(D));

  int64_t C[3];
  bool Constant = true;
  for (unsigned D = 0; D < 3; ++D)
    Constant &= isConstantPoly(A.Q[D], C[D]);
  bool HasHigh = !A.High.Terms.empty() || !B.High.Terms.empty();
  if (Constant && !HasHigh) {
    I128 Reach = K < 0 ? -K : K;
    for (unsigned D = 0; D < 3; ++D)
      Reach += (C[D] < 0 ? -I128(C[D]) : I128(C[D])) * Max[D]; // widened first: -INT64_MIN
    if (Reach >= (I128(1) << (W - 2)))
      return std::nullopt;
    return existsDelta(C, K, Lo, Hi, Bounds);
  }
  std::optional<int64_t> Scale = mixedRadixScale(A, Bounds);
  if (!Scale)
    return std::nullopt;
  // delta = linear_id(t) - linear_id(t') + N (H_A - H_B) is a nonzero integer
  // for t != t' (|linear_id(t) - linear_id(t')| < N), at most Reach in size.
  I128 Threads = Bounds.maxThreads();
  I128 AbsScale = *Scale < 0 ? -I128(*Scale) : I128(*Scale);
  I128 Reach = AbsScale * Threads;
  if (HasHigh) {
    std::optional<I128> RA = highReach(A.High, *Scale, Bounds, A.Leaves);
    std::optional<I128> RB = highReach(B.High, *Scale, Bounds, B.Leaves);
    if (!RA || !RB)
      return std::nullopt;
    Reach += *RA + *RB;
  }
  if (Reach + (K < 0 ? -K : K) >= (I128(1) << (W - 2)))
    return std::nullopt;
  I128 DeltaRange = HasHigh ? Reach / AbsScale + 1 : Threads;
  return existsNonZero(*Scale, DeltaRange - 1, K, Lo, Hi);
}

} // namespace xwarp::model
