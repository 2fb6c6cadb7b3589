//===- tests/unit/verify/Z3OverlapSolverTest.cpp --------------------------===//
#include "model/AffineOverlap.h"
#include "model/Conflict.h"
#include "model/TermEval.h"
#include "model/WitnessSearch.h"
#include "verify/SolverInfo.h"
#include "verify/Z3OverlapSolver.h"

#include <gtest/gtest.h>

#include <random>

using namespace xwarp;
using namespace xwarp::model;

namespace {
AccessSite site(const Term *Offset, uint64_t Size, AccessKind K = AccessKind::Write) {
  AccessSite S;
  S.Kind = K;
  S.Spaces = SpaceSet::shared();
  S.Size = Size;
  S.Address = SymbolicAddress{MemoryObject{ObjectKind::Variable, AddrSpace::Shared, 1, "@s"}, Offset};
  return S;
}

LaunchBounds oneD() {
  LaunchBounds B;
  B.setExact(Dim::Y, 1);
  B.setExact(Dim::Z, 1);
  return B;
}

/// Evaluates an offset for one side of a counterexample.
uint64_t offsetAt(const Term *T, const Counterexample &C, bool Second,
                  const std::map<uint64_t, uint64_t> &Uniform = {}) {
  EvalEnv E;
  E.Ntid = C.Ntid;
  E.Tid = Second ? C.TPrime : C.T;
  E.Uniform = Uniform;
  return *evaluate(T, E);
}
} // namespace

TEST(Z3OverlapSolver, DisjointAndOverlappingShapes) {
  auto Solver = verify::createZ3OverlapSolver(5000);
  TermContext C;
  const Term *T = C.zext(C.threadIdx(Dim::X), 64);
  AccessSite Mine = site(C.mul(T, C.constant(64, 4)), 4);
  AccessSite Mirror = site(C.mul(C.zext(C.add(C.blockDim(Dim::X), C.constant(32, ~uint64_t(0))), 64),
                                 C.constant(64, 4)),
                           4);
  QueryResult Own = Solver->solve({&Mine, &Mine, oneD(), true});
  EXPECT_EQ(Own.Status, QueryStatus::Disjoint);
  QueryResult Last = Solver->solve({&Mine, &Mirror, oneD(), true});
  ASSERT_EQ(Last.Status, QueryStatus::Overlap);
  ASSERT_TRUE(Last.Cex);
  // The counterexample is real: the threads differ and the words coincide.
  EXPECT_NE(Last.Cex->T, Last.Cex->TPrime);
  EXPECT_EQ(Last.Cex->T.X, Last.Cex->Ntid.X - 1);
  EXPECT_EQ(Last.Cex->OffsetA, Last.Cex->OffsetB);
}

TEST(Z3OverlapSolver, UsesLeafDefinitionsAndGuards) {
  auto Solver = verify::createZ3OverlapSolver(5000);
  TermContext C;
  const Term *Tid = C.threadIdx(Dim::X);
  // (t >> 4) * 16 + (t & 15) is t: a private slot through bit operations.
  const Term *Hi = C.perThread(1, "%hi", 32);
  C.define(Hi, LeafDef::LShr, Tid, C.constant(32, 4));
  const Term *Lo = C.perThread(2, "%lo", 32);
  C.define(Lo, LeafDef::And, Tid, C.constant(32, 15));
  const Term *Idx = C.add(C.mul(Hi, C.constant(32, 16)), Lo);
  AccessSite S = site(C.mul(C.zext(Idx, 64), C.constant(64, 4)), 4);
  EXPECT_EQ(Solver->solve({&S, &S, oneD(), true}).Status, QueryStatus::Disjoint);
  // Without the definitions the leaves are free: a collision.
  const Term *Free = C.add(C.mul(C.perThread(3, "%a", 32), C.constant(32, 16)), C.perThread(4, "%b", 32));
  AccessSite F = site(C.mul(C.zext(Free, 64), C.constant(64, 4)), 4);
  EXPECT_EQ(Solver->solve({&F, &F, oneD(), true}).Status, QueryStatus::Overlap);
  // Guards: s[t + 3] by all, s[t'] only for t' < 3: disjoint with the guard.
  AccessSite Centre = site(C.mul(C.zext(C.add(Tid, C.constant(32, 3)), 64), C.constant(64, 4)), 4);
  AccessSite Halo = site(C.mul(C.zext(Tid, 64), C.constant(64, 4)), 4);
  EXPECT_EQ(Solver->solve({&Centre, &Halo, oneD(), true}).Status, QueryStatus::Overlap);
  Halo.Guards.push_back({CmpPred::ULT, Tid, C.constant(32, 3)});
  EXPECT_EQ(Solver->solve({&Centre, &Halo, oneD(), true}).Status, QueryStatus::Disjoint);
  EXPECT_EQ(Solver->solve({&Centre, &Halo, oneD(), false}).Status, QueryStatus::Overlap)
      << "path conditions off";
}

