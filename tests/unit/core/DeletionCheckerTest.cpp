//===- tests/unit/core/DeletionCheckerTest.cpp - Certificates --------------===//
#include "IRTestSupport.h"

#include "core/DeletionChecker.h"
#include "verify/Z3OverlapSolver.h"

#include <gtest/gtest.h>

using namespace xwarp;
using core::ProofStatus;
using test::AnalyzedModule;

static const char *Prelude = R"(
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1)
@s = internal addrspace(3) global [1024 x i32] undef
@s2 = internal addrspace(3) global [1024 x i32] undef
!1 = !{!"b1"}
!2 = !{!"b2"}
)";

/// A 1D kernel @k with the given body (block-dim *x1x1).
struct Checked {
  explicit Checked(const std::string &Body, bool Kernel = true)
      : AM(std::string(Prelude) + "define void @k(ptr %pp) {\n" +
           "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %ti = zext i32 %t to i64\n" +
           "  %x = xor i32 %t, 1\n  %xi = zext i32 %x to i64\n" +
           "  %mine = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ti\n" +
           "  %partner = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %xi\n" + Body +
           "\n  ret void\n}\n" +
           (Kernel ? "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n" : "")),
        X(AM.extract("k")), Solver(verify::createZ3OverlapSolver(5000)) {
    X.Model.Launch.setExact(model::Dim::Y, 1);
    X.Model.Launch.setExact(model::Dim::Z, 1);
  }
  std::vector<core::Certificate> check(std::vector<std::string> Tags) {
    std::vector<unsigned> Order;
    for (const std::string &T : Tags)
      Order.push_back(test::syncTagged(X, T));
    return core::DeletionChecker(X.Model, *Solver).check(Order);
  }
  AnalyzedModule AM;
  core::ExtractedFunction X;
  std::unique_ptr<model::OverlapSolver> Solver;
};

TEST(DeletionChecker, ProvesPrivateSlots) {
  Checked C("  store i32 1, ptr addrspace(3) %mine\n  call void @llvm.nvvm.barrier0(), !t !1\n"
            "  %v = load i32, ptr addrspace(3) %mine");
  std::vector<core::Certificate> R = C.check({"b1"});
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Status, ProofStatus::Proved) << R[0].Reason;
  EXPECT_EQ(R[0].Pairs, 1u);
}

TEST(DeletionChecker, RefutesPartnerSlotsWithAReplayedCollision) {
  Checked C("  store i32 1, ptr addrspace(3) %mine\n  call void @llvm.nvvm.barrier0(), !t !1\n"
            "  %v = load i32, ptr addrspace(3) %partner");
  std::vector<core::Certificate> R = C.check({"b1"});
  ASSERT_EQ(R[0].Status, ProofStatus::Refuted) << R[0].Reason;
  ASSERT_TRUE(R[0].Cex && R[0].Cex->Collision);
  const model::Counterexample &X = *R[0].Cex->Collision;
  EXPECT_NE(X.T, X.TPrime);
  EXPECT_EQ(X.T.X ^ 1, X.TPrime.X) << "t writes s[t], t' = t ^ 1 reads s[t' ^ 1] = s[t]";
  EXPECT_TRUE(X.collides(C.X.Model.Accesses[R[0].Cex->Above], C.X.Model.Accesses[R[0].Cex->Below]));
}

TEST(DeletionChecker, DeletionsAreCheckedInTheirOrder) {
  // write; b1; b2; read of the partner: b1 first is fine (b2 still orders),
  // then b2 has the write above it.
  Checked C("  store i32 1, ptr addrspace(3) %mine\n  call void @llvm.nvvm.barrier0(), !t !1\n"
            "  call void @llvm.nvvm.barrier0(), !t !2\n  %v = load i32, ptr addrspace(3) %partner");
  std::vector<core::Certificate> R = C.check({"b1", "b2"});
  EXPECT_EQ(R[0].Status, ProofStatus::Proved);
  EXPECT_EQ(R[1].Status, ProofStatus::Refuted);
  std::vector<core::Certificate> One = C.check({"b2"});
  EXPECT_EQ(One[0].Status, ProofStatus::Proved) << "with b1 in place, nothing is above b2";
}

TEST(DeletionChecker, UnknownObjectsMayAlias) {
  Checked C("  %p = load ptr addrspace(3), ptr %pp\n  %q = getelementptr i32, ptr addrspace(3) %p, i64 %ti\n"
            "  store i32 1, ptr addrspace(3) %q\n  call void @llvm.nvvm.barrier0(), !t !1\n"
            "  %v = load i32, ptr addrspace(3) %mine");
  std::vector<core::Certificate> R = C.check({"b1"});
  EXPECT_EQ(R[0].Status, ProofStatus::Refuted) << "an unknown object may be @s: " << R[0].Reason;
}

TEST(DeletionChecker, DistinctObjectsNeedNoOffsetsOrSizes) {
  // A memset of a length known at run time stays in its object: @s2's bytes
  // are never @s's, whatever the length (the address variant rules the pair
  // out by its objects first too).
  Checked C("  %n = zext i32 %x to i64\n"
            "  call void @llvm.memset.p3.i64(ptr addrspace(3) @s2, i8 0, i64 %n, i1 false)\n"
            "  call void @llvm.nvvm.barrier0(), !t !1\n  %v = load i32, ptr addrspace(3) %partner");
  std::vector<core::Certificate> R = C.check({"b1"});
  EXPECT_EQ(R[0].Status, ProofStatus::Proved) << R[0].Reason;
  // Into @s, the length matters: not modelled, so not proved.
  Checked Same("  %n = zext i32 %x to i64\n"
               "  call void @llvm.memset.p3.i64(ptr addrspace(3) @s, i8 0, i64 %n, i1 false)\n"
               "  call void @llvm.nvvm.barrier0(), !t !1\n  %v = load i32, ptr addrspace(3) %partner");
  std::vector<core::Certificate> RSame = Same.check({"b1"});
  EXPECT_NE(RSame[0].Status, ProofStatus::Proved) << RSame[0].Reason;
}

TEST(DeletionChecker, TheUnknownCallerRefutes) {
  Checked C("  call void @llvm.nvvm.barrier0(), !t !1\n  store i32 1, ptr addrspace(3) %mine", false);
  std::vector<core::Certificate> R = C.check({"b1"});
  EXPECT_EQ(R[0].Status, ProofStatus::Refuted);
  EXPECT_NE(R[0].Reason.find("unknown caller"), std::string::npos) << R[0].Reason;
}
