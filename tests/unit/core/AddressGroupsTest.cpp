//===- tests/unit/core/AddressGroupsTest.cpp - CBE's analysis --------------===//
#include "IRTestSupport.h"

#include "core/AddressArithmetic.h"
#include "core/AddressDecomposition.h"
#include "core/AddressGroups.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/InstIterator.h"

#include <gtest/gtest.h>

using namespace xwarp;
using namespace llvm;

/// The value named Name in function @f.
static Value *named(Function &F, StringRef Name) {
  for (Instruction &I : instructions(F))
    if (I.getName() == Name)
      return &I;
  return nullptr;
}

static std::optional<core::DecomposedAddress> split(test::AnalyzedModule &M, StringRef Name) {
  Function &F = M.fn("f");
  return core::decomposeAddress(named(F, Name), M.se("f"), F.getDataLayout());
}

TEST(AddressDecomposition, ConstantsLeaveExtensionsByTheirFlags) {
  test::AnalyzedModule M(R"(
define void @f(ptr addrspace(1) %a, i32 %i, i32 %x) {
  %n = add nsw i32 %i, 3
  %ns = sext i32 %n to i64
  %p = getelementptr float, ptr addrspace(1) %a, i64 %ns
  %w = add i32 %i, 3
  %ws = sext i32 %w to i64
  %q = getelementptr float, ptr addrspace(1) %a, i64 %ws
  %o = or disjoint i32 %x, 1
  %oz = zext i32 %o to i64
  %r = getelementptr float, ptr addrspace(1) %a, i64 %oz
  %z = zext i32 %x to i64
  %s = getelementptr float, ptr addrspace(1) %a, i64 %z
  ret void
})");
  // sext(i +nsw 3) = sext(i) + 3: 12 bytes out, by the add's nsw.
  std::optional<core::DecomposedAddress> P = split(M, "p");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Constant.getSExtValue(), 12);
  EXPECT_TRUE(P->UsesIRFlags);
  EXPECT_EQ(P->Space, 1u);
  // Without nsw the extension keeps its constant.
  std::optional<core::DecomposedAddress> Q = split(M, "q");
  ASSERT_TRUE(Q);
  EXPECT_EQ(Q->Constant.getSExtValue(), 0);
  EXPECT_NE(Q->Variable, P->Variable);
  // zext(x | 1), disjoint, is zext(x) + 1: the same variable part as a[x].
  std::optional<core::DecomposedAddress> R = split(M, "r"), S = split(M, "s");
  ASSERT_TRUE(R && S);
  EXPECT_EQ(R->Constant.getSExtValue(), 4);
  EXPECT_TRUE(R->UsesIRFlags);
  EXPECT_EQ(R->Variable, S->Variable);
  EXPECT_FALSE(S->UsesIRFlags);
}

TEST(AddressDecomposition, LooksThroughAddrspacecastOfTheBase) {
  test::AnalyzedModule M(R"(
@s = internal addrspace(3) global [64 x float] undef
define void @f(i64 %i) {
  %g = addrspacecast ptr addrspace(3) @s to ptr
  %p = getelementptr float, ptr %g, i64 %i
  ret void
})");
  std::optional<core::DecomposedAddress> P = split(M, "p");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Space, 3u);
}

