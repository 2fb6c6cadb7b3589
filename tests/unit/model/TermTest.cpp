//===- tests/unit/model/TermTest.cpp --------------------------------------===//
#include "model/Term.h"
#include "model/TermEval.h"

#include <gtest/gtest.h>

using namespace xwarp::model;

TEST(Term, HashConsingGivesOnePointerPerStructure) {
  TermContext C;
  const Term *A = C.add(C.mul(C.threadIdx(Dim::X), C.constant(32, 4)), C.uniform(1, "%n", 32));
  const Term *B = C.add(C.uniform(1, "%n", 32), C.mul(C.constant(32, 4), C.threadIdx(Dim::X)));
  EXPECT_EQ(A, B);
  EXPECT_NE(C.threadIdx(Dim::X), C.threadIdx(Dim::Y));
}

TEST(Term, FoldsConstantsAndIdentities) {
  TermContext C;
  const Term *T = C.threadIdx(Dim::X);
  EXPECT_EQ(C.add(T, C.constant(32, 0)), T);
  EXPECT_EQ(C.mul(T, C.constant(32, 1)), T);
  EXPECT_TRUE(C.mul(T, C.constant(32, 0))->isConst(0));
  EXPECT_TRUE(C.add(C.constant(8, 250), C.constant(8, 10))->isConst(4)); // wraps at 8 bits
  EXPECT_TRUE(C.shl(C.constant(32, 3), C.constant(32, 2))->isConst(12));
  EXPECT_EQ(C.sext(C.constant(8, 0xff), 32)->signedValue(), -1);
  EXPECT_TRUE(C.zext(C.constant(8, 0xff), 32)->isConst(255));
  // (x + 1) + 2 keeps a single constant.
  const Term *X1 = C.add(T, C.constant(32, 1));
  EXPECT_EQ(C.add(X1, C.constant(32, 2)), C.add(T, C.constant(32, 3)));
  // trunc(zext(x)) is x.
  EXPECT_EQ(C.trunc(C.zext(T, 64), 32), T);
}

TEST(Term, VarianceIsTheMostVariantLeaf) {
  TermContext C;
  EXPECT_EQ(C.blockDim(Dim::X)->variance(), Variance::Uniform);
  EXPECT_EQ(C.uniform(7, "%n", 32)->variance(), Variance::Uniform);
  EXPECT_EQ(C.threadIdx(Dim::Y)->variance(), Variance::PerThread);
  const Term *Mixed = C.add(C.uniform(7, "%n", 32), C.threadIdx(Dim::X));
  EXPECT_EQ(Mixed->variance(), Variance::PerThread);
  EXPECT_EQ(C.add(Mixed, C.loopVariant(9, "iter(L)", 32))->variance(), Variance::LoopVariant);
  EXPECT_TRUE(mentionsThreadIdx(Mixed));
  EXPECT_FALSE(mentionsThreadIdx(C.uniform(7, "%n", 32)));
}

TEST(Term, EvaluatesBitPrecisely) {
  TermContext C;
  // 4 * sext64(tid.x + %k) with %k = -2, tid.x = 1 -> -4.
  const Term *Tid = C.threadIdx(Dim::X); // created first: ordered first
  const Term *K = C.uniform(1, "%k", 32);
  const Term *Idx = C.add(K, Tid);
  const Term *Off = C.mul(C.sext(Idx, 64), C.constant(64, 4));
  EvalEnv Env;
  Env.Tid = {1, 0, 0};
  Env.Uniform[1] = 0xfffffffe;
  std::optional<uint64_t> V = evaluate(Off, Env);
  ASSERT_TRUE(V);
  EXPECT_EQ(static_cast<int64_t>(*V), -4);
  // A missing leaf value gives no result.
  EXPECT_FALSE(evaluate(C.perThread(5, "%p", 32), Env));
  // Shifts past the width are zero (poison in the IR).
  EXPECT_EQ(*evaluate(C.shl(C.threadIdx(Dim::X), C.uniform(2, "%s", 32)),
                      [&] { EvalEnv E = Env; E.Uniform[2] = 40; return E; }()),
            0u);
  EXPECT_EQ(Off->str(), "(sext64((tid.x + %k)) * 4)");
}

TEST(Term, ContainsLooksThroughLeafDefinitions) {
  TermContext C;
  // j = i >> 2, an opaque leaf the solver computes from i: a term that
  // mentions j depends on i (an iteration bound on i must reach it).
  const Term *I = C.loopVariant(1, "iter(loop)", 64);
  const Term *J = C.loopVariant(2, "%sh", 64);
  C.define(J, LeafDef::LShr, I, C.constant(64, 2));
  const Term *Offset = C.add(C.mul(C.zext(C.threadIdx(Dim::X), 64), C.constant(64, 20)), C.mul(J, C.constant(64, 4)));
  EXPECT_TRUE(containsTerm(Offset, J));
  EXPECT_TRUE(containsTerm(Offset, I));
  EXPECT_FALSE(containsTerm(Offset, C.loopVariant(3, "iter(other)", 64)));
}

TEST(Term, RedefinedLeavesFollowTheirOperands) {
  // T = x ^ j, rebuilt once over a shared j and once over a per-event one:
  // two leaves, each with its own operands; the same operands, one leaf.
  TermContext C;
  const Term *X = C.loopVariant(1, "x", 32), *J = C.loopVariant(2, "j", 32);
  const Term *T = C.loopVariant(3, "t", 32);
  C.define(T, LeafDef::Xor, X, J);
  const Term *SharedJ = C.uniform(2, "j", 32), *OtherX = C.perThread(4, "x'", 32);
  const Term *A = C.redefined(T, {X, SharedJ});
  const Term *B = C.redefined(T, {OtherX, J});
  EXPECT_NE(A, B);
  EXPECT_NE(A, T);
  EXPECT_EQ(A->definitionOperands(), (std::vector<const Term *>{X, SharedJ}));
  EXPECT_EQ(B->definitionOperands(), (std::vector<const Term *>{OtherX, J}));
  EXPECT_EQ(A->definition(), LeafDef::Xor);
  EXPECT_EQ(A->variance(), Variance::LoopVariant) << "as variant as x";
  EXPECT_EQ(C.redefined(T, {X, SharedJ}), A);
  EXPECT_EQ(C.redefined(T, {SharedJ, SharedJ})->variance(), Variance::Uniform);
}
