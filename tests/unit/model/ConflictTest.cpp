//===- tests/unit/model/ConflictTest.cpp ----------------------------------===//
#include "model/Conflict.h"
#include "model/Launch.h"
#include "model/Sync.h"

#include <gtest/gtest.h>

using namespace xwarp::model;

static ConcreteAccess ev(uint32_t Tid, AddrSpace S, uint64_t Addr, uint64_t Size, AccessKind K) {
  ConcreteAccess A;
  A.Thread = {Tid, 0, 0};
  A.Space = S;
  A.Address = Addr;
  A.Size = Size;
  A.Kind = K;
  return A;
}

TEST(Conflict, DefinitionOnConcreteEvents) {
  auto W0 = ev(0, AddrSpace::Shared, 0, 4, AccessKind::Write);
  auto R1 = ev(1, AddrSpace::Shared, 0, 4, AccessKind::Read);
  auto R0 = ev(0, AddrSpace::Shared, 0, 4, AccessKind::Read);
  EXPECT_TRUE(eventsConflict(W0, R1));
  EXPECT_FALSE(eventsConflict(W0, R0)) << "same thread: program order";
  EXPECT_FALSE(eventsConflict(R0, R1)) << "read/read never conflicts";
  auto A0 = ev(0, AddrSpace::Shared, 0, 4, AccessKind::ReadWrite);
  auto A1 = ev(1, AddrSpace::Shared, 0, 4, AccessKind::ReadWrite);
  EXPECT_TRUE(eventsConflict(A0, A1)) << "atomic/atomic conflicts";
  EXPECT_FALSE(eventsConflict(W0, ev(1, AddrSpace::Global, 0, 4, AccessKind::Read)))
      << "shared and global never alias";
  EXPECT_FALSE(eventsConflict(ev(0, AddrSpace::Local, 0, 4, AccessKind::Write),
                              ev(1, AddrSpace::Local, 0, 4, AccessKind::Read)))
      << "local memory is private";
  EXPECT_FALSE(eventsConflict(W0, ev(1, AddrSpace::Shared, 4, 4, AccessKind::Read)));
  EXPECT_TRUE(eventsConflict(W0, ev(1, AddrSpace::Shared, 3, 2, AccessKind::Read)));
}

TEST(Conflict, RangesOverlapAtTheEdges) {
  EXPECT_TRUE(rangesOverlap(0, 4, 3, 1));
  EXPECT_FALSE(rangesOverlap(0, 4, 4, 1));
  EXPECT_FALSE(rangesOverlap(8, 4, 4, 4));
  EXPECT_TRUE(rangesOverlap(UINT64_MAX - 1, 2, UINT64_MAX, 1));
  EXPECT_FALSE(rangesOverlap(0, 0, 0, 4)) << "empty ranges hold no byte";
  // Offsets wrap as the IR's arithmetic does: 8 bytes at -4 cover 0 to 3.
  EXPECT_TRUE(rangesOverlap(0, 4, uint64_t(-4), 8));
  EXPECT_TRUE(rangesOverlap(uint64_t(-4), 8, 0, 4));
  EXPECT_TRUE(rangesOverlap(UINT64_MAX, 2, 0, 1));
  EXPECT_FALSE(rangesOverlap(uint64_t(-4), 4, 0, 4));
  EXPECT_FALSE(rangesOverlap(0, 4, uint64_t(-8), 8));
}

TEST(Conflict, SitesAtFlagPrecision) {
  AccessSite W, R, G;
  W.Kind = AccessKind::Write;
  W.Spaces = SpaceSet::shared();
  R.Kind = AccessKind::Read;
  R.Spaces = SpaceSet::shared();
  G.Kind = AccessKind::Read;
  G.Spaces = SpaceSet::global();
  EXPECT_TRUE(mayConflictBySpaceAndKind(W, R));
  EXPECT_TRUE(mayConflictBySpaceAndKind(W, W)) << "write/write (erratum 1)";
  EXPECT_FALSE(mayConflictBySpaceAndKind(R, R));
  EXPECT_FALSE(mayConflictBySpaceAndKind(W, G));
  AccessSite Generic = R;
  Generic.Spaces = SpaceSet::ofPointerSpace(AddrSpace::Generic);
  EXPECT_TRUE(mayConflictBySpaceAndKind(W, Generic));
}

