//===- tests/unit/verify/DeltaProverTest.cpp - Rewritten addresses ---------===//
//
// Each test parses a function whose instruction %orig is an original address
// computation and %new a candidate rewrite, and asks the delta proof.
//
//===----------------------------------------------------------------------===//
#include "verify/DeltaProver.h"
#include "verify/LinearDelta.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using xwarp::model::ProofStatus;

namespace {
struct Case {
  /// Globals are module-level lines before the function. The arguments are
  /// noundef, as clang makes a CUDA function's, unless Params says otherwise.
  explicit Case(const std::string &Body, const std::string &Globals = "",
                const std::string &Params = "ptr noundef %p, i64 noundef %i, i32 noundef %j, i64 noundef %k") {
    SMDiagnostic Err;
    M = parseAssemblyString("target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n" + Globals +
                                "define void @f(" + Params + ") {\n" + Body + "\n  ret void\n}\n",
                            Err, Ctx);
    EXPECT_TRUE(M) << Err.getMessage().str();
  }
  Value *named(StringRef Name) {
    for (Instruction &I : instructions(*M->getFunction("f")))
      if (I.getName() == Name)
        return &I;
    return nullptr;
  }
  /// Proves %new against %orig; the instructions named new* are the rewrite's.
  xwarp::verify::DeltaProof prove(unsigned SmtUnits = 200000) {
    std::set<const Value *> Created;
    for (Instruction &I : instructions(*M->getFunction("f")))
      if (I.getName().starts_with("new"))
        Created.insert(&I);
    xwarp::verify::DeltaProver P(M->getDataLayout(), 5000, nullptr, SmtUnits);
    return P.prove(named("orig"), named("new"), Created);
  }
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
};
} // namespace

TEST(DeltaProver, MulAndShlWithTheSameFlagsAreEqual) {
  Case C("  %a = mul nsw i64 %i, 4\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
         "  %b = shl nsw i64 %i, 2\n  %new = getelementptr i8, ptr %p, i64 %b");
  EXPECT_EQ(C.prove().Status, ProofStatus::Proved);
}

TEST(DeltaProver, ConstantDeltaOffABase) {
  Case C("  %e = sext i32 %j to i64\n  %orig = getelementptr inbounds float, ptr %p, i64 %e\n"
         "  %o2 = getelementptr inbounds float, ptr %orig, i64 3\n"
         "  %newbase = getelementptr float, ptr %p, i64 %e\n"
         "  %new = getelementptr i8, ptr %newbase, i64 12");
  // %orig is the base here; %o2 = %orig + 12 would be the member.
  xwarp::verify::DeltaProver P(C.M->getDataLayout(), 5000);
  std::set<const Value *> Created{C.named("newbase"), C.named("new")};
  EXPECT_EQ(P.prove(C.named("o2"), C.named("new"), Created).Status, ProofStatus::Proved);
}

TEST(DeltaProver, DroppedSignExtensionIsRefutedWithInputs) {
  Case C("  %s = sext i32 %j to i64\n  %orig = getelementptr i8, ptr %p, i64 %s\n"
         "  %z = zext i32 %j to i64\n  %new = getelementptr i8, ptr %p, i64 %z");
  xwarp::verify::DeltaProof R = C.prove();
  ASSERT_EQ(R.Status, ProofStatus::Refuted);
  ASSERT_TRUE(R.Inputs.count("%j"));
  EXPECT_LT(static_cast<int32_t>(R.Inputs["%j"]), 0); // only a negative j tells them apart
}

// The smt tactic searches some queries for seconds that bit-blasting answers
// in milliseconds; with no budget for it, every query is bit-blasted, and
// proofs and refutations come out as before.
TEST(DeltaProver, WhatTheSmtTacticLeavesIsBitBlasted) {
  // i & -4 = i - (i & 3): beyond the linear forms, so the solver decides.
  Case C("  %a = and i64 %i, -4\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
         "  %l = and i64 %i, 3\n  %b = sub i64 %i, %l\n  %new = getelementptr i8, ptr %p, i64 %b");
  xwarp::verify::DeltaProof R = C.prove(/*SmtUnits=*/1);
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
  EXPECT_EQ(R.Reason.find("linear"), std::string::npos);
  Case W("  %s = sext i32 %j to i64\n  %orig = getelementptr i8, ptr %p, i64 %s\n"
         "  %z = zext i32 %j to i64\n  %new = getelementptr i8, ptr %p, i64 %z");
  R = W.prove(/*SmtUnits=*/1);
  ASSERT_EQ(R.Status, ProofStatus::Refuted);
  EXPECT_LT(static_cast<int32_t>(R.Inputs["%j"]), 0);
}

TEST(DeltaProver, NewPoisonFlagsAreRefuted) {
  // The original wraps silently; the rewrite's nsw makes it poison there.
  Case C("  %a = mul i64 %i, 4\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
         "  %b = shl nsw i64 %i, 2\n  %new = getelementptr i8, ptr %p, i64 %b");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Refuted);
  EXPECT_NE(R.Reason.find("poison"), std::string::npos);
}

TEST(DeltaProver, FlagsOfTheOriginalAreAssumptions) {
  // sext(j +nsw 1) = sext(j) + 1 wherever the original is defined.
  Case C("  %a = add nsw i32 %j, 1\n  %s = sext i32 %a to i64\n"
         "  %orig = getelementptr i8, ptr %p, i64 %s\n"
         "  %e = sext i32 %j to i64\n  %newb = getelementptr i8, ptr %p, i64 %e\n"
         "  %new = getelementptr i8, ptr %newb, i64 1");
  EXPECT_EQ(C.prove().Status, ProofStatus::Proved);
  // Without the nsw the same rewrite is wrong at j = INT_MAX.
  Case W("  %a = add i32 %j, 1\n  %s = sext i32 %a to i64\n"
         "  %orig = getelementptr i8, ptr %p, i64 %s\n"
         "  %e = sext i32 %j to i64\n  %newb = getelementptr i8, ptr %p, i64 %e\n"
         "  %new = getelementptr i8, ptr %newb, i64 1");
  xwarp::verify::DeltaProof R = W.prove();
  ASSERT_EQ(R.Status, ProofStatus::Refuted);
  EXPECT_EQ(static_cast<int32_t>(R.Inputs["%j"]), INT32_MAX);
}