TEST(Z3OverlapSolver, UnmodelledAddressesAreUnknown) {
  auto Solver = verify::createZ3OverlapSolver(5000);
  AccessSite NoAddress;
  NoAddress.Size = 4;
  QueryResult R = Solver->solve({&NoAddress, &NoAddress, oneD(), true});
  EXPECT_EQ(R.Status, QueryStatus::Unknown);
  EXPECT_FALSE(R.Reason.empty());
}

// The fast path and the solver must agree wherever the fast path answers.
TEST(Z3OverlapSolver, AgreesWithTheFastPathOnRandomAffineOffsets) {
  auto Solver = verify::createZ3OverlapSolver(10000);
  std::mt19937 Rng(42);
  unsigned Answered = 0;
  for (unsigned Trial = 0; Trial < 120; ++Trial) {
    TermContext C;
    auto Random = [&]() {
      int64_t Scale = static_cast<int64_t>(Rng() % 5) - 2;
      int64_t Shift = static_cast<int64_t>(Rng() % 9) - 4;
      const Term *T = C.zext(C.threadIdx(Dim::X), 64);
      if (Rng() % 3 == 0)
        T = C.add(T, C.mul(C.zext(C.threadIdx(Dim::Y), 64), C.constant(64, 1 + Rng() % 40)));
      return C.add(C.mul(T, C.constant(64, static_cast<uint64_t>(Scale * 4))),
                   C.constant(64, static_cast<uint64_t>(Shift * 4)));
    };
    const Term *OA = Random(), *OB = Rng() % 2 ? OA : Random();
    uint64_t SA = 4 * (1 + Rng() % 2), SB = 4 * (1 + Rng() % 2);
    LaunchBounds B;
    B.capDim(Dim::X, 1 + Rng() % 64);
    B.capDim(Dim::Y, 1 + Rng() % 8);
    B.setExact(Dim::Z, 1);
    std::optional<bool> Fast = affineMayOverlap(OA, SA, OB, SB, B);
    if (!Fast)
      continue;
    ++Answered;
    AccessSite A = site(OA, SA), Bs = site(OB, SB);
    QueryResult R = Solver->solve({&A, &Bs, B, true});
    ASSERT_NE(R.Status, QueryStatus::Unknown);
    EXPECT_EQ(*Fast, R.Status == QueryStatus::Overlap)
        << OA->str() << " (" << SA << ") vs " << OB->str() << " (" << SB << ") in " << B.str();
    if (R.Cex) {
      uint64_t A0 = offsetAt(OA, *R.Cex, false), B0 = offsetAt(OB, *R.Cex, true);
      EXPECT_TRUE(rangesOverlap(A0, SA, B0, SB)) << "the counterexample replays";
    }
  }
  EXPECT_GT(Answered, 60u);
}

// s[t * m] for an odd uniform m is injective, but Z3 needs about a second of
// bit-blasted search to show it. With a one-millisecond budget the answer is
// unknown on every run: the resource limit set beside the timeout ends the
// query even when Z3 4.8 misses its own timer under load.
TEST(Z3OverlapSolver, AnExhaustedBudgetIsAnUnknownTimeout) {
  auto Solver = verify::createZ3OverlapSolver(1);
  TermContext C;
  const Term *Odd = C.add(C.shl(C.uniform(7, "%u", 32), C.constant(32, 1)), C.constant(32, 1));
  const Term *Index = C.zext(C.mul(C.threadIdx(Dim::X), Odd), 64);
  AccessSite Slot = site(C.mul(Index, C.constant(64, 4)), 4);
  for (int Run = 0; Run < 3; ++Run) {
    QueryResult R = Solver->solve({&Slot, &Slot, oneD(), true});
    EXPECT_EQ(R.Status, QueryStatus::Unknown);
    EXPECT_EQ(R.Reason, "timeout");
  }
}

