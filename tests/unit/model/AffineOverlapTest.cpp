//===- tests/unit/model/AffineOverlapTest.cpp - The solver-free fast path --===//
#include "model/AffineOverlap.h"
#include "model/Guard.h"
#include "model/WitnessSearch.h"

#include <gtest/gtest.h>

using namespace xwarp::model;

namespace {
/// Offsets in bytes of 32-bit words, 64-bit wide like GEP offsets.
struct Offsets {
  TermContext C;
  const Term *tid(Dim D = Dim::X) { return C.zext(C.threadIdx(D), 64); }
  const Term *k(uint64_t V) { return C.constant(64, V); }
  const Term *words(const Term *Index) { return C.mul(Index, k(4)); }
};

/// The CUDA limits with the given dimensions fixed.
LaunchBounds fixing(std::initializer_list<std::pair<Dim, uint32_t>> Dims) {
  LaunchBounds B;
  for (auto [D, N] : Dims)
    B.setExact(D, N);
  return B;
}

LaunchBounds oneD(uint32_t MaxX = 1024) {
  LaunchBounds B;
  B.capDim(Dim::X, MaxX);
  B.setExact(Dim::Y, 1);
  B.setExact(Dim::Z, 1);
  return B;
}
} // namespace

TEST(AffineOverlap, PrivateSlotsNeverMeet) {
  Offsets O;
  const Term *S = O.words(O.tid());
  EXPECT_EQ(affineMayOverlap(S, 4, S, 4, oneD()), false);
}

TEST(AffineOverlap, AnIgnoredDimensionLetsThreadsShareASlot) {
  Offsets O;
  const Term *S = O.words(O.tid());
  LaunchBounds Any; // tid.y may differ while tid.x agrees
  EXPECT_EQ(affineMayOverlap(S, 4, S, 4, Any), true);
}

TEST(AffineOverlap, StridedSlots) {
  Offsets O;
  const Term *Even = O.words(O.C.mul(O.tid(), O.k(2)));
  const Term *Odd = O.words(O.C.add(O.C.mul(O.tid(), O.k(2)), O.k(1)));
  const Term *Next = O.words(O.C.add(O.C.mul(O.tid(), O.k(2)), O.k(2)));
  EXPECT_EQ(affineMayOverlap(Even, 4, Odd, 4, oneD()), false);
  EXPECT_EQ(affineMayOverlap(Odd, 4, Even, 4, oneD()), false);
  EXPECT_EQ(affineMayOverlap(Even, 4, Next, 4, oneD()), true) << "s[2t'+2] is s[2t] for t = t'+1";
  EXPECT_EQ(affineMayOverlap(Even, 8, Odd, 4, oneD()), false) << "8 bytes reach only the thread's own odd slot";
  EXPECT_EQ(affineMayOverlap(Even, 12, Even, 4, oneD()), true) << "12 bytes reach the next thread's even slot";
  EXPECT_EQ(affineMayOverlap(Even, 4, Next, 4, oneD(1)), false) << "a single thread has no partner";
}

TEST(AffineOverlap, UniformPartsMustCancel) {
  Offsets O;
  const Term *U = O.C.sext(O.C.uniform(1, "%i", 32), 64);
  const Term *A = O.words(O.C.add(O.tid(), U));
  EXPECT_EQ(affineMayOverlap(A, 4, A, 4, oneD()), false) << "base + t, same base";
  const Term *Same = O.words(U);
  EXPECT_EQ(affineMayOverlap(Same, 4, Same, 4, oneD()), true) << "s[i] for every thread";
  const Term *Other = O.words(O.C.add(O.tid(), O.C.sext(O.C.uniform(2, "%j", 32), 64)));
  EXPECT_FALSE(affineMayOverlap(A, 4, Other, 4, oneD()).has_value()) << "different uniform parts";
}

TEST(AffineOverlap, TwoDimensionalTiles) {
  Offsets O;
  // tile[ty][tx] with 33-word rows.
  const Term *Tile = O.words(O.C.add(O.C.mul(O.tid(Dim::Y), O.k(33)), O.tid(Dim::X)));
  LaunchBounds Unknown;
  Unknown.setExact(Dim::Z, 1);
  EXPECT_EQ(affineMayOverlap(Tile, 4, Tile, 4, Unknown), true) << "tx may reach 33";
  LaunchBounds Fixed;
  Fixed.setExact(Dim::X, 32);
  Fixed.setExact(Dim::Y, 32);
  Fixed.setExact(Dim::Z, 1);
  EXPECT_EQ(affineMayOverlap(Tile, 4, Tile, 4, Fixed), false);
}

