//===- tests/unit/core/DependenceGraphTest.cpp - above/below and updates ---===//
#include "IRTestSupport.h"

#include "core/ConflictOracle.h"
#include "core/DependenceGraph.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace xwarp;
using core::DependenceGraph;
using test::AnalyzedModule;
using Tags = std::vector<std::string>;

// Sites are tagged !t !N; accesses w*/r*, barriers b*.
static const char *Prelude = R"(
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.exit()
declare void @llvm.trap()
@s = internal addrspace(3) global [256 x i32] undef
!1 = !{!"w1"}
!2 = !{!"r1"}
!3 = !{!"w2"}
!4 = !{!"r2"}
!5 = !{!"w3"}
!6 = !{!"r3"}
!11 = !{!"b1"}
!12 = !{!"b2"}
!13 = !{!"b3"}
!14 = !{!"b4"}
!15 = !{!"b5"}
)";

/// A function `@f(i1 %c, i1 %d)` with the given body, its model and graph.
class GraphFixture {
public:
  GraphFixture(const std::string &Body, bool Kernel = true,
               DependenceGraph::Scope S = DependenceGraph::Scope::Function)
      : AM(std::string(Prelude) + "define void @f(i1 %c, i1 %d) {\n" + Body + "\n}\n" +
           (Kernel ? "!nvvm.annotations = !{!100}\n!100 = !{ptr @f, !\"kernel\", i32 1}\n" : "")),
        X(AM.extract("f")), G(X.Model, S) {}

  unsigned sync(const std::string &Tag) { return test::syncTagged(X, Tag); }

  Tags names(llvm::ArrayRef<unsigned> Accesses) const {
    Tags Out;
    for (unsigned A : Accesses) {
      if (X.Model.EntryContext && A == *X.Model.EntryContext)
        Out.push_back("entry");
      else if (X.Model.ExitContext && A == *X.Model.ExitContext)
        Out.push_back("exit");
      else
        Out.push_back(llvm::cast<llvm::MDString>(X.AccessInst[A]->getMetadata("t")->getOperand(0))
                          ->getString()
                          .str());
    }
    std::sort(Out.begin(), Out.end());
    return Out;
  }
  Tags above(const std::string &B) { return names(G.above(sync(B)).Accesses); }
  Tags below(const std::string &B) { return names(G.below(sync(B)).Accesses); }
  std::vector<unsigned> belowBoundary(const std::string &B) {
    const DependenceGraph::IdSet &Set = G.below(sync(B)).Boundary;
    return {Set.begin(), Set.end()};
  }

  AnalyzedModule AM;
  core::ExtractedFunction X;
  DependenceGraph G;
};

static const char *W1 = "store i32 1, ptr addrspace(3) @s, !t !1\n";
static const char *R1 = "%r1 = load i32, ptr addrspace(3) @s, !t !2\n";
static const char *W2 = "store i32 2, ptr addrspace(3) @s, !t !3\n";
static const char *R2 = "%r2 = load i32, ptr addrspace(3) @s, !t !4\n";
static const char *W3 = "store i32 3, ptr addrspace(3) @s, !t !5\n";
static std::string bar(int N) { return "call void @llvm.nvvm.barrier0(), !t !" + std::to_string(10 + N) + "\n"; }

TEST(DependenceGraph, StraightLineStopsAtTheNextBarrier) {
  GraphFixture T(std::string(W1) + bar(1) + R1 + bar(2) + W2 + "ret void");
  EXPECT_EQ(T.above("b1"), Tags({"w1"}));
  EXPECT_EQ(T.below("b1"), Tags({"r1"}));
  EXPECT_EQ(T.above("b2"), Tags({"r1"}));
  EXPECT_EQ(T.below("b2"), Tags({"w2"}));
  EXPECT_EQ(T.belowBoundary("b1"), std::vector<unsigned>({T.sync("b2")}));
  EXPECT_TRUE(T.G.above(T.sync("b1")).ReachesFunctionEnd);
}