TEST(DeltaProver, NewInboundsIsUnknown) {
  Case C("  %orig = getelementptr i8, ptr %p, i64 %i\n  %new = getelementptr inbounds i8, ptr %p, i64 %i");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Unknown);
  EXPECT_NE(R.Reason.find("inbounds"), std::string::npos);
}

// Clang writes `s + 26` as a constant inbounds GEP into the array; a base
// built from it is within the array, and the array's bytes do not wrap.
TEST(DeltaProver, AConstantInboundsStepWithinItsGlobalIsProved) {
  Case C("  %b = getelementptr i32, ptr getelementptr inbounds (i8, ptr @s, i64 104), i64 %i\n"
         "  %new = getelementptr i8, ptr %b, i64 -104\n  %orig = getelementptr i32, ptr @s, i64 %i",
         "@s = global [256 x i32] zeroinitializer\n");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
}

TEST(DeltaProver, AConstantInboundsStepPastItsGlobalIsUnknown) {
  Case C("  %b = getelementptr i32, ptr getelementptr inbounds (i8, ptr @s, i64 1028), i64 %i\n"
         "  %new = getelementptr i8, ptr %b, i64 -1028\n  %orig = getelementptr i32, ptr @s, i64 %i",
         "@s = global [256 x i32] zeroinitializer\n");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Unknown);
  // The GEP is named as it is written, not by its (empty) name.
  EXPECT_NE(R.Reason.find("inbounds GEP (getelementptr inbounds (i8, ptr @s, i64 1028))"), std::string::npos)
      << R.Reason;
}

// An access through a pointer derived from an inrange GEP must stay within
// its range (LangRef): a rewrite off one reaches bytes the original reaches
// through the plain global, and at i = 0 is undefined where it is not.
TEST(DeltaProver, ARewriteOffAnInrangeGepIsUnknown) {
  Case C("  %b = getelementptr float, ptr getelementptr inrange(0, 4) ([8 x float], ptr @g, i64 0, i64 1), i64 %i\n"
         "  %new = getelementptr i8, ptr %b, i64 4\n  %i2 = add i64 %i, 2\n"
         "  %orig = getelementptr float, ptr @g, i64 %i2",
         "@g = global [8 x float] zeroinitializer\n");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Unknown);
  EXPECT_NE(R.Reason.find("inrange GEP"), std::string::npos) << R.Reason;
}

// The original's own access goes through the inrange GEP: an equal address
// off it stays within the range.
TEST(DeltaProver, TheOriginalsOwnInrangeGepMayStay) {
  Case C("  %orig = getelementptr float, ptr getelementptr inrange(0, 4) ([8 x float], ptr @g, i64 0, i64 1), i64 %i\n"
         "  %k2 = shl i64 %i, 2\n"
         "  %new = getelementptr i8, ptr getelementptr inrange(0, 4) ([8 x float], ptr @g, i64 0, i64 1), i64 %k2",
         "@g = global [8 x float] zeroinitializer\n");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
}

TEST(DeltaProver, AnInputTheOriginalDoesNotUseIsUnknown) {
  Case C("  %l = load i64, ptr %p\n  %orig = getelementptr i8, ptr %p, i64 %i\n"
         "  %d = sub i64 %l, %l\n  %x = add i64 %i, %d\n  %new = getelementptr i8, ptr %p, i64 %x");
  EXPECT_EQ(C.prove().Status, ProofStatus::Unknown);
}

TEST(DeltaProver, DisjointOrWithoutItsFlagIsNotAnAdd) {
  // The base copied from x|1 without the flag serves x+1: wrong for odd x.
  Case C("  %a = add nuw i32 %j, 1\n  %z = zext i32 %a to i64\n"
         "  %orig = getelementptr i8, ptr %p, i64 %z\n"
         "  %o = or i32 %j, 1\n  %oz = zext i32 %o to i64\n  %new = getelementptr i8, ptr %p, i64 %oz");
  xwarp::verify::DeltaProof R = C.prove();
  ASSERT_EQ(R.Status, ProofStatus::Refuted);
  EXPECT_EQ(R.Inputs["%j"] & 1, 1u);
}

// The solver-free fast path.
TEST(LinearDelta, ExtensionsDistributeOverTheOriginalsFlags) {
  Case C("  %a = add nsw i32 %j, 1\n  %s = sext i32 %a to i64\n"
         "  %orig = getelementptr inbounds float, ptr %p, i64 %s\n"
         "  %e = sext i32 %j to i64\n  %newb = getelementptr float, ptr %p, i64 %e\n"
         "  %new = getelementptr i8, ptr %newb, i64 4");
  EXPECT_TRUE(xwarp::verify::linearlyEqual(C.named("orig"), C.named("new"), C.M->getDataLayout()));
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved);
  EXPECT_NE(R.Reason.find("linear forms"), std::string::npos);
}