TEST(Conflict, SummariesFollowTheSoundRule) {
  AccessSite W, R;
  W.Kind = AccessKind::Write;
  W.Spaces = SpaceSet::shared();
  R.Kind = AccessKind::Read;
  R.Spaces = SpaceSet::shared();
  SideSummary Up, Down;
  Up.add(W);
  Down.add(R);
  EXPECT_TRUE(summariesMayConflict(Up, Down)) << "write above, read below (erratum 4)";
  SideSummary ReadsOnly;
  ReadsOnly.add(R);
  EXPECT_FALSE(summariesMayConflict(ReadsOnly, Down));
  EXPECT_TRUE(summariesMayConflict(ReadsOnly, Up));
  AccessFlags F = AccessFlags::of(Up, Down);
  EXPECT_TRUE(F.WriteAbove && F.ReadBelow && !F.ReadAbove && !F.WriteBelow);
}

// A strong read of a flag and a plain read of data, both global: read/read in
// this CTA, but the flag may order another CTA's writes of the data.
TEST(Conflict, StrongAccessesOtherCtasSeeCommunicateWithAnyKind) {
  AccessSite Flag, Data, Shared;
  Flag.Kind = Data.Kind = Shared.Kind = AccessKind::Read;
  Flag.Spaces = Data.Spaces = SpaceSet::global();
  Flag.Strong = true;
  Shared.Spaces = SpaceSet::shared();
  EXPECT_TRUE(communicatesAcrossCtas(Flag, Data));
  EXPECT_TRUE(communicatesAcrossCtas(Data, Flag));
  EXPECT_FALSE(communicatesAcrossCtas(Data, Data)) << "no strong access";
  EXPECT_FALSE(communicatesAcrossCtas(Flag, Shared)) << "shared memory is the CTA's own";
  Shared.ClusterShared = true;
  EXPECT_TRUE(communicatesAcrossCtas(Flag, Shared)) << "distributed shared memory";
  SideSummary Up, Down;
  Up.add(Flag);
  Down.add(Data);
  EXPECT_TRUE(summariesMayConflict(Up, Down));
  SideSummary Plain;
  Plain.add(Data);
  EXPECT_FALSE(summariesMayConflict(Plain, Down));
}

TEST(AddressSpace, VisibilityOfSpaces) {
  EXPECT_EQ(SpaceSet::ofPointerSpace(AddrSpace::Shared), SpaceSet::shared());
  EXPECT_EQ(SpaceSet::ofPointerSpace(AddrSpace::Global), SpaceSet::global());
  EXPECT_EQ(SpaceSet::ofPointerSpace(AddrSpace::Generic), SpaceSet::allVisible());
  EXPECT_TRUE(SpaceSet::ofPointerSpace(AddrSpace::Local).empty());
  EXPECT_TRUE(SpaceSet::ofPointerSpace(AddrSpace::Const).empty());
  EXPECT_TRUE(SpaceSet::ofPointerSpace(AddrSpace::Param).empty());
  EXPECT_TRUE(spacesDisjoint(AddrSpace::Shared, AddrSpace::Global));
  EXPECT_FALSE(spacesDisjoint(AddrSpace::Generic, AddrSpace::Shared));
  // A space the model does not know (LLVM 20's shared::cluster is 7) may hold
  // any byte.
  EXPECT_FALSE(spacesDisjoint(static_cast<AddrSpace>(7), AddrSpace::Shared));
  EXPECT_FALSE(spacesDisjoint(AddrSpace::Global, static_cast<AddrSpace>(7)));
  EXPECT_TRUE(spacesDisjoint(AddrSpace::Local, AddrSpace::Const));
  EXPECT_EQ(SpaceSet::allVisible().str(), "shared|global");
}