TEST(DependenceGraph, OrderedConflictsAreTheBarriersHappensBeforeEdges) {
  GraphFixture T(std::string(W1) + R1 + bar(1) + R2 + W2 + "ret void");
  core::FlagOracle Flags;
  std::vector<std::pair<unsigned, unsigned>> Pairs = core::orderedConflicts(T.G, T.sync("b1"), Flags);
  std::vector<std::string> Named;
  for (auto [A, B] : Pairs)
    Named.push_back(T.names({A})[0] + "->" + T.names({B})[0]);
  std::sort(Named.begin(), Named.end());
  // Every pair with a writer: w1->r2, w1->w2, r1->w2; never r1->r2.
  EXPECT_EQ(Named, Tags({"r1->w2", "w1->r2", "w1->w2"}));
  EXPECT_EQ(core::orderedConflicts(T.G, T.sync("b1"), Flags, 1).size(), 1u);
}

TEST(DependenceGraph, DiamondMergesBothArms) {
  GraphFixture T(std::string("entry:\n") + W1 + "br i1 %c, label %then, label %else\n"
                 "then:\n" + bar(1) + R1 + "br label %join\n"
                 "else:\n" + W2 + "br label %join\n"
                 "join:\n" + bar(2) + R2 + "ret void");
  EXPECT_EQ(T.above("b1"), Tags({"w1"}));
  EXPECT_EQ(T.below("b1"), Tags({"r1"}));
  EXPECT_EQ(T.above("b2"), Tags({"r1", "w1", "w2"})) << "w1 reaches b2 through the else arm";
  EXPECT_EQ(T.below("b2"), Tags({"r2"}));
}

TEST(DependenceGraph, LoopBackEdgeReachesTheBarrierAgain) {
  GraphFixture T(std::string("entry:\n") + W1 + "br label %loop\n"
                 "loop:\n" + bar(1) + R1 + W2 + "br i1 %c, label %loop, label %out\n"
                 "out:\n" + R2 + "ret void");
  EXPECT_EQ(T.above("b1"), Tags({"r1", "w1", "w2"})) << "the previous iteration is above";
  EXPECT_EQ(T.below("b1"), Tags({"r1", "r2", "w2"}));
  EXPECT_EQ(T.belowBoundary("b1"), std::vector<unsigned>({T.sync("b1")}))
      << "the back edge ends at the barrier itself";
}

TEST(DependenceGraph, NestedLoops) {
  GraphFixture T(std::string("entry:\n  br label %outer\n"
                             "outer:\n") + W1 + "br label %inner\n"
                 "inner:\n" + bar(1) + R1 + "br i1 %c, label %inner, label %latch\n"
                 "latch:\n" + bar(2) + W2 + "br i1 %d, label %outer, label %out\n"
                 "out:\n  ret void");
  EXPECT_EQ(T.above("b1"), Tags({"r1", "w1", "w2"})) << "w2, around the outer loop, then w1";
  EXPECT_EQ(T.below("b1"), Tags({"r1"}));
  EXPECT_EQ(T.above("b2"), Tags({"r1"}));
  EXPECT_EQ(T.below("b2"), Tags({"w1", "w2"})) << "w2, then around the outer loop to w1 and b1";
}

TEST(DependenceGraph, ExitAndTrapEndPaths) {
  GraphFixture T(std::string("entry:\n") + W1 + bar(1) + "br i1 %c, label %quit, label %go\n"
                 "quit:\n  call void @llvm.nvvm.exit()\n" + R1 + "ret void\n"
                 "go:\n" + R2 + "call void @llvm.trap()\n  unreachable");
  EXPECT_EQ(T.below("b1"), Tags({"r2"})) << "r1 follows exit; nothing follows trap";
}

TEST(DependenceGraph, WarpSyncIsNotASeparator) {
  GraphFixture T(std::string(W1) + "call void @llvm.nvvm.bar.warp.sync(i32 -1)\n" + bar(1) + R1 +
                 "ret void");
  EXPECT_EQ(T.above("b1"), Tags({"w1"})) << "erratum 6: bar.warp.sync splits nothing";
}

TEST(DependenceGraph, DeviceFunctionsSeeTheUnknownCaller) {
  GraphFixture T(std::string(W1) + bar(1) + R1 + bar(2) + "ret void", /*Kernel=*/false);
  EXPECT_EQ(T.above("b1"), Tags({"entry", "w1"}));
  EXPECT_EQ(T.below("b1"), Tags({"r1"}));
  EXPECT_EQ(T.below("b2"), Tags({"exit"}));
}