// A term whose coefficient cancels (x - x, x * 0) leaves the form, and its
// poison with it: the rewrite reads a shift by %i, poison for %i >= 64, or a
// phi of an add nsw, where the original does not. The forms are equal and
// prove nothing; the solver refutes (campaign 34: strict mode kept both).
TEST(LinearDelta, ACancelledTermKeepsItsPoison) {
  Case Shift("  %orig = getelementptr i8, ptr %p, i64 %k\n"
             "  %s = lshr i64 %k, %i\n  %d = sub i64 %s, %s\n  %x = add i64 %k, %d\n"
             "  %new = getelementptr i8, ptr %p, i64 %x");
  EXPECT_FALSE(xwarp::verify::linearlyEqual(Shift.named("orig"), Shift.named("new"), Shift.M->getDataLayout()));
  EXPECT_EQ(Shift.prove().Status, ProofStatus::Refuted);
  Case Phi("  %n1 = add nsw i64 %i, 1\n  br label %m\nm:\n  %ph = phi i64 [ %n1, %0 ]\n"
           "  %orig = getelementptr i8, ptr %p, i64 %k\n"
           "  %z = mul i64 %ph, 0\n  %x = add i64 %k, %z\n  %new = getelementptr i8, ptr %p, i64 %x");
  EXPECT_FALSE(xwarp::verify::linearlyEqual(Phi.named("orig"), Phi.named("new"), Phi.M->getDataLayout()));
  EXPECT_EQ(Phi.prove().Status, ProofStatus::Refuted);
}

TEST(LinearDelta, TrustsTheRewritesOwnFlagsOnlyWhereRangesShowThem) {
  // Equal as linear forms, but the rewrite's nsw is new and %i may be any
  // i64: left to the solver, which refutes it.
  Case C("  %a = mul i64 %i, 4\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
         "  %b = shl nsw i64 %i, 2\n  %new = getelementptr i8, ptr %p, i64 %b");
  EXPECT_FALSE(xwarp::verify::linearlyEqual(C.named("orig"), C.named("new"), C.M->getDataLayout()));
}

TEST(LinearDelta, NewFlagsOnAWidenedIndexFollowFromItsRange) {
  // SCEVExpander's shape: a zero-extended i32 scaled and offset in i64
  // cannot wrap, so its nuw and nsw add no poison (no solver needed).
  const std::string Orig = "  %a = add nuw nsw i32 %j, 256\n  %z = zext i32 %a to i64\n"
                           "  %orig = getelementptr inbounds i32, ptr %p, i64 %z\n"
                           "  %zj = zext i32 %j to i64\n";
  Case C(Orig + "  %s = shl nuw nsw i64 %zj, 2\n  %o = add nuw nsw i64 %s, 1024\n"
                "  %new = getelementptr i8, ptr %p, i64 %o");
  EXPECT_TRUE(xwarp::verify::linearlyEqual(C.named("orig"), C.named("new"), C.M->getDataLayout()));
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved);
  EXPECT_NE(R.Reason.find("linear forms"), std::string::npos);
  // Equal forms whose new flag the range does not show (the value may
  // wrap there): left to the solver, which finds the new poison.
  for (const char *Wraps : {"  %s = shl i64 %zj, 2\n  %m = sub nuw i64 %s, 1\n  %o = add i64 %m, 1025\n",
                            "  %s = shl i64 %zj, 2\n  %m = add nsw i64 %s, 9223372036854775807\n"
                            "  %o = add i64 %m, -9223372036854774783\n",
                            "  %s = shl i64 %zj, 2\n  %m = mul nuw i64 %s, -1\n  %n = sub i64 0, %m\n"
                            "  %o = add i64 %n, 1024\n"}) {
    Case W(Orig + Wraps + "  %new = getelementptr i8, ptr %p, i64 %o");
    EXPECT_FALSE(xwarp::verify::linearlyEqual(W.named("orig"), W.named("new"), W.M->getDataLayout())) << Wraps;
    EXPECT_EQ(W.prove().Status, ProofStatus::Refuted) << Wraps;
  }
}

TEST(LinearDelta, FlagsUnderASelectArmAreNotAssumptions) {
  // The original reaches %a only through a select arm that may not be taken:
  // %a's nsw is no assumption, so the rewrite through %a is not shown.
  Case C("  %a = add nsw i32 %j, 1\n  %c = icmp sgt i64 %i, 0\n"
         "  %sel = select i1 %c, i32 %a, i32 0\n  %x = sext i32 %sel to i64\n"
         "  %orig = getelementptr i8, ptr %p, i64 %x\n"
         "  %ax = sext i32 %a to i64\n  %new = getelementptr i8, ptr %p, i64 %ax");
  EXPECT_FALSE(xwarp::verify::linearlyEqual(C.named("orig"), C.named("new"), C.M->getDataLayout()));
}

TEST(LinearDelta, ADisjointOrIsAnAddOnlyInTheOriginal) {
  Case C("  %o = or disjoint i32 %j, 1\n  %z = zext i32 %o to i64\n"
         "  %orig = getelementptr i8, ptr %p, i64 %z\n"
         "  %zj = zext i32 %j to i64\n  %b = getelementptr i8, ptr %p, i64 %zj\n"
         "  %new = getelementptr i8, ptr %b, i64 1");
  EXPECT_TRUE(xwarp::verify::linearlyEqual(C.named("orig"), C.named("new"), C.M->getDataLayout()));
  // The other way round the rewrite's or carries a flag the original lacks.
  EXPECT_FALSE(xwarp::verify::linearlyEqual(C.named("new"), C.named("orig"), C.M->getDataLayout()));
}

TEST(DeltaProver, InboundsWithANegativeOffsetIsNotPoison) {
  // An inbounds GEP may step backwards: a negative j is a defined original,
  // where zext and sext differ (the nusw rule once read every offset as
  // non-negative, and this wrong rewrite was "proved").
  Case C("  %s = sext i32 %j to i64\n  %orig = getelementptr inbounds float, ptr %p, i64 %s\n"
         "  %z = zext i32 %j to i64\n  %new = getelementptr float, ptr %p, i64 %z");
  xwarp::verify::DeltaProof R = C.prove();
  ASSERT_EQ(R.Status, ProofStatus::Refuted);
  EXPECT_LT(static_cast<int32_t>(R.Inputs["%j"]), 0);
}