// A global index tid + ntid * ctaid that wraps around: the guard "index < 0"
// (signed) holds in no thread of CTA 0, only in a CTA far enough out. The
// solver's collision must carry that CTA, and replay with it (once it did
// not, and the checker called such refutations unknown).
TEST(Z3OverlapSolver, ACollisionBeyondTheFirstCtaReplays) {
  auto Solver = verify::createZ3OverlapSolver(5000);
  TermContext C;
  const Term *Tid = C.threadIdx(Dim::X);
  const Term *Global = C.add(Tid, C.mul(C.blockDim(Dim::X), C.blockIdx(Dim::X)));
  AccessSite Guarded = site(C.mul(C.zext(Tid, 64), C.constant(64, 4)), 4);
  Guarded.Guards.push_back({CmpPred::SLT, Global, C.constant(32, 0)});
  AccessSite First = site(C.constant(64, 0), 4);
  OverlapQuery Q{&Guarded, &First, oneD(), true};
  EXPECT_FALSE(searchCollision(Q)) << "the search stays in CTA 0";
  QueryResult R = Solver->solve(Q);
  ASSERT_EQ(R.Status, QueryStatus::Overlap);
  ASSERT_TRUE(R.Cex);
  EXPECT_TRUE(R.Cex->beyondFirstCta());
  EXPECT_LT(R.Cex->Ctaid.X, R.Cex->Nctaid.X);
  EXPECT_NE(R.Cex->str().find("ctaid="), std::string::npos);
  EXPECT_TRUE(replaysCollision(Q, *R.Cex));
  EXPECT_TRUE(R.Cex->collides(Guarded, First));
  Counterexample InFirstCta = *R.Cex;
  InFirstCta.Ctaid = ThreadId();
  InFirstCta.Nctaid = BlockDims();
  EXPECT_FALSE(replaysCollision(Q, InFirstCta)) << "the guard fails in CTA 0";
}

// No GPU launches more than 65535 CTAs along y: a collision that needs more
// is none.
TEST(Z3OverlapSolver, TheGridStaysWithinCudaLimits) {
  auto Solver = verify::createZ3OverlapSolver(5000);
  TermContext C;
  AccessSite Far = site(C.constant(64, 0), 4);
  AccessSite All = site(C.constant(64, 0), 4);
  Far.Guards.push_back({CmpPred::UGE, C.blockIdx(Dim::Y), C.constant(32, 65535)});
  EXPECT_EQ(Solver->solve({&Far, &All, oneD(), true}).Status, QueryStatus::Disjoint);
  Far.Guards.back().R = C.constant(32, 65534);
  QueryResult R = Solver->solve({&Far, &All, oneD(), true});
  ASSERT_EQ(R.Status, QueryStatus::Overlap);
  ASSERT_TRUE(R.Cex);
  EXPECT_EQ(R.Cex->Ctaid.Y, 65534u);
  EXPECT_EQ(R.Cex->Nctaid.Y, 65535u);
  EXPECT_LE(R.Cex->Nctaid.X, 0x7fffffffu);
}

TEST(SolverBudget, ResourceLimitFollowsTheTimeout) {
  EXPECT_GT(verify::resourceLimitFor(1), 0u);
  EXPECT_LT(verify::resourceLimitFor(1), verify::resourceLimitFor(2000));
  EXPECT_EQ(verify::resourceLimitFor(~0u), 0u) << "too large for a limit: none";
  EXPECT_EQ(verify::unknownReason("max. resource limit exceeded"), "timeout");
  EXPECT_EQ(verify::unknownReason("canceled"), "timeout");
  EXPECT_EQ(verify::unknownReason("incomplete quantifiers"), "incomplete quantifiers");
}