TEST(DependenceGraph, BlockScopeStopsAtBlockEdges) {
  GraphFixture T(std::string("entry:\n") + W1 + bar(1) + R1 + "br label %next\n"
                 "next:\n" + bar(2) + W2 + "ret void",
                 true, DependenceGraph::Scope::Block);
  const auto &Below1 = T.G.below(T.sync("b1"));
  EXPECT_EQ(T.names(Below1.Accesses), Tags({"r1"}));
  EXPECT_TRUE(Below1.CrossesBlock);
  EXPECT_FALSE(T.G.above(T.sync("b1")).CrossesBlock) << "the entry block starts at kernel entry";
  EXPECT_TRUE(T.G.above(T.sync("b2")).CrossesBlock);
  EXPECT_TRUE(T.G.above(T.sync("b2")).Accesses.empty());
  EXPECT_FALSE(T.G.below(T.sync("b2")).CrossesBlock) << "it ends at kernel exit";
}

TEST(DependenceGraph, DissolveExtendsTheRegionsThatEndedThere) {
  GraphFixture T(std::string(W1) + bar(1) + bar(2) + R1 + bar(3) + W2 + "ret void");
  EXPECT_TRUE(T.below("b1").empty());
  std::vector<unsigned> Changed = T.G.dissolve(T.sync("b2"));
  EXPECT_EQ(Changed, std::vector<unsigned>({T.sync("b1"), T.sync("b3")}));
  EXPECT_EQ(T.below("b1"), Tags({"r1"}));
  EXPECT_EQ(T.above("b3"), Tags({"r1"}));
  EXPECT_FALSE(T.G.isSeparator(T.sync("b2")));
  EXPECT_EQ(T.belowBoundary("b1"), std::vector<unsigned>({T.sync("b3")}));
}

/// Dissolving barriers one by one gives the same regions as a graph built
/// from scratch with those barriers already gone, in every order tried; so
/// do fresh walks over the dissolved graph (what the checker uses).
static void expectIncrementalEqualsRebuild(const std::string &Body, bool Kernel, unsigned Seed,
                                           DependenceGraph::Scope S = DependenceGraph::Scope::Function) {
  GraphFixture T(Body, Kernel, S);
  const model::FunctionModel &M = T.X.Model;
  std::vector<unsigned> Order;
  for (unsigned I = 0; I < M.Syncs.size(); ++I)
    if (M.Syncs[I].isSeparator())
      Order.push_back(I);
  std::mt19937 Rng(Seed);
  std::shuffle(Order.begin(), Order.end(), Rng);
  std::vector<bool> Gone(M.Syncs.size(), false);
  for (unsigned D : Order) {
    T.G.dissolve(D);
    Gone[D] = true;
    DependenceGraph Fresh(M, S, Gone);
    for (unsigned I = 0; I < M.Syncs.size(); ++I) {
      EXPECT_EQ(T.G.above(I), Fresh.above(I)) << "above of sync " << I << " after dissolving " << D;
      EXPECT_EQ(T.G.below(I), Fresh.below(I)) << "below of sync " << I << " after dissolving " << D;
      auto [Above, Below] = T.G.walkRegions(I);
      EXPECT_EQ(Above, Fresh.above(I)) << "walked above of sync " << I << " after dissolving " << D;
      EXPECT_EQ(Below, Fresh.below(I)) << "walked below of sync " << I << " after dissolving " << D;
    }
  }
}

TEST(DependenceGraph, IncrementalUpdateEqualsRebuild) {
  std::string Loops = std::string("entry:\n") + W1 + bar(1) + "br label %outer\n"
                      "outer:\n" + bar(2) + R1 + "br label %inner\n"
                      "inner:\n" + W2 + bar(3) + R2 + "br i1 %c, label %inner, label %latch\n"
                      "latch:\n" + bar(4) + W3 + "br i1 %d, label %outer, label %out\n"
                      "out:\n" + bar(5) + "ret void";
  std::string Diamond = std::string("entry:\n") + W1 + bar(1) + "br i1 %c, label %a, label %b\n"
                        "a:\n" + bar(2) + R1 + "br label %j\n"
                        "b:\n" + W2 + bar(3) + "br label %j\n"
                        "j:\n" + bar(4) + R2 + bar(5) + W3 + "ret void";
  for (unsigned Seed = 0; Seed < 6; ++Seed) {
    expectIncrementalEqualsRebuild(Loops, true, Seed);
    expectIncrementalEqualsRebuild(Loops, false, Seed);
    expectIncrementalEqualsRebuild(Diamond, true, Seed);
    expectIncrementalEqualsRebuild(Diamond, true, Seed, DependenceGraph::Scope::Block);
  }
}