TEST(DeltaProver, RangesOfInputsAreKnown) {
  // sext and zext of a value whose range excludes negatives are one value
  // (the range clang states on the special register reads).
  Case C("  %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
         "  %s = sext i32 %t to i64\n  %orig = getelementptr i8, ptr %p, i64 %s\n"
         "  %z = zext i32 %t to i64\n  %new = getelementptr i8, ptr %p, i64 %z");
  EXPECT_EQ(C.prove().Status, ProofStatus::Proved);
}

TEST(DeltaProver, ADefinedBaseKeepsItsFlags) {
  // %b's nuw makes b + 0 the original only where %b is not poison. A load
  // through %b before %orig shows it is not (else undefined behaviour): the
  // claim is checked and proved; after %orig the same claim does not hold.
  auto Body = [](bool AccessFirst) {
    std::string Load = "  %v = load i8, ptr %b\n";
    return std::string("  %ja = add nuw i32 %j, 3\n  %jz = zext i32 %ja to i64\n"
                       "  %b = getelementptr i8, ptr %p, i64 %jz\n") +
           (AccessFirst ? Load : "") +
           "  %x = add i32 %j, 3\n  %xz = zext i32 %x to i64\n"
           "  %orig = getelementptr i8, ptr %p, i64 %xz\n"
           "  %new = getelementptr i8, ptr %b, i64 0\n" +
           (AccessFirst ? "" : Load);
  };
  for (bool AccessFirst : {true, false}) {
    Case C(Body(AccessFirst));
    DominatorTree DT(*C.M->getFunction("f"));
    xwarp::verify::DeltaProver P(C.M->getDataLayout(), 5000, &DT);
    std::set<const Value *> Created{C.named("new")};
    xwarp::verify::DefinedClaims Claims{{C.named("b"), {cast<Instruction>(C.named("v"))}}};
    ProofStatus S = P.prove(C.named("orig"), C.named("new"), Created, Claims).Status;
    EXPECT_EQ(S == ProofStatus::Proved, AccessFirst);
  }
}

TEST(DeltaProver, AClaimHoldsThroughTheAddressBuiltOnTheValue) {
  // The rewrite reuses %e = zext nneg j, an index, not an address. A load
  // through a GEP indexed by %e comes first: were %e poison (j negative),
  // that address would be poison and the load undefined, so nneg holds.
  // The original, a plain zext of j + 0, is defined for negative j. A load
  // through a select of %e's address is no evidence: poison in a select's
  // chosen operand is not poison in the condition's view (it may pick the
  // other).
  auto Body = [](bool ThroughSelect) {
    return std::string("  %e = zext nneg i32 %j to i64\n  %a = getelementptr i8, ptr %p, i64 %e\n") +
           (ThroughSelect ? "  %s = select i1 %c, ptr %a, ptr %p\n  %v = load i8, ptr %s\n"
                          : "  %v = load i8, ptr %a\n") +
           "  %x = add i32 %j, 0\n  %xz = zext i32 %x to i64\n"
           "  %orig = getelementptr i8, ptr %p, i64 %xz\n"
           "  %new = getelementptr i8, ptr %p, i64 %e\n";
  };
  for (bool ThroughSelect : {false, true}) {
    Case C(Body(ThroughSelect), "", "ptr noundef %p, i32 noundef %j, i1 noundef %c");
    DominatorTree DT(*C.M->getFunction("f"));
    xwarp::verify::DeltaProver P(C.M->getDataLayout(), 5000, &DT);
    std::set<const Value *> Created{C.named("new")};
    xwarp::verify::DefinedClaims Claims{{C.named("e"), {cast<Instruction>(C.named("v"))}}};
    ProofStatus S = P.prove(C.named("orig"), C.named("new"), Created, Claims).Status;
    EXPECT_EQ(S, ThroughSelect ? ProofStatus::Refuted : ProofStatus::Proved);
  }
}

TEST(DeltaProver, AClaimRestsOnItsOwnAccessesBeforeEveryUse) {
  // %orig is computed before %b's first access %v (hoisted out of a loop,
  // say) but used only after it: %v is evidence for the rewrite's only use.
  // %u, a later access through %b, is not; nor is %v when the claim does not
  // name it (it may be an access the rewrite itself redirected to %b).
  auto Body = [](bool UseBeforeEvidence) {
    std::string Use = "  %w = load i8, ptr %new\n";
    return std::string("  %ja = add nuw i32 %j, 3\n  %jz = zext i32 %ja to i64\n"
                       "  %b = getelementptr i8, ptr %p, i64 %jz\n"
                       "  %x = add i32 %j, 3\n  %xz = zext i32 %x to i64\n"
                       "  %orig = getelementptr i8, ptr %p, i64 %xz\n"
                       "  %new = getelementptr i8, ptr %b, i64 0\n") +
           (UseBeforeEvidence ? Use : "") + "  %v = load i8, ptr %b\n" + (UseBeforeEvidence ? "" : Use) +
           "  %u = load i8, ptr %b";
  };
  auto Status = [](Case &C, std::vector<const Instruction *> Evidence) {
    DominatorTree DT(*C.M->getFunction("f"));
    xwarp::verify::DeltaProver P(C.M->getDataLayout(), 5000, &DT);
    std::set<const Value *> Created{C.named("new")};
    return P.prove(C.named("orig"), C.named("new"), Created, {{C.named("b"), Evidence}}).Status;
  };
  Case After(Body(false)), Before(Body(true));
  auto *V = cast<Instruction>(After.named("v")), *U = cast<Instruction>(After.named("u"));
  EXPECT_EQ(Status(After, {V}), ProofStatus::Proved);
  // Without the claim, %b is poison where %orig is not (j + 3 wraps).
  EXPECT_EQ(Status(After, {U}), ProofStatus::Refuted);
  EXPECT_EQ(Status(After, {}), ProofStatus::Refuted);
  EXPECT_EQ(Status(Before, {cast<Instruction>(Before.named("v"))}), ProofStatus::Refuted);
}

