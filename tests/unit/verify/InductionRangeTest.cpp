//===- tests/unit/verify/InductionRangeTest.cpp - Counted loops' counters --===//
#include "verify/InductionRange.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using xwarp::verify::inductionRange;

namespace {
/// The range of %i in a loop `i = Start; do { ... } while (Latch)`, where
/// Inc is the increment's line and Branch the latch's branch.
std::optional<ConstantRange> rangeOf(const std::string &Start, const std::string &Inc, const std::string &Cmp,
                                     const std::string &Branch = "br i1 %c, label %loop, label %exit") {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString("define void @f(i32 %n) {\n"
                                                  "entry:\n  br label %loop\n"
                                                  "loop:\n  %i = phi i32 [ " + Start + ", %entry ], [ %i.next, %loop ]\n"
                                                  "  " + Inc + "\n  " + Cmp + "\n  " + Branch + "\n"
                                                  "exit:\n  ret void\n}\n",
                                                  Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  if (!M)
    return std::nullopt;
  for (Instruction &I : instructions(*M->getFunction("f")))
    if (auto *Phi = dyn_cast<PHINode>(&I))
      return inductionRange(*Phi);
  return std::nullopt;
}

ConstantRange range(uint64_t Lo, uint64_t HiInclusive) {
  return ConstantRange(APInt(32, Lo), APInt(32, HiInclusive + 1));
}
} // namespace

TEST(InductionRange, CountedLoopsGiveTheirCounterRange) {
  // i = 0, 2, ..., 14: the latch leaves when i + 2 == 16.
  EXPECT_EQ(rangeOf("0", "%i.next = add nuw nsw i32 %i, 2", "%c = icmp eq i32 %i.next, 16",
                    "br i1 %c, label %exit, label %loop"),
            range(0, 14));
  EXPECT_EQ(rangeOf("3", "%i.next = add nuw i32 %i, 1", "%c = icmp ult i32 %i.next, 10"), range(3, 9));
  EXPECT_EQ(rangeOf("0", "%i.next = add nsw i32 1, %i", "%c = icmp sle i32 %i.next, 7"), range(0, 7));
  // The bound on the left: 10 > i + 1.
  EXPECT_EQ(rangeOf("0", "%i.next = add nuw i32 %i, 1", "%c = icmp ugt i32 10, %i.next"), range(0, 9));
  // A signed counter from -4: the range wraps in unsigned terms.
  EXPECT_EQ(rangeOf("-4", "%i.next = add nsw i32 %i, 1", "%c = icmp slt i32 %i.next, 10"),
            ConstantRange(APInt(32, -4, /*isSigned=*/true), APInt(32, 10)));
  // The test before the step: i < 9 comes back with i + 1 <= 9.
  EXPECT_EQ(rangeOf("0", "%i.next = add nuw i32 %i, 1", "%c = icmp ult i32 %i, 9"), range(0, 9));
  // Counting down, as clang emits for (v = 15; v >= 0; --v): leave when v == 0.
  EXPECT_EQ(rangeOf("15", "%i.next = add nsw i32 %i, -1", "%c = icmp eq i32 %i, 0",
                    "br i1 %c, label %exit, label %loop"),
            range(0, 15));
  EXPECT_EQ(rangeOf("20", "%i.next = add nsw i32 %i, -4", "%c = icmp sgt i32 %i.next, 3"), range(4, 20));
  // Bounds that meet round the circle give every value, never an empty or
  // malformed range (which would make the proof's assumptions false).
  std::optional<ConstantRange> All = rangeOf("2147483647", "%i.next = add nsw i32 %i, -1",
                                             "%c = icmp sge i32 %i.next, -2147483648");
  ASSERT_TRUE(All);
  EXPECT_TRUE(All->isFullSet());
  All = rangeOf("-2147483648", "%i.next = add nsw i32 %i, 1", "%c = icmp sle i32 %i.next, 2147483647");
  ASSERT_TRUE(All);
  EXPECT_TRUE(All->isFullSet());
}

TEST(InductionRange, NothingWithoutAProvenBound) {
  // The counter may wrap: no flag.
  EXPECT_FALSE(rangeOf("0", "%i.next = add i32 %i, 1", "%c = icmp ult i32 %i.next, 10"));
  // 16 is never met from 1 in steps of 2: the loop runs on.
  EXPECT_FALSE(rangeOf("1", "%i.next = add nuw i32 %i, 2", "%c = icmp ne i32 %i.next, 16"));
  // A variable bound; a count down with only nuw (which -1 always breaks).
  EXPECT_FALSE(rangeOf("0", "%i.next = add nuw i32 %i, 1", "%c = icmp ult i32 %i.next, %n"));
  EXPECT_FALSE(rangeOf("10", "%i.next = add nuw i32 %i, -1", "%c = icmp ne i32 %i.next, 0"));
  // Counting down past a bound it never meets, or up under a lower bound.
  EXPECT_FALSE(rangeOf("10", "%i.next = add nsw i32 %i, -3", "%c = icmp ne i32 %i.next, 0"));
  EXPECT_FALSE(rangeOf("0", "%i.next = add nsw i32 %i, 1", "%c = icmp sgt i32 %i.next, -5"));
  // The latch continues while the counter is large: no upper bound.
  EXPECT_FALSE(rangeOf("0", "%i.next = add nuw i32 %i, 1", "%c = icmp ugt i32 %i.next, 10"));
}

namespace {
/// Runs the loop at 8 bits: the counter's values until the latch leaves, or
/// until a wrapped increment (poison, and the branch on it undefined) or a
/// step limit.
std::vector<uint8_t> counterValues(int Start, int Step, bool Nuw, bool Nsw, CmpInst::Predicate Pred, int Bound,
                                   bool TestsCounter, bool BackOnTrue) {
  std::vector<uint8_t> Seen;
  uint8_t P = static_cast<uint8_t>(Start);
  for (int K = 0; K < 600; ++K) {
    Seen.push_back(P);
    unsigned Sum = unsigned(P) + uint8_t(Step);
    int SignedSum = int(int8_t(P)) + int(int8_t(Step));
    if ((Nuw && Sum > 255) || (Nsw && (SignedSum < -128 || SignedSum > 127)))
      break;
    uint8_t Inc = static_cast<uint8_t>(Sum);
    APInt L(8, TestsCounter ? P : Inc), R(8, static_cast<uint8_t>(Bound));
    if (ICmpInst::compare(L, R, Pred) != BackOnTrue)
      break;
    P = Inc;
  }
  return Seen;
}
} // namespace

TEST(InductionRange, EveryValueAnyLoopTakesIsInItsRange) {
  // All shapes at 8 bits, run: every value the counter takes lies in the
  // range given (a range that missed one would make the proof assume a
  // falsehood).
  const int Starts[] = {0, 3, 100, 127, -128, -1, -5};
  const int Steps[] = {1, 2, 3, 7, -1, -2, -3};
  const int Bounds[] = {0, 1, 9, 16, 127, -128, -1, 100, -100};
  const CmpInst::Predicate Preds[] = {CmpInst::ICMP_EQ,  CmpInst::ICMP_NE,  CmpInst::ICMP_ULT, CmpInst::ICMP_ULE,
                                      CmpInst::ICMP_UGT, CmpInst::ICMP_UGE, CmpInst::ICMP_SLT, CmpInst::ICMP_SLE,
                                      CmpInst::ICMP_SGT, CmpInst::ICMP_SGE};
  unsigned Ranged = 0;
  LLVMContext Ctx;
  for (int Start : Starts)
    for (int Step : Steps)
      for (unsigned Flags = 1; Flags < 4; ++Flags)
        for (CmpInst::Predicate Pred : Preds)
          for (int Bound : Bounds)
            for (bool TestsCounter : {false, true})
              for (bool BackOnTrue : {false, true}) {
                bool Nuw = Flags & 1, Nsw = Flags & 2;
                std::string Text = "define void @f() {\nentry:\n  br label %loop\nloop:\n"
                                   "  %i = phi i8 [ " + std::to_string(Start) + ", %entry ], [ %i.next, %loop ]\n"
                                   "  %i.next = add" + std::string(Nuw ? " nuw" : "") + (Nsw ? " nsw" : "") +
                                   " i8 %i, " + std::to_string(Step) + "\n  %c = icmp " +
                                   CmpInst::getPredicateName(Pred).str() + " i8 " +
                                   (TestsCounter ? "%i" : "%i.next") + ", " + std::to_string(Bound) + "\n" +
                                   (BackOnTrue ? "  br i1 %c, label %loop, label %exit\n"
                                               : "  br i1 %c, label %exit, label %loop\n") +
                                   "exit:\n  ret void\n}\n";
                SMDiagnostic Err;
                std::unique_ptr<Module> M = parseAssemblyString(Text, Err, Ctx);
                ASSERT_TRUE(M) << Err.getMessage().str() << "\n" << Text;
                const auto &Phi = cast<PHINode>(M->getFunction("f")->getEntryBlock().getNextNode()->front());
                std::optional<ConstantRange> R = inductionRange(Phi);
                if (!R)
                  continue;
                ++Ranged;
                for (uint8_t V : counterValues(Start, Step, Nuw, Nsw, Pred, Bound, TestsCounter, BackOnTrue))
                  ASSERT_TRUE(R->contains(APInt(8, V))) << int(int8_t(V)) << " not in the range of\n" << Text;
              }
  EXPECT_GT(Ranged, 500u) << "the shapes the range covers";
}