// Ground truth on launches small enough to enumerate: every block shape in
// the bounds, every pair of threads. Where some pair collides (byte ranges
// overlapping modulo 2^64, both guards holding), neither the fast path nor
// the solver may call the accesses disjoint: that would delete a barrier
// that orders something. Where none does, the solver must say so (its answer
// is exact here: the offsets have no free leaves).
TEST(Z3OverlapSolver, NeverMissesACollisionThatAnEnumerationFinds) {
  auto Solver = verify::createZ3OverlapSolver(10000);
  std::mt19937 Rng(2026);
  auto Pick = [&](int64_t Lo, int64_t Hi) { return Lo + static_cast<int64_t>(Rng() % uint64_t(Hi - Lo + 1)); };
  unsigned Colliding = 0, Apart = 0, FastAnswered = 0;
  for (unsigned Trial = 0; Trial < 300; ++Trial) {
    TermContext C;
    // a * tid.x + b * tid.y + c * ntid.x + k, at 32 bits and sign-extended
    // (wrapping below zero) or at 64 bits.
    auto Offset = [&]() {
      unsigned W = Rng() % 2 ? 32 : 64;
      auto Scaled = [&](const Term *T, int64_t F) { return C.mul(C.resize(T, W, false), C.constant(W, uint64_t(F))); };
      const Term *T = C.add(Scaled(C.threadIdx(Dim::X), Pick(-4, 4)), Scaled(C.threadIdx(Dim::Y), Pick(-8, 8)));
      if (Rng() % 3 == 0)
        T = C.add(T, Scaled(C.blockDim(Dim::X), Pick(-2, 2)));
      T = C.add(T, C.constant(W, uint64_t(Pick(-16, 16))));
      return C.resize(T, 64, true);
    };
    AccessSite A = site(Offset(), uint64_t(Pick(1, 8))), B = site(Rng() % 3 ? Offset() : A.Address->Offset, uint64_t(Pick(1, 8)));
    for (AccessSite *S : {&A, &B})
      if (Rng() % 3 == 0)
        S->Guards.push_back({static_cast<CmpPred>(Rng() % 10), C.threadIdx(Rng() % 2 ? Dim::X : Dim::Y),
                             C.constant(32, uint64_t(Pick(0, 5)))});
    LaunchBounds Bounds;
    Bounds.capDim(Dim::X, uint32_t(Pick(1, 6)));
    Bounds.capDim(Dim::Y, uint32_t(Pick(1, 3)));
    Bounds.setExact(Dim::Z, 1);

    bool Collides = false;
    auto Holds = [&](const AccessSite &S, const EvalEnv &E) {
      for (const Guard &G : S.Guards)
        if (!evaluatePredicate(G.Pred, *evaluate(G.L, E), *evaluate(G.R, E), G.L->width()))
          return false;
      return true;
    };
    for (uint32_t NX = Bounds.minDim(Dim::X); NX <= Bounds.maxDim(Dim::X) && !Collides; ++NX)
      for (uint32_t NY = Bounds.minDim(Dim::Y); NY <= Bounds.maxDim(Dim::Y) && !Collides; ++NY)
        for (uint32_t I = 0; I < NX * NY * NX * NY && !Collides; ++I) {
          EvalEnv E0, E1;
          E0.Ntid = E1.Ntid = {NX, NY, 1};
          uint32_t U = I / (NX * NY), V = I % (NX * NY);
          E0.Tid = {U % NX, U / NX, 0};
          E1.Tid = {V % NX, V / NX, 0};
          Collides = U != V && Holds(A, E0) && Holds(B, E1) &&
                     rangesOverlap(*evaluate(A.Address->Offset, E0), A.Size, *evaluate(B.Address->Offset, E1), B.Size);
        }
    (Collides ? Colliding : Apart)++;
    std::string What = A.Address->Offset->str() + " (" + std::to_string(A.Size) + ") vs " +
                       B.Address->Offset->str() + " (" + std::to_string(B.Size) + ") in " + Bounds.str();
    if (A.Guards.empty() && B.Guards.empty()) {
      std::optional<bool> Fast = affineMayOverlap(A.Address->Offset, A.Size, B.Address->Offset, B.Size, Bounds);
      FastAnswered += Fast.has_value();
      EXPECT_TRUE(!Fast || *Fast || !Collides) << "fast path: " << What;
    }
    QueryResult R = Solver->solve({&A, &B, Bounds, true});
    ASSERT_NE(R.Status, QueryStatus::Unknown) << What;
    EXPECT_EQ(R.Status == QueryStatus::Overlap, Collides) << "solver: " << What;
  }
  // Both answers, and the fast path's, occur often enough to mean something.
  EXPECT_GT(Colliding, 30u);
  EXPECT_GT(Apart, 30u);
  EXPECT_GT(FastAnswered, 30u);
}

TEST(Z3OverlapSolver, CounterexamplesNameTheFreeValuesTheAccessesUse) {
  auto Solver = verify::createZ3OverlapSolver(5000);
  TermContext C;
  const Term *T = C.zext(C.threadIdx(Dim::X), 64);
  const Term *I = C.loopVariant(7, "iter(loop)", 64);
  AccessSite Write = site(C.mul(T, C.constant(64, 4)), 4);
  AccessSite Read = site(C.add(C.mul(I, C.constant(64, 128)), C.constant(64, 4)), 4, AccessKind::Read);
  QueryResult R = Solver->solve({&Write, &Read, oneD(), true});
  ASSERT_EQ(R.Status, QueryStatus::Overlap);
  ASSERT_TRUE(R.Cex);
  std::vector<std::pair<std::string, int64_t>> Values = R.Cex->leafValues();
  ASSERT_EQ(Values.size(), 1u) << R.Cex->str();
  EXPECT_EQ(Values[0].first, "iter(loop)'");
  EXPECT_EQ(uint64_t(Values[0].second) * 128 + 4, R.Cex->OffsetB);
}