TEST(DeltaProver, AClaimOnTheRewriteItselfSkipsItsEvidence) {
  // The rewrite is the base itself (the same address): its uses are the
  // evidence %v, an original access, and %w, which stands for the use the
  // rewrite redirected. %v comes before %w: proved. %w as the evidence does
  // not come before %v: refuted, as without a claim.
  Case C("  %ja = add nuw i32 %j, 3\n  %jz = zext i32 %ja to i64\n"
         "  %b = getelementptr i8, ptr %p, i64 %jz\n"
         "  %x = add i32 %j, 3\n  %xz = zext i32 %x to i64\n"
         "  %orig = getelementptr i8, ptr %p, i64 %xz\n"
         "  %v = load i8, ptr %b\n  %w = load i8, ptr %b");
  DominatorTree DT(*C.M->getFunction("f"));
  xwarp::verify::DeltaProver P(C.M->getDataLayout(), 5000, &DT);
  auto Status = [&](const char *Evidence) {
    return P.prove(C.named("orig"), C.named("b"), {}, {{C.named("b"), {cast<Instruction>(C.named(Evidence))}}})
        .Status;
  };
  EXPECT_EQ(Status("v"), ProofStatus::Proved);
  EXPECT_EQ(Status("w"), ProofStatus::Refuted);
}

TEST(LinearDelta, ProductsMultiplyOut) {
  // s[i*(2t+2)] = s[i*(2t+1)] + i (the Blelloch scan's two addresses).
  Case C("  %t2 = shl nuw nsw i32 %j, 1\n  %a = add nuw nsw i32 %t2, 2\n"
         "  %m = mul nsw i32 %a, %j\n  %ms = sext i32 %m to i64\n"
         "  %orig = getelementptr inbounds float, ptr %p, i64 %ms\n"
         "  %o = or disjoint i32 %t2, 1\n  %q = mul nsw i32 %o, %j\n  %qs = sext i32 %q to i64\n"
         "  %b = getelementptr inbounds float, ptr %p, i64 %qs\n"
         "  %newi = sext i32 %j to i64\n  %new = getelementptr float, ptr %b, i64 %newi");
  std::set<const Value *> Defined{C.named("b")};
  EXPECT_TRUE(xwarp::verify::linearlyEqual(C.named("orig"), C.named("new"), C.M->getDataLayout(), Defined));
  // Without %b's flags the product's extension does not distribute.
  EXPECT_FALSE(xwarp::verify::linearlyEqual(C.named("orig"), C.named("new"), C.M->getDataLayout()));
}

// A phi that merges one value is that value: after the alloca step merged
// two allocas, `phi [%m, %a], [%m, %b]` was read as a free pointer and the
// rewrite to %m "refuted" with a phi value it cannot take.
TEST(DeltaProver, APhiOfOneValueIsThatValue) {
  Case C("  %m = getelementptr i8, ptr %p, i64 %i\n  %c = icmp eq i64 %k, 0\n"
         "  br i1 %c, label %a, label %b\na:\n  br label %join\nb:\n  br label %join\njoin:\n"
         "  %orig = phi ptr [ %m, %a ], [ %m, %b ]\n  %new = getelementptr i8, ptr %m, i64 0");
  EXPECT_EQ(C.prove().Status, ProofStatus::Proved);
}

// A loop's LCSSA phi is the value it merges, in every check before the
// solver too: the original reads the counter through the exit's phi, the
// rewrite through the loop's own value. Both are its last instance; the
// check of inputs took them for two values ("depends on another value the
// original does not use", campaign 29's m14).
TEST(DeltaProver, AnLcssaPhiIsTheValueItMerges) {
  Case C("  br label %l\nl:\n  %c = phi i64 [ 0, %0 ], [ %c1, %l ]\n  %c1 = add nuw nsw i64 %c, 1\n"
         "  %d = icmp eq i64 %c1, %i\n  br i1 %d, label %x, label %l\nx:\n  %cl = phi i64 [ %c1, %l ]\n"
         "  %a = shl nsw i64 %cl, 3\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
         "  %new = getelementptr [8 x i8], ptr %p, i64 %c1");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
}

// The same after two nested loops: the exit of each has its LCSSA phi, the
// outer one of the inner one's (one level was read through, campaign 33).
TEST(DeltaProver, NestedLcssaPhisAreTheValueTheyMerge) {
  Case C("  br label %o\no:\n  br label %l\nl:\n  %c = phi i64 [ 0, %o ], [ %c1, %l ]\n"
         "  %c1 = add nuw nsw i64 %c, 1\n  %d = icmp eq i64 %c1, %i\n  br i1 %d, label %x, label %l\n"
         "x:\n  %cl = phi i64 [ %c1, %l ]\n  %e = icmp eq i64 %cl, %k\n  br i1 %e, label %y, label %o\n"
         "y:\n  %cll = phi i64 [ %cl, %x ]\n"
         "  %a = shl nsw i64 %cll, 3\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
         "  %new = getelementptr [8 x i8], ptr %p, i64 %c1");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
}

