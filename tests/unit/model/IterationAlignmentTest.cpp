//===- tests/unit/model/IterationAlignmentTest.cpp ------------------------===//
#include "model/FunctionModel.h"
#include "model/IterationAlignment.h"
#include "model/TermEval.h"
#include "model/WitnessSearch.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace xwarp::model;

namespace {
/// A double buffer buf[2][256] of floats swept by a loop whose parity cur
/// flips each iteration: a read of row cur at t ^ 1 and a write of row
/// cur ^ 1 at t, and the loop's barriers 0 (between them) and 1 (closing
/// each iteration).
struct DoubleBuffer {
  FunctionModel M;
  const Term *Cur = nullptr, *Next = nullptr;

  DoubleBuffer() {
    TermContext &C = M.terms();
    const Term *T = C.threadIdx(Dim::X);
    Cur = C.loopVariant(1, "%cur", 32);
    Next = C.loopVariant(2, "%nxt", 32);
    C.define(Next, LeafDef::Xor, Cur, C.constant(32, 1));
    const Term *Partner = C.perThread(3, "%tx", 32);
    C.define(Partner, LeafDef::Xor, T, C.constant(32, 1));
    auto Offset = [&](const Term *Row, const Term *Col) {
      return C.add(C.mul(C.zext(Row, 64), C.constant(64, 1024)), C.mul(C.zext(Col, 64), C.constant(64, 4)));
    };
    MemoryObject Buf;
    Buf.Kind = ObjectKind::Variable;
    Buf.Space = AddrSpace::Shared;
    Buf.Key = 1;
    Buf.Name = "@buf";
    auto Site = [&](unsigned Id, AccessKind K, const Term *Offset, unsigned First) {
      AccessSite S;
      S.Id = Id;
      S.Kind = K;
      S.Spaces = SpaceSet::shared();
      S.Size = 4;
      S.Address = SymbolicAddress{Buf, Offset};
      S.Loops.push_back({0, First});
      return S;
    };
    M.Accesses.push_back(Site(0, AccessKind::Read, Offset(Cur, Partner), 0));
    M.Accesses.push_back(Site(1, AccessKind::Write, Offset(Next, T), 1));
    for (unsigned Id : {0u, 1u}) {
      SyncSite S;
      S.Id = Id;
      S.Kind = SyncKind::FullBarrier;
      M.Syncs.push_back(S);
    }
    M.AlignedLoops.push_back({{Cur}, {0, 1}, {}});
    M.Launch.setExact(Dim::X, 256);
    M.Launch.setExact(Dim::Y, 1);
    M.Launch.setExact(Dim::Z, 1);
  }
};
} // namespace

TEST(IterationAlignment, AnAlignerBothSitesAreOnOneSideOfMustStillOrder) {
  DoubleBuffer D;
  const AccessSite &Read = D.M.Accesses[0], &Write = D.M.Accesses[1];
  auto Standing = [](std::vector<unsigned> Ids) {
    return [Ids](unsigned S) { return std::find(Ids.begin(), Ids.end(), S) != Ids.end(); };
  };
  // The read comes before both barriers, the write between them: barrier 0
  // lies between the two and aligns nothing.
  EXPECT_EQ(loopsAligning(D.M, Read, Write, Standing({0, 1})), std::vector<unsigned>{0});
  EXPECT_EQ(loopsAligning(D.M, Read, Write, Standing({1})), std::vector<unsigned>{0});
  EXPECT_TRUE(loopsAligning(D.M, Read, Write, Standing({0})).empty());
  EXPECT_TRUE(loopsAligning(D.M, Read, Write, Standing({})).empty());
  // Two sites after barrier 0 in their iterations: it keeps them in one.
  AccessSite LaterRead = Read;
  LaterRead.Loops = {{0, 1}};
  EXPECT_EQ(loopsAligning(D.M, LaterRead, Write, Standing({0})), std::vector<unsigned>{0});
  // One after barrier 1 (the loop's last) and one before it: only barrier
  // 0, which both follow, aligns them.
  AccessSite Last = Write;
  Last.Loops = {{0, 2}};
  EXPECT_TRUE(loopsAligning(D.M, Write, Last, Standing({1})).empty());
  EXPECT_EQ(loopsAligning(D.M, Write, Last, Standing({0})), std::vector<unsigned>{0});
  AccessSite Outside = Write;
  Outside.Loops.clear();
  EXPECT_TRUE(loopsAligning(D.M, Read, Outside, Standing({0, 1})).empty());
}