TEST(AffineOverlap, CollisionsNeedALaunchOfAtMost1024Threads) {
  Offsets O;
  // s[z * 1024 + y * 32 + x] with blockDim.x = 32: (x, y + 32, z) and
  // (x, y, z + 1) would share a slot, but only in a CTA of 32 x 33 x 2 threads.
  const Term *Zyx = O.words(O.C.add(O.C.add(O.C.mul(O.tid(Dim::Z), O.k(1024)), O.C.mul(O.tid(Dim::Y), O.k(32))),
                                    O.tid(Dim::X)));
  LaunchBounds Wide = fixing({{Dim::X, 32}});
  EXPECT_EQ(affineMayOverlap(Zyx, 4, Zyx, 4, Wide), false) << "no launch of at most 1024 threads has the collision";
  // With y and z fixed to 32 x 32, x must be 1: no two threads differ in x.
  EXPECT_EQ(affineMayOverlap(Zyx, 4, Zyx, 4, fixing({{Dim::Y, 32}, {Dim::Z, 32}})), false);
  // s[y]: x = 1024 leaves no room for a second row; two threads differ in x.
  const Term *Row = O.words(O.tid(Dim::Y));
  EXPECT_EQ(affineMayOverlap(Row, 4, Row, 4, fixing({{Dim::X, 1024}})), true) << "(0, y) and (1, y) share s[y]";
  EXPECT_EQ(affineMayOverlap(Row, 4, Row, 4, fixing({{Dim::X, 1}, {Dim::Z, 1}})), false);
  // s[y * 32 + x]: threads differing only in z share a slot, in a CTA of 32 x 1 x 2.
  const Term *Yx = O.words(O.C.add(O.C.mul(O.tid(Dim::Y), O.k(32)), O.tid(Dim::X)));
  EXPECT_EQ(affineMayOverlap(Yx, 4, Yx, 4, Wide), true);
  // s[y * 31 + x] with blockDim.x = 32: (31, y, z) meets (0, y + 1, z) in a CTA of 32 x 2.
  const Term *Skewed = O.words(O.C.add(O.C.mul(O.tid(Dim::Y), O.k(31)), O.tid(Dim::X)));
  EXPECT_EQ(affineMayOverlap(Skewed, 4, Skewed, 4, fixing({{Dim::X, 32}, {Dim::Z, 1}})), true);
  LaunchBounds OneRow = fixing({{Dim::X, 32}, {Dim::Y, 1}, {Dim::Z, 1}});
  EXPECT_EQ(affineMayOverlap(Skewed, 4, Skewed, 4, OneRow), false);
}

TEST(AffineOverlap, LinearThreadIds) {
  Offsets O;
  TermContext &C = O.C;
  // tx + ntid.x * (ty + ntid.y * tz), in 32 bits, then zext and * 4.
  const Term *Inner = C.add(C.threadIdx(Dim::Y), C.mul(C.blockDim(Dim::Y), C.threadIdx(Dim::Z)));
  const Term *Flat = C.add(C.threadIdx(Dim::X), C.mul(C.blockDim(Dim::X), Inner));
  const Term *Off = O.words(C.zext(Flat, 64));
  LaunchBounds Any;
  EXPECT_EQ(affineMayOverlap(Off, 4, Off, 4, Any), false);
  const Term *Next = O.words(C.zext(C.add(Flat, C.constant(32, 1)), 64));
  EXPECT_EQ(affineMayOverlap(Off, 4, Next, 4, Any), true);
}

TEST(AffineOverlap, BlockStrideLoops) {
  Offsets O;
  TermContext &C = O.C;
  // b = tid.x + ntid.x * k with k <= 255 (a loop's trip count).
  const Term *K = C.loopVariant(7, "iter(loop)", 64);
  const Term *B = C.add(O.tid(), C.mul(C.zext(C.blockDim(Dim::X), 64), K));
  const Term *Off = O.words(B);
  LeafBounds Bounded{{K, 255}};
  EXPECT_EQ(affineMayOverlap(Off, 4, Off, 4, oneD(), Bounded, Bounded), false);
  EXPECT_FALSE(affineMayOverlap(Off, 4, Off, 4, oneD()).has_value()) << "unbounded k may wrap";
}

TEST(AffineOverlap, LeafBoundsComeFromGuards) {
  TermContext C;
  const Term *K = C.loopVariant(7, "k", 32);
  std::vector<Guard> G = {{CmpPred::ULE, K, C.constant(32, 9)},
                          {CmpPred::ULT, K, C.constant(32, 5)},
                          {CmpPred::SLT, K, C.constant(32, 2)}};
  LeafBounds B = leafBoundsOf(G);
  ASSERT_EQ(B.count(K), 1u);
  EXPECT_EQ(B[K], 4u);
}