// Nor does the proof bound a pointer phi of different values: a value a
// counterexample picks for it may be one it never takes, so no refutation
// (here the rewrite is wrong on the path through %b: unknown, and strict
// mode puts it back).
TEST(DeltaProver, APointerPhiIsNoRefutation) {
  Case C("  %x = getelementptr i8, ptr %p, i64 4\n  %c = icmp eq i64 %k, 0\n"
         "  br i1 %c, label %a, label %b\na:\n  br label %join\nb:\n  br label %join\njoin:\n"
         "  %orig = phi ptr [ %p, %a ], [ %x, %b ]\n  %new = getelementptr i8, ptr %p, i64 0");
  EXPECT_EQ(C.prove().Status, ProofStatus::Unknown);
}

// Linear forms of different widths are different values: zext(j) and
// zext(trunc j to i16) read alike when the key of the inner form left its
// width out, slt and ult of the same operands when an opaque comparison's
// key left out its predicate, and two loads of one address or two allocas of
// one size when such a node was keyed by its operands.
TEST(LinearDelta, AFormsWidthAndAComparisonsPredicateArePartOfItsKey) {
  Case Widths("  %z = zext i32 %j to i64\n  %orig = getelementptr i8, ptr %p, i64 %z\n"
              "  %t = trunc i32 %j to i16\n  %zt = zext i16 %t to i64\n  %new = getelementptr i8, ptr %p, i64 %zt");
  EXPECT_FALSE(xwarp::verify::linearlyEqual(Widths.named("orig"), Widths.named("new"), Widths.M->getDataLayout()));
  EXPECT_EQ(Widths.prove().Status, ProofStatus::Refuted);
  Case Predicates("  %c = icmp slt i32 %j, 5\n  %x = zext i1 %c to i64\n  %orig = getelementptr i8, ptr %p, i64 %x\n"
                  "  %d = icmp ult i32 %j, 5\n  %y = zext i1 %d to i64\n  %new = getelementptr i8, ptr %p, i64 %y");
  EXPECT_FALSE(xwarp::verify::linearlyEqual(Predicates.named("orig"), Predicates.named("new"),
                                            Predicates.M->getDataLayout()));
  EXPECT_EQ(Predicates.prove().Status, ProofStatus::Refuted);
  // Two loads of one address, a store between them: two values.
  Case Loads("  %a = load i64, ptr %p\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
             "  store i64 %i, ptr %p\n  %b = load i64, ptr %p\n  %new = getelementptr i8, ptr %p, i64 %b");
  EXPECT_FALSE(xwarp::verify::linearlyEqual(Loads.named("orig"), Loads.named("new"), Loads.M->getDataLayout()));
  // Two allocas of one size are two objects.
  Case Allocas("  %a = alloca [4 x i32]\n  %orig = getelementptr [4 x i32], ptr %a, i64 0, i64 %i\n"
               "  %b = alloca [4 x i32]\n  %new = getelementptr [4 x i32], ptr %b, i64 0, i64 %i");
  EXPECT_FALSE(
      xwarp::verify::linearlyEqual(Allocas.named("orig"), Allocas.named("new"), Allocas.M->getDataLayout()));
}

// A GEP index wider than the index type is truncated; under nuw alone the
// truncation must keep the unsigned value (trunc nuw), not the signed one:
// the original is defined for i >= 2^63, where the rewrite, which drops the
// top bit, differs. With a sign check the original was taken for poison there
// and the wrong rewrite was proved.
TEST(DeltaProver, ANuwGepTruncatesAWideIndexUnsigned) {
  Case C("  %w = zext i64 %i to i128\n  %orig = getelementptr nuw i8, ptr %p, i128 %w\n"
         "  %newi = and i64 %i, 9223372036854775807\n  %new = getelementptr i8, ptr %p, i64 %newi");
  xwarp::verify::DeltaProof R = C.prove();
  ASSERT_EQ(R.Status, ProofStatus::Refuted);
  EXPECT_GE(R.Inputs["%i"], uint64_t(1) << 63);
}

// Inputs that may be poison or undef (campaign AL: "proved" rewrites that
// strict mode kept). Without noundef an argument may be either.
const char *const MaybeUndefParams = "ptr noundef %p, i64 %i, i32 %j, i64 %k";
// Only %k may be poison or undef.
const char *const MaybePoisonK = "ptr noundef %p, i64 noundef %i, i32 noundef %j, i64 %k";

TEST(PoisonInputs, AnUndefInputReadTwiceIsUnknown) {
  // i - (i & 3) is i & -4 only if both reads of i see one value.
  const std::string Body = "  %a = and i64 %i, -4\n  %orig = getelementptr i8, ptr %p, i64 %a\n"
                           "  %l = and i64 %i, 3\n  %b = sub i64 %i, %l\n  %new = getelementptr i8, ptr %p, i64 %b";
  Case C(Body, "", MaybeUndefParams);
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Unknown);
  EXPECT_NE(R.Reason.find("may be undef"), std::string::npos) << R.Reason;
  EXPECT_EQ(Case(Body).prove().Status, ProofStatus::Proved);
}

TEST(PoisonInputs, AnInputTheOriginalsPoisonDoesNotDependOnIsUnknown) {
  // %k cancels out, and the original never reads it: where %k is poison the
  // rewrite is poison and the original is not.
  const std::string Body = "  %s = add nsw i32 %j, 1\n  %x = sext i32 %s to i64\n"
                           "  %orig = getelementptr float, ptr %p, i64 %x\n"
                           "  %sj = sext i32 %j to i64\n  %t = add i64 %sj, %k\n  %u = sub i64 %t, %k\n"
                           "  %b = getelementptr float, ptr %p, i64 %u\n  %new = getelementptr i8, ptr %b, i64 4";
  xwarp::verify::DeltaProof R = Case(Body, "", MaybePoisonK).prove();
  EXPECT_EQ(R.Status, ProofStatus::Unknown);
  EXPECT_NE(R.Reason.find("may be poison"), std::string::npos) << R.Reason;
  EXPECT_EQ(Case(Body).prove().Status, ProofStatus::Proved);
}