TEST(AddressDecomposition, RecordsEveryValueAnIndexCanBe) {
  test::AnalyzedModule M(R"(
define void @f(ptr addrspace(1) %a, i32 %k, i32 %t) {
  %k1 = add nsw i32 %k, 1
  %sh = shl nsw i32 %k1, 7
  %j = add nsw i32 %sh, %t
  %js = sext i32 %j to i64
  %p = getelementptr float, ptr addrspace(1) %a, i64 %js
  ret void
})");
  Function &F = M.fn("f");
  ScalarEvolution &SE = M.se("f");
  std::vector<core::DecomposedValue> Values;
  core::DecomposeOptions Opts;
  Opts.DistributeExtensions = true;
  Opts.Values = &Values;
  ASSERT_TRUE(core::decomposeAddress(named(F, "p"), SE, F.getDataLayout(), Opts));
  // Each value under the extension that reached it, as its split: the
  // operands the walk stops at and the instructions it goes through alike.
  auto Find = [&](StringRef Name, unsigned Ext) -> const SCEV * {
    for (const core::DecomposedValue &V : Values)
      if (V.V->getName() == Name && V.ExtOpcode == Ext)
        return V.Scev;
    return nullptr;
  };
  Type *I64 = Type::getInt64Ty(F.getContext());
  const SCEV *K = SE.getSignExtendExpr(SE.getSCEV(F.getArg(1)), I64);
  const SCEV *T = SE.getSignExtendExpr(SE.getSCEV(F.getArg(2)), I64);
  // sext(k +nsw 1) = sext(k) + 1; sext((k + 1) <<nsw 7) = 128 sext(k) + 128.
  EXPECT_EQ(Find("k1", Instruction::SExt), SE.getAddExpr(K, SE.getOne(I64)));
  EXPECT_EQ(Find("sh", Instruction::SExt),
            SE.getAddExpr(SE.getMulExpr(K, SE.getConstant(I64, 128)), SE.getConstant(I64, 128)));
  EXPECT_EQ(Find("j", Instruction::SExt),
            SE.getAddExpr(Find("sh", Instruction::SExt), T));
  EXPECT_EQ(Find("k", Instruction::SExt), K);
  EXPECT_EQ(Find("t", Instruction::SExt), T);
  // The 64-bit index itself, unextended.
  EXPECT_EQ(Find("js", 0), Find("j", Instruction::SExt));
}

TEST(AddressDecomposition, AnIntegerSplitsAsAnAddressRecordsIt) {
  test::AnalyzedModule M(R"(
define void @f(i32 %i, i32 %j) {
  %a = add nuw nsw i32 %i, 3
  %b = add i32 %j, 3
  %c = sub nsw i32 %i, %j
  ret void
})");
  Function &F = M.fn("f");
  ScalarEvolution &SE = M.se("f");
  const DataLayout &DL = F.getDataLayout();
  core::DecomposeOptions Opts;
  Opts.DistributeExtensions = true;
  Type *I64 = Type::getInt64Ty(F.getContext());
  const SCEV *I = SE.getSCEV(F.getArg(0));
  // zext(i +nuw 3) = zext(i) + 3 and sext(i +nsw 3) = sext(i) + 3, by the flags.
  EXPECT_EQ(core::decomposeInteger(named(F, "a"), Instruction::ZExt, I64, SE, DL, Opts),
            SE.getAddExpr(SE.getZeroExtendExpr(I, I64), SE.getConstant(I64, 3)));
  EXPECT_EQ(core::decomposeInteger(named(F, "a"), Instruction::SExt, I64, SE, DL, Opts),
            SE.getAddExpr(SE.getSignExtendExpr(I, I64), SE.getConstant(I64, 3)));
  // sext(i -nsw j) = sext(i) - sext(j).
  EXPECT_EQ(core::decomposeInteger(named(F, "c"), Instruction::SExt, I64, SE, DL, Opts),
            SE.getMinusSCEV(SE.getSignExtendExpr(I, I64), SE.getSignExtendExpr(SE.getSCEV(F.getArg(1)), I64)));
  // Without flags the extension stays whole; unextended, the value is its SCEV.
  EXPECT_EQ(core::decomposeInteger(named(F, "b"), Instruction::ZExt, I64, SE, DL, Opts),
            SE.getZeroExtendExpr(SE.getSCEV(named(F, "b")), I64));
  EXPECT_EQ(core::decomposeInteger(named(F, "b"), 0, named(F, "b")->getType(), SE, DL, Opts),
            SE.getSCEV(named(F, "b")));
}