TEST(Access, ObjectsMayAlias) {
  MemoryObject S1{ObjectKind::Variable, AddrSpace::Shared, 1, "@a"};
  MemoryObject S2{ObjectKind::Variable, AddrSpace::Shared, 2, "@b"};
  MemoryObject P1{ObjectKind::Parameter, AddrSpace::Global, 3, "%p"};
  MemoryObject P2{ObjectKind::Parameter, AddrSpace::Global, 4, "%q"};
  MemoryObject U{ObjectKind::Unknown, AddrSpace::Generic, 5, "<pointer>"};
  EXPECT_TRUE(mayBeSameObject(S1, S1));
  EXPECT_FALSE(mayBeSameObject(S1, S2));
  EXPECT_FALSE(mayBeSameObject(S1, P1)) << "shared vs global";
  EXPECT_TRUE(mayBeSameObject(P1, P2));
  MemoryObject R1 = P1;
  R1.NoAlias = true;
  EXPECT_FALSE(mayBeSameObject(R1, P2)) << "__restrict__";
  EXPECT_TRUE(mayBeSameObject(U, S1));
  EXPECT_TRUE(mayBeSameObject(U, P1));
}

TEST(Access, AlternatingObjectsMeetWhatTheirTurnsMeet) {
  MemoryObject S1{ObjectKind::Variable, AddrSpace::Shared, 1, "@a"};
  MemoryObject S2{ObjectKind::Variable, AddrSpace::Shared, 2, "@b"};
  MemoryObject S3{ObjectKind::Variable, AddrSpace::Shared, 3, "@c"};
  auto Pair = [](uint64_t Key, uint8_t Turn, const MemoryObject &X, const MemoryObject &Y) {
    MemoryObject O{ObjectKind::Alternating, AddrSpace::Shared, Key, "%p"};
    O.Turn = Turn;
    O.Turns = std::make_shared<ObjectTurns>(ObjectTurns{X, Y});
    return O;
  };
  MemoryObject Src = Pair(10, 0, S1, S2), Dst = Pair(10, 1, S1, S2);
  EXPECT_TRUE(mayBeSameObject(Src, Dst)) << "one pair: the same array in some pair of iterations";
  EXPECT_TRUE(mayBeSameObject(Src, S1)) << "a turn";
  EXPECT_TRUE(mayBeSameObject(S2, Dst)) << "a turn";
  EXPECT_FALSE(mayBeSameObject(Src, S3)) << "neither turn";
  EXPECT_TRUE(mayBeSameObject(Src, Pair(20, 0, S2, S3))) << "pairs sharing @b";
  EXPECT_FALSE(mayBeSameObject(Pair(20, 1, S3, S3), Dst)) << "pairs apart";
  MemoryObject Global{ObjectKind::Parameter, AddrSpace::Global, 4, "%g"};
  EXPECT_FALSE(mayBeSameObject(Src, Global)) << "shared vs global";
}

TEST(Access, LabelsAreJoinedOnDemand) {
  SiteLabel Context;
  Context.What = "caller context at entry";
  EXPECT_EQ(Context.str(), "caller context at entry");
  SiteLabel NoDebugInfo{"load", " at ", {}};
  EXPECT_EQ(NoDebugInfo.str(), "load at <unknown>");
  std::string File = "k.cu";
  SiteLabel Placed{"vote", " of ", {File, 12, 5}};
  EXPECT_EQ(Placed.str(), "vote of k.cu:12:5");
}