TEST(PoisonInputs, ASelectArmIsNoPoisonSourceOfTheOriginal) {
  // The original reads %k only in the arm %c does not pick when true, and
  // times 0; the rewrite reads it always.
  const std::string Body = "  %c = icmp eq i64 %i, 0\n  %z = select i1 %c, i64 0, i64 %k\n"
                           "  %zz = mul i64 %z, 0\n  %x = add i64 %i, %zz\n"
                           "  %orig = getelementptr i8, ptr %p, i64 %x\n"
                           "  %t = add i64 %i, %k\n  %new0 = sub i64 %t, %k\n"
                           "  %new = getelementptr i8, ptr %p, i64 %new0";
  xwarp::verify::DeltaProof R = Case(Body, "", MaybePoisonK).prove();
  EXPECT_EQ(R.Status, ProofStatus::Unknown);
  EXPECT_NE(R.Reason.find("may be poison"), std::string::npos) << R.Reason;
}

TEST(PoisonInputs, AnUndefInputThroughACycleOfPhis) {
  // %A and %B are a cycle of phis, undef through %k; the rewrite reads %B
  // twice (A + B + B for A + 2B), and so %k, beneath it, by more than one
  // path.
  Case C("  br label %l\nl:\n  %A = phi i64 [ %B, %l ], [ %k, %0 ]\n  %B = phi i64 [ %A, %l ], [ 0, %0 ]\n"
         "  %c = icmp eq i64 %A, %i\n  br i1 %c, label %done, label %l\ndone:\n"
         "  %b2 = shl i64 %B, 1\n  %x = add i64 %A, %b2\n  %orig = getelementptr i8, ptr %p, i64 %x\n"
         "  %y = add i64 %A, %B\n  %y2 = add i64 %y, %B\n  %new = getelementptr i8, ptr %p, i64 %y2",
         "", MaybePoisonK);
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Unknown) << R.Reason;
  EXPECT_NE(R.Reason.find("%k more than once"), std::string::npos) << R.Reason;
}

// Read through such a phi, a value that may be undef is read once, however
// many edges bring it.
TEST(PoisonInputs, APhiOfOneValueReadsItOnce) {
  Case C("  %c = icmp eq i64 %i, 0\n  br i1 %c, label %a, label %b\na:\n  br label %join\nb:\n  br label %join\n"
         "join:\n  %m = phi i64 [ %k, %a ], [ %k, %b ]\n  %s = shl i64 %k, 2\n"
         "  %orig = getelementptr i8, ptr %p, i64 %s\n  %new = getelementptr i32, ptr %p, i64 %m",
         "", MaybeUndefParams);
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
}

// A select both addresses read is not poison where the original is defined,
// whatever its other arm is: the check of inputs stops there (campaign 32's
// b22, a base behind a select of two arguments without noundef).
TEST(PoisonInputs, ASelectBothReadHidesItsOtherArm) {
  Case C("  %c = icmp eq i64 %i, 0\n  %s = select i1 %c, i64 %k, i64 %i\n  %a = add i64 %s, 4\n"
         "  %orig = getelementptr i8, ptr %p, i64 %a\n"
         "  %b = getelementptr i8, ptr %p, i64 %s\n  %new = getelementptr i8, ptr %b, i64 4",
         "", MaybePoisonK);
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
}

// A pointer a loop advances beside its counter (`p += 4` and `i += 1`):
// each is its start plus its step times the latches taken, one count for
// both, so in[i + 1] is p + 4 wherever it is defined (campaign 37: unknown,
// "depends on another value the original does not use"). The load through
// %q first shows %q is not poison. Variants that must not be proved: the
// pointer moves 8 bytes a step; the counter's step may wrap (no nuw: i
// returns to 0 after 2^32 steps while the pointer goes on); the pointer
// belongs to another loop.
namespace {
std::string twoRecurrences(const std::string &PStep, const std::string &IStep, bool OtherLoop) {
  std::string Head = "  br label %h\nh:\n"
                     "  %u = phi i32 [ 0, %0 ], [ %u1, %h ]\n";
  std::string PPhi = std::string("  %q = phi ptr [ %p, %0 ], [ %q1, %") +
                     (OtherLoop ? "g" : "h") + " ]\n";
  std::string Body = "  %v = load i8, ptr %q\n"
                     "  %u2 = add nuw nsw i32 %u, 1\n  %e = zext nneg i32 %u2 to i64\n"
                     "  %orig = getelementptr inbounds i32, ptr %p, i64 %e\n"
                     "  %new = getelementptr i8, ptr %q, i64 4\n"
                     "  %q1 = getelementptr inbounds i8, ptr %q, i64 " + PStep + "\n"
                     "  %u1 = " + IStep + "\n"
                     "  %c = icmp ult i32 %u1, %j\n";
  if (!OtherLoop)
    return Head + PPhi + Body + "  br i1 %c, label %h, label %x\nx:";
  // %q heads a loop of its own before %h's.
  return "  br label %g\ng:\n" + PPhi + "  %q1 = getelementptr inbounds i8, ptr %q, i64 " + PStep +
         "\n  %cg = icmp eq i64 %k, 0\n  br i1 %cg, label %g, label %h0\nh0:\n  br label %h\nh:\n"
         "  %u = phi i32 [ 0, %h0 ], [ %u1, %h ]\n  %v = load i8, ptr %q\n"
         "  %u2 = add nuw nsw i32 %u, 1\n  %e = zext nneg i32 %u2 to i64\n"
         "  %orig = getelementptr inbounds i32, ptr %p, i64 %e\n  %new = getelementptr i8, ptr %q, i64 4\n"
         "  %u1 = " + IStep + "\n  %c = icmp ult i32 %u1, %j\n  br i1 %c, label %h, label %x\nx:";
}
xwarp::verify::DeltaProof proveWithClaim(const std::string &Body) {
  Case C(Body);
  EXPECT_TRUE(C.named("orig") && C.named("new"));
  DominatorTree DT(*C.M->getFunction("f"));
  xwarp::verify::DeltaProver P(C.M->getDataLayout(), 5000, &DT);
  std::set<const Value *> Created{C.named("new")};
  xwarp::verify::DefinedClaims Claims{{C.named("q"), {cast<Instruction>(C.named("v"))}}};
  return P.prove(C.named("orig"), C.named("new"), Created, Claims);
}
} // namespace

