//===- tests/unit/core/ProgramOrderTest.cpp --------------------------------===//
#include "IRTestSupport.h"
#include "SyntheticKernels.h"

#include "core/ProgramOrder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"

#include <gtest/gtest.h>

using namespace xwarp;
using namespace llvm;
using test::AnalyzedModule;

namespace {
/// What ProgramOrder must produce, from LLVM's own traversal.
void expectLlvmOrder(Function &F) {
  std::vector<BasicBlock *> Expected;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
    Expected.push_back(BB);
  DenseMap<const BasicBlock *, unsigned> Pos;
  for (unsigned I = 0; I < Expected.size(); ++I)
    Pos[Expected[I]] = I;
  size_t Reachable = Expected.size();
  for (BasicBlock &BB : F)
    if (Pos.try_emplace(&BB, Expected.size()).second)
      Expected.push_back(&BB);

  core::ProgramOrder Order(F);
  ASSERT_EQ(Order.blocks().size(), Expected.size());
  EXPECT_EQ(Order.reachable(), Reachable);
  for (unsigned P = 0; P < Expected.size(); ++P) {
    EXPECT_EQ(Order.blocks()[P], Expected[P]) << "position " << P;
    std::vector<unsigned> Succs;
    for (BasicBlock *S : successors(Expected[P]))
      Succs.push_back(Pos.lookup(S));
    EXPECT_EQ(std::vector<unsigned>(Order.successors(P).begin(), Order.successors(P).end()), Succs)
        << "successors of position " << P;
  }
}
} // namespace

TEST(ProgramOrder, LoopsSwitchesAndUnreachableBlocksAsLlvmOrdersThem) {
  AnalyzedModule AM(R"(
define void @f(i32 %n, i1 %c) {
entry:
  br i1 %c, label %loop, label %sw
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %d = icmp slt i32 %i1, %n
  br i1 %d, label %loop, label %exit
sw:
  switch i32 %n, label %exit [ i32 1, label %a
                               i32 2, label %a
                               i32 3, label %b ]
a:
  br label %b
b:
  br label %exit
dead1:
  br label %dead2
dead2:
  br i1 %c, label %dead1, label %b
exit:
  ret void
}
)");
  expectLlvmOrder(AM.fn("f"));
}

TEST(ProgramOrder, SyntheticKernelsAsLlvmOrdersThem) {
  for (uint64_t Seed = 1; Seed <= 3; ++Seed) {
    bench::SyntheticParams P;
    P.Seed = Seed;
    P.Barriers = 60;
    P.DiamondsPerRegion = Seed;
    P.LoopDepth = Seed % 3;
    AnalyzedModule AM(bench::syntheticKernel(P));
    expectLlvmOrder(AM.fn("synthetic"));
  }
}