TEST(Sync, SeparatorsAndDeletableBarriers) {
  auto site = [](SyncKind K, ValuedOp V = ValuedOp::None) {
    SyncSite S;
    S.Kind = K;
    S.Valued = V;
    return S;
  };
  SyncSite Full = site(SyncKind::FullBarrier);
  EXPECT_TRUE(Full.isSeparator());
  EXPECT_TRUE(Full.isDeletableBarrier());
  SyncSite Partial = site(SyncKind::PartialBarrier);
  EXPECT_FALSE(Partial.isSeparator());
  EXPECT_FALSE(Partial.isDeletableBarrier());
  SyncSite Valued = site(SyncKind::ValuedBarrier, ValuedOp::Popc);
  EXPECT_TRUE(Valued.isSeparator());
  EXPECT_TRUE(Valued.isDeletableBarrier());
  Valued.ResultUsed = true;
  EXPECT_TRUE(Valued.isSeparator()) << "a used valued barrier still orders";
  EXPECT_FALSE(Valued.isDeletableBarrier()) << "erratum 7: its result is data";
  SyncSite Warp = site(SyncKind::Exempt);
  EXPECT_FALSE(Warp.isSeparator()) << "erratum 6";
  Full.Divergent = true;
  EXPECT_FALSE(Full.isSeparator());
  EXPECT_FALSE(Full.isDeletableBarrier());
}

TEST(Launch, BoundsFromFactsNarrowOnly) {
  LaunchBounds B;
  EXPECT_EQ(B.maxDim(Dim::X), 1024u);
  EXPECT_EQ(B.maxDim(Dim::Z), 64u);
  EXPECT_FALSE(B.isExact(Dim::X));
  B.setExact(Dim::X, 256);
  B.setExact(Dim::Y, 1);
  B.setExact(Dim::Z, 1);
  EXPECT_TRUE(B.isFullyKnown());
  EXPECT_EQ(B.str(), "256x1x1");
  B.capDim(Dim::X, 512);
  EXPECT_EQ(B.maxDim(Dim::X), 256u);
  EXPECT_TRUE(B.admits({256, 1, 1}));
  EXPECT_FALSE(B.admits({128, 1, 1}));
  LaunchBounds C;
  C.capThreads(128);
  EXPECT_FALSE(C.admits({256, 1, 1}));
  EXPECT_TRUE(C.admits({64, 2, 1}));
  BlockDims D{32, 4, 1};
  EXPECT_EQ(D.linearId({3, 2, 0}), 67u);
}

TEST(Access, AnAlternatingPointerComparesOffsetsWithItsObjects) {
  // A pointer holding @a or @b meets @a only holding it: offsets from @a's
  // start. Against a plain parameter, which may be either, it cannot.
  MemoryObject A{ObjectKind::Variable, AddrSpace::Shared, 1, "@a"};
  MemoryObject B{ObjectKind::Variable, AddrSpace::Shared, 2, "@b"};
  MemoryObject C{ObjectKind::Variable, AddrSpace::Shared, 3, "@c"};
  MemoryObject P{ObjectKind::Parameter, AddrSpace::Global, 4, "%p"};
  MemoryObject Q{ObjectKind::Parameter, AddrSpace::Global, 5, "%q"};
  auto Pair = [](const MemoryObject &X, const MemoryObject &Y, uint64_t Key, uint8_t Turn) {
    MemoryObject O{ObjectKind::Alternating, X.Space, Key, "%pair"};
    O.Turn = Turn;
    O.Turns = std::make_shared<ObjectTurns>(ObjectTurns{X, Y});
    return O;
  };
  MemoryObject AB = Pair(A, B, 7, 0);
  EXPECT_TRUE(offsetsComparable(AB, A));
  EXPECT_TRUE(offsetsComparable(B, AB));
  EXPECT_TRUE(offsetsComparable(AB, Pair(B, A, 8, 1))) << "another pair of the same two";
  EXPECT_TRUE(offsetsComparable(AB, Pair(A, C, 9, 0))) << "one object in common";
  EXPECT_TRUE(offsetsComparable(A, A));
  EXPECT_TRUE(offsetsComparable(A, B)) << "apart: no collision to miss";
  MemoryObject PQ = Pair(P, Q, 10, 0);
  EXPECT_FALSE(offsetsComparable(Pair(P, C, 11, 0), Q)) << "%p may be %q";
  EXPECT_FALSE(offsetsComparable(PQ, P)) << "holding %q, it may still be %p";
  MemoryObject U{ObjectKind::Unknown, AddrSpace::Shared, 12, "%u"};
  EXPECT_FALSE(offsetsComparable(U, U));
}