TEST(AffineOverlap, SideCacheKeepsEachSiteBySiteId) {
  // Two sites of one offset, s[t + ntid.x * k], one of them guarded by
  // k <= 255: the cache keeps each site's own leaf bounds (a cache by
  // offset would hand the guarded site's bounds to the other).
  TermContext C;
  const Term *K = C.loopVariant(7, "iter(loop)", 64);
  const Term *Off =
      C.mul(C.add(C.zext(C.threadIdx(Dim::X), 64), C.mul(C.zext(C.blockDim(Dim::X), 64), K)), C.constant(64, 4));
  auto Site = [&](unsigned Id) {
    AccessSite S;
    S.Id = Id;
    S.Kind = AccessKind::Write;
    S.Spaces = SpaceSet::shared();
    S.Size = 4;
    S.Address = SymbolicAddress{MemoryObject{ObjectKind::Variable, AddrSpace::Shared, 1, "@s"}, Off};
    return S;
  };
  AccessSite Guarded = Site(0), Free = Site(1);
  Guarded.Guards.push_back({CmpPred::ULE, K, C.constant(64, 255)});
  AffineSideCache Cache(2);
  const std::optional<AffineSide> &G = Cache.of(Guarded, oneD());
  const std::optional<AffineSide> &F = Cache.of(Free, oneD());
  ASSERT_TRUE(G);
  EXPECT_FALSE(F) << "the unguarded k may wrap: not a shape the fast path reads";
  EXPECT_EQ(&Cache.of(Guarded, oneD()), &G) << "prepared once";
  EXPECT_EQ(affineMayOverlap(*G, 4, *G, 4, oneD()), std::optional<bool>(false));
}

TEST(WitnessSearch, FindsNeighbourCollisionsAndRespectsGuards) {
  TermContext C;
  auto Site = [&](const Term *Off) {
    AccessSite S;
    S.Kind = AccessKind::Write;
    S.Spaces = SpaceSet::shared();
    S.Size = 4;
    S.Address = SymbolicAddress{MemoryObject{ObjectKind::Variable, AddrSpace::Shared, 1, "@s"}, Off};
    return S;
  };
  const Term *T = C.zext(C.threadIdx(Dim::X), 64);
  AccessSite Mine = Site(C.mul(T, C.constant(64, 4)));
  AccessSite Next = Site(C.mul(C.add(T, C.constant(64, 1)), C.constant(64, 4)));
  OverlapQuery Q{&Mine, &Next, oneD(), true};
  std::optional<Counterexample> Cex = searchCollision(Q);
  ASSERT_TRUE(Cex);
  EXPECT_EQ(Cex->OffsetA, Cex->OffsetB);
  EXPECT_EQ(Cex->T.X, Cex->TPrime.X + 1);
  // With t' < 0 impossible (t' <u 0), no collision exists.
  Next.Guards.push_back({CmpPred::ULT, C.threadIdx(Dim::X), C.constant(32, 0)});
  EXPECT_FALSE(searchCollision(Q));
  // Private slots: none.
  OverlapQuery Own{&Mine, &Mine, oneD(), true};
  EXPECT_FALSE(searchCollision(Own));
}

TEST(WitnessSearch, CounterexamplesNameTheFreeValuesTheAccessesUse) {
  // s[t] written, s[32 * i] read in a loop: the collision needs i' = 1,
  // which the text states (the model leaves i free, whatever the trip count).
  TermContext C;
  const Term *T = C.zext(C.threadIdx(Dim::X), 64);
  const Term *I = C.loopVariant(7, "iter(loop)", 64);
  const Term *Unused = C.loopVariant(8, "iter(other)", 64);
  AccessSite Write;
  Write.Kind = AccessKind::Write;
  Write.Spaces = SpaceSet::shared();
  Write.Size = 4;
  Write.Address =
      SymbolicAddress{MemoryObject{ObjectKind::Variable, AddrSpace::Shared, 1, "@s"}, C.mul(T, C.constant(64, 4))};
  AccessSite Read = Write;
  Read.Kind = AccessKind::Read;
  Read.Address->Offset = C.mul(I, C.constant(64, 128));
  Read.Guards.push_back({CmpPred::ULT, Unused, C.constant(64, 3)});
  std::optional<Counterexample> Cex = searchCollision({&Write, &Read, oneD(), true});
  ASSERT_TRUE(Cex);
  std::vector<std::pair<std::string, int64_t>> Values = Cex->leafValues();
  ASSERT_EQ(Values.size(), 2u) << Cex->str();
  EXPECT_EQ(Values[0].first, "iter(loop)'");
  EXPECT_EQ(uint64_t(Values[0].second) * 128, Cex->OffsetB);
  EXPECT_EQ(Values[1].first, "iter(other)'");
  EXPECT_NE(Cex->str().find(" iter(loop)'=" + std::to_string(Values[0].second)), std::string::npos) << Cex->str();
}