TEST(IterationAlignment, SharedLeavesMakeTheRowsDisjoint) {
  DoubleBuffer D;
  const AccessSite &Read = D.M.Accesses[0], &Write = D.M.Accesses[1];
  // Apart, the two events may see different parities: a collision exists.
  OverlapQuery Apart{&Read, &Write, D.M.Launch, true};
  std::optional<Counterexample> Cex = searchCollision(Apart);
  ASSERT_TRUE(Cex);
  EXPECT_TRUE(Cex->collides(Read, Write));

  std::optional<std::pair<AccessSite, AccessSite>> Aligned = alignIterations(D.M, Read, Write, {0});
  ASSERT_TRUE(Aligned);
  const Term *ReadOffset = Aligned->first.Address->Offset, *WriteOffset = Aligned->second.Address->Offset;
  // cur is one uniform leaf now, and cur ^ 1 a new leaf defined from it.
  EXPECT_EQ(ReadOffset->variance(), Variance::PerThread);
  std::set<const Term *, TermIdLess> Leaves;
  collectLeaves(WriteOffset, Leaves);
  for (const Term *L : Leaves)
    EXPECT_NE(L->kind(), TermKind::LoopVariant) << L->str();
  // Every thread pair and parity: different rows, so no collision.
  for (uint64_t Cur : {0, 1, 7})
    for (uint32_t T : {0u, 1u, 200u})
      for (uint32_t TP : {0u, 1u, 201u}) {
        if (T == TP)
          continue;
        EvalEnv E, EP;
        E.Ntid = EP.Ntid = {256, 1, 1};
        E.Tid = {T, 0, 0};
        EP.Tid = {TP, 0, 0};
        for (const Term *L : Leaves)
          if (L->kind() == TermKind::Uniform)
            E.Uniform[L->value()] = EP.Uniform[L->value()] = Cur;
        std::set<const Term *, TermIdLess> ReadLeaves;
        collectLeaves(ReadOffset, ReadLeaves);
        for (const Term *L : ReadLeaves)
          if (L->kind() == TermKind::Uniform)
            E.Uniform[L->value()] = EP.Uniform[L->value()] = Cur;
        std::optional<uint64_t> R = evaluate(ReadOffset, E), W = evaluate(WriteOffset, EP);
        ASSERT_TRUE(R && W);
        EXPECT_NE(*R / 1024, *W / 1024) << "t=" << T << " t'=" << TP << " cur=" << Cur;
      }
  OverlapQuery Together{&Aligned->first, &Aligned->second, D.M.Launch, true};
  EXPECT_FALSE(searchCollision(Together));
}

TEST(IterationAlignment, NothingToShareLeavesTheSites) {
  DoubleBuffer D;
  D.M.AlignedLoops[0].Leaves = {D.M.terms().loopVariant(9, "iter(other)", 32)};
  EXPECT_FALSE(alignIterations(D.M, D.M.Accesses[0], D.M.Accesses[1], {0}));
}

TEST(IterationAlignment, OneIterationHoldsASwappedPairApart) {
  FunctionModel M;
  MemoryObject A{ObjectKind::Variable, AddrSpace::Shared, 1, "@a"};
  MemoryObject B{ObjectKind::Variable, AddrSpace::Shared, 2, "@b"};
  auto Pointer = [&](uint64_t Key, uint8_t Turn) {
    MemoryObject O{ObjectKind::Alternating, AddrSpace::Shared, Key, "%p"};
    O.Turn = Turn;
    O.Turns = std::make_shared<ObjectTurns>(ObjectTurns{A, B});
    return O;
  };
  M.AlignedLoops.push_back({{}, {0}, {7}});
  M.AlignedLoops.push_back({{}, {1}, {}});
  MemoryObject Src = Pointer(7, 0), Dst = Pointer(7, 1);
  EXPECT_TRUE(heldApart(M, Src, Dst, {0}));
  EXPECT_TRUE(heldApart(M, Dst, Src, {1, 0}));
  EXPECT_FALSE(heldApart(M, Src, Dst, {})) << "not within one iteration";
  EXPECT_FALSE(heldApart(M, Src, Dst, {1})) << "a loop that does not fix the pair";
  EXPECT_FALSE(heldApart(M, Src, Src, {0})) << "the same pointer";
  EXPECT_FALSE(heldApart(M, Src, Pointer(8, 1), {0})) << "another pair";
  EXPECT_FALSE(heldApart(M, Src, A, {0})) << "an object";
}

TEST(IterationAlignment, OneConditionHoldsASelectedPairApart) {
  // Two selects of @a and @b on one condition, the arms swapped: they hold
  // different objects wherever the condition is one value for both events.
  FunctionModel M;
  TermContext &C = M.terms();
  MemoryObject A{ObjectKind::Variable, AddrSpace::Shared, 1, "@a"};
  MemoryObject B{ObjectKind::Variable, AddrSpace::Shared, 2, "@b"};
  auto Pointer = [&](uint64_t Key, uint8_t Turn, const Term *Selector) {
    MemoryObject O{ObjectKind::Alternating, AddrSpace::Shared, Key, "%p"};
    O.Turn = Turn;
    O.Turns = std::make_shared<ObjectTurns>(ObjectTurns{A, B});
    O.Selector = Selector;
    return O;
  };
  const Term *Flag = C.uniform(1, "%flag", 1), *Lane = C.perThread(2, "%lane", 1);
  const Term *Iter = C.loopVariant(3, "iter(loop)", 32);
  // (iter & 1) == 0: the parity of the iteration, fixed by an aligned loop.
  const Term *Odd = C.loopVariant(4, "%odd", 32);
  C.define(Odd, LeafDef::And, Iter, C.constant(32, 1));
  const Term *Even = C.loopVariant(5, "%even", 1);
  C.define(Even, LeafDef::CmpEQ, Odd, C.constant(32, 0));
  M.AlignedLoops.push_back({{Iter}, {0}, {}});
  M.AlignedLoops.push_back({{}, {1}, {}});
  EXPECT_TRUE(heldApart(M, Pointer(7, 0, Flag), Pointer(7, 1, Flag), {})) << "a uniform condition";
  EXPECT_FALSE(heldApart(M, Pointer(7, 0, Lane), Pointer(7, 1, Lane), {0})) << "a thread's own condition";
  EXPECT_TRUE(heldApart(M, Pointer(7, 0, Even), Pointer(7, 1, Even), {0})) << "the iteration's parity";
  EXPECT_FALSE(heldApart(M, Pointer(7, 0, Even), Pointer(7, 1, Even), {})) << "two iterations";
  EXPECT_FALSE(heldApart(M, Pointer(7, 0, Even), Pointer(7, 1, Even), {1})) << "a loop that fixes other leaves";
  EXPECT_FALSE(heldApart(M, Pointer(7, 0, Flag), Pointer(7, 0, Flag), {})) << "the same turn";
  EXPECT_FALSE(heldApart(M, Pointer(7, 0, Flag), Pointer(7, 1, Lane), {})) << "two conditions";
}