TEST(DeltaProver, APointerAndACounterOfOneLoopAreRelated) {
  xwarp::verify::DeltaProof R = proveWithClaim(twoRecurrences("4", "add nuw nsw i32 %u, 1", false));
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
  R = proveWithClaim(twoRecurrences("8", "add nuw nsw i32 %u, 1", false));
  EXPECT_NE(R.Status, ProofStatus::Proved);
  EXPECT_NE(R.Reason.find("differs from the original"), std::string::npos) << R.Reason;
  R = proveWithClaim(twoRecurrences("4", "add i32 %u, 1", false));
  EXPECT_NE(R.Status, ProofStatus::Proved);
  EXPECT_NE(R.Reason.find("differs from the original"), std::string::npos) << R.Reason;
  R = proveWithClaim(twoRecurrences("4", "add nuw nsw i32 %u, 1", true));
  EXPECT_NE(R.Status, ProofStatus::Proved);
  EXPECT_NE(R.Reason.find("another value the original does not use"), std::string::npos) << R.Reason;
  // The original reads the counter through a freeze, and the loop's exit
  // does not test it: the original is defined where the counter is poison
  // (its step wrapped), and what the counter's flags say of the count does
  // not hold there (campaign 38).
  std::string Frozen = twoRecurrences("4", "add nuw nsw i32 %u, 1", false);
  auto Replace = [&](const std::string &From, const std::string &To) {
    size_t At = Frozen.find(From);
    ASSERT_NE(At, std::string::npos) << From;
    Frozen.replace(At, From.size(), To);
  };
  Replace("  %u2 = add nuw nsw i32 %u, 1\n", "  %f = freeze i32 %u\n  %u2 = add nuw nsw i32 %f, 1\n");
  Replace("icmp ult i32 %u1, %j", "icmp ult i64 %k, 100");
  R = proveWithClaim(Frozen);
  EXPECT_NE(R.Status, ProofStatus::Proved);
  EXPECT_NE(R.Reason.find("another value the original does not use"), std::string::npos) << R.Reason;
}

// A freeze of an input: the input is read as never poison, with the range
// the IR states of it; a call's range attribute makes the call poison where
// it is violated, and the freeze then any value. zext and sext of the frozen
// value differ for a call that returns -5: the range's fact made them equal.
TEST(DeltaProver, AFrozenInputMayBeOutsideItsRange) {
  Case C("  %c = call range(i32 0, 10) i32 @g()\n  %fr = freeze i32 %c\n"
         "  %z = zext i32 %fr to i64\n  %orig = getelementptr i8, ptr %p, i64 %z\n"
         "  %s = sext i32 %fr to i64\n  %new = getelementptr i8, ptr %p, i64 %s",
         "declare i32 @g()\n");
  xwarp::verify::DeltaProof R = C.prove();
  EXPECT_EQ(R.Status, ProofStatus::Refuted) << R.Reason;
  // The same where the freeze's operand is computed from the call (campaign 39).
  Case E("  %c = call range(i32 0, 10) i32 @g()\n  %c1 = add i32 %c, 1\n  %fr = freeze i32 %c1\n"
         "  %z = zext i32 %fr to i64\n  %orig = getelementptr i8, ptr %p, i64 %z\n"
         "  %s = sext i32 %fr to i64\n  %new = getelementptr i8, ptr %p, i64 %s",
         "declare i32 @g()\n");
  R = E.prove();
  EXPECT_EQ(R.Status, ProofStatus::Refuted) << R.Reason;
  // Without the freeze the call's range holds wherever the original is defined.
  Case D("  %c = call range(i32 0, 10) i32 @g()\n"
         "  %z = zext i32 %c to i64\n  %orig = getelementptr i8, ptr %p, i64 %z\n"
         "  %s = sext i32 %c to i64\n  %new = getelementptr i8, ptr %p, i64 %s",
         "declare i32 @g()\n");
  EXPECT_EQ(D.prove().Status, ProofStatus::Proved);
}

// A constant wider than 64 bits (an i128 index) is encoded by its digits:
// w + 2^64 indexes where w does once truncated to the index width, and
// w + 2^64 + 1 does not (campaign 37: "not modelled").
TEST(DeltaProver, AWideConstantIsEncoded) {
  const char *Params = "ptr noundef %p, i128 noundef %w";
  Case Same("  %w1 = add i128 %w, 18446744073709551616\n  %orig = getelementptr i32, ptr %p, i128 %w1\n"
            "  %new = getelementptr i32, ptr %p, i128 %w",
            "", Params);
  xwarp::verify::DeltaProof R = Same.prove();
  EXPECT_EQ(R.Status, ProofStatus::Proved) << R.Reason;
  Case Off("  %w1 = add i128 %w, 18446744073709551617\n  %orig = getelementptr i32, ptr %p, i128 %w1\n"
           "  %new = getelementptr i32, ptr %p, i128 %w",
           "", Params);
  EXPECT_EQ(Off.prove().Status, ProofStatus::Refuted);
}