TEST(AddressGroups, ClassesAtConstantOffsets) {
  test::AnalyzedModule M(R"(
define void @f(ptr addrspace(1) %a, ptr addrspace(1) %b, i64 %i, i1 %c) {
entry:
  br i1 %c, label %l, label %r
l:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  store float 1.0, ptr addrspace(1) %p
  %v = load float, ptr addrspace(1) %p
  br label %d
r:
  %i2 = add i64 %i, 2
  %q = getelementptr float, ptr addrspace(1) %a, i64 %i2
  store float 2.0, ptr addrspace(1) %q
  %s = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 3.0, ptr addrspace(1) %s
  br label %d
d:
  ret void
})");
  Function &F = M.fn("f");
  core::GroupingOptions O;
  core::AddressGrouping G = core::groupAddresses(F, M.se("f"), O);
  // b[i] alone is no class; a[i] (two operations) and a[i+2] are.
  ASSERT_EQ(G.Classes.size(), 1u);
  const core::AddressClass &C = G.Classes[0];
  ASSERT_EQ(C.Members.size(), 2u);
  EXPECT_EQ(C.memoryOps(), 3u);
  EXPECT_EQ(C.Members[0].Pointer, named(F, "p"));
  EXPECT_EQ(C.Members[0].Offset, 0);
  EXPECT_EQ(C.Members[1].Pointer, named(F, "q"));
  EXPECT_EQ(C.Members[1].Offset, 8);
  EXPECT_EQ(C.Object, F.getArg(0));
}

TEST(AddressGroups, DepthCapKeepsDeepAddressesOut) {
  test::AnalyzedModule M(R"(
define void @f(ptr addrspace(1) %a, i32 %i) {
  %x1 = add i32 %i, 1
  %x2 = mul i32 %x1, 3
  %x3 = sext i32 %x2 to i64
  %p = getelementptr float, ptr addrspace(1) %a, i64 %x3
  store float 1.0, ptr addrspace(1) %p
  %y = sext i32 %x2 to i64
  %y1 = add i64 %y, 1
  %q = getelementptr float, ptr addrspace(1) %a, i64 %y1
  store float 2.0, ptr addrspace(1) %q
  ret void
})");
  Function &F = M.fn("f");
  EXPECT_EQ(core::addressDepth(named(F, "p"), 8), 4u);
  core::GroupingOptions O;
  O.MaxDepth = 3;
  core::AddressGrouping G = core::groupAddresses(F, M.se("f"), O);
  EXPECT_EQ(G.TooDeep, 2u);
  EXPECT_TRUE(G.Classes.empty());
  O.MaxDepth = 8;
  EXPECT_EQ(core::groupAddresses(F, M.se("f"), O).Classes.size(), 1u);
}

TEST(AddressArithmetic, PhisHideTheirIncomingComputationsUnlessFollowed) {
  test::AnalyzedModule M(R"(
define void @f(ptr addrspace(3) %a, i32 %i, i1 %c) {
entry:
  %z0 = zext i32 %i to i64
  %p0 = getelementptr float, ptr addrspace(3) %a, i64 %z0
  store float 0.0, ptr addrspace(3) %p0
  br i1 %c, label %then, label %join
then:
  %n = add nuw i32 %i, 1
  %z1 = zext i32 %n to i64
  br label %join
join:
  %z = phi i64 [ %z1, %then ], [ %z0, %entry ]
  %p = getelementptr float, ptr addrspace(3) %a, i64 %z
  store float 1.0, ptr addrspace(3) %p
  ret void
})");
  // Stopping at the phi: %z0, %p0 and %p.
  EXPECT_EQ(core::countAddressInstructions(M.fn("f")), 3u);
  // Through it: %n and %z1 as well (the phi itself is no arithmetic, and %z0
  // counts once).
  EXPECT_EQ(core::countAddressInstructions(M.fn("f"), /*ThroughPhis=*/true), 5u);
}
