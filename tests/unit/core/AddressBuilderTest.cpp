//===- tests/unit/core/AddressBuilderTest.cpp - Symbolic addresses ---------===//
#include "IRTestSupport.h"

#include <gtest/gtest.h>

using namespace xwarp;
using test::AnalyzedModule;

static const char *Prelude = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
@s = internal addrspace(3) global [512 x i32] undef
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
)";

/// The model of @k (kept alive: its sites point into its terms).
struct Extracted {
  explicit Extracted(const std::string &Body)
      : AM(std::string(Prelude) + "define void @k(ptr noalias %g, ptr %h, i32 %n) {\n"
                                  "entry:\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n" +
           Body + "\n  ret void\n}\n"),
        X(AM.extract("k")) {}
  AnalyzedModule AM;
  core::ExtractedFunction X;
  const std::vector<model::AccessSite> &accesses() const { return X.Model.Accesses; }
};

static std::string offsetOf(const model::AccessSite &A) {
  return A.Address && A.Address->Offset ? A.Address->Offset->str() : "<none>";
}

TEST(AddressBuilder, SharedArrayIndexedByTid) {
  Extracted E("%i = zext i32 %t to i64\n"
                      "%p = getelementptr [512 x i32], ptr addrspace(3) @s, i64 0, i64 %i\n"
                      "store i32 1, ptr addrspace(3) %p");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 1u);
  ASSERT_TRUE(A[0].Address);
  EXPECT_EQ(A[0].Address->Object.Kind, model::ObjectKind::Variable);
  EXPECT_EQ(A[0].Address->Object.Name, "@s");
  EXPECT_EQ(offsetOf(A[0]), "(zext64(tid.x) * 4)");
  EXPECT_EQ(A[0].Address->Offset->variance(), model::Variance::PerThread);
}

TEST(AddressBuilder, MulAndShlGiveTheSameTerm) {
  Extracted E("%m = mul nsw i32 %t, 4\n%x = sext i32 %m to i64\n"
                      "%p = getelementptr i8, ptr addrspace(3) @s, i64 %x\nstore i32 1, ptr addrspace(3) %p\n"
                      "%sh = shl nsw i32 %t, 2\n%y = sext i32 %sh to i64\n"
                      "%q = getelementptr i8, ptr addrspace(3) @s, i64 %y\nstore i32 2, ptr addrspace(3) %q");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Address->Offset, A[1].Address->Offset) << offsetOf(A[0]) << " vs " << offsetOf(A[1]);
}

TEST(AddressBuilder, DisjointOrIsAnAddition) {
  Extracted E("%d = shl i32 %t, 1\n%o = or disjoint i32 %d, 1\n%x = zext i32 %o to i64\n"
                      "%p = getelementptr i32, ptr addrspace(3) @s, i64 %x\nstore i32 1, ptr addrspace(3) %p");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 1u);
  EXPECT_TRUE(model::mentionsThreadIdx(A[0].Address->Offset)) << offsetOf(A[0]);
}

TEST(AddressBuilder, OpaqueOperationsBecomeLeaves) {
  Extracted E("%x1 = xor i32 %t, 1\n%x = zext i32 %x1 to i64\n"
                      "%p = getelementptr i32, ptr addrspace(3) @s, i64 %x\n%v = load i32, ptr addrspace(3) %p\n"
                      "%u1 = xor i32 %n, 1\n%u = zext i32 %u1 to i64\n"
                      "%q = getelementptr i32, ptr addrspace(3) @s, i64 %u\nstore i32 %v, ptr addrspace(3) %q");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Address->Offset->variance(), model::Variance::PerThread) << "tid ^ 1 is per thread";
  EXPECT_FALSE(model::mentionsThreadIdx(A[0].Address->Offset)) << "...but opaque";
  EXPECT_EQ(A[1].Address->Offset->variance(), model::Variance::Uniform) << "%n ^ 1 is uniform";
}

TEST(AddressBuilder, MachineRegistersUndefAndFrozenPoisonDifferBetweenThreads) {
  // Each of these is one value per thread, not one for the CTA: a register
  // xwarp does not know (the lanes below this one) and a frozen value that
  // may be poison (%n + 1 may overflow). Undef may even be another value at
  // each use (undef - undef is not 0): an offset computed from it is not
  // expressed at all.
  Extracted E("%l = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()\n%a = zext i32 %l to i64\n"
              "%p = getelementptr i32, ptr addrspace(3) @s, i64 %a\nstore i32 1, ptr addrspace(3) %p\n"
              "%u = and i64 undef, 7\n"
              "%q = getelementptr i32, ptr addrspace(3) @s, i64 %u\nstore i32 2, ptr addrspace(3) %q\n"
              "%m = add nsw i32 %n, 1\n%f = freeze i32 %m\n%b = zext i32 %f to i64\n"
              "%r = getelementptr i32, ptr addrspace(3) @s, i64 %b\nstore i32 3, ptr addrspace(3) %r\n"
              "%c = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n%e = freeze i32 %c\n%d = zext i32 %e to i64\n"
              "%w = getelementptr i32, ptr addrspace(3) @s, i64 %d\nstore i32 4, ptr addrspace(3) %w");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 4u);
  for (unsigned I : {0, 2})
    EXPECT_NE(A[I].Address->Offset->variance(), model::Variance::Uniform) << offsetOf(A[I]);
  EXPECT_EQ(A[1].Address->Offset, nullptr);
  // Freezing what cannot be poison (ntid is noundef) changes nothing.
  EXPECT_EQ(A[3].Address->Offset->variance(), model::Variance::Uniform) << offsetOf(A[3]);
}

TEST(AddressBuilder, UndefIsAnotherValueAtEachUse) {
  // ScalarEvolution and the terms read both uses as one value: t + (undef -
  // undef) was t, and a barrier between s[t + (undef - undef)] and s[t] went.
  Extracted E("%u = sub i32 undef, undef\n%a = add i32 %t, %u\n%x = zext i32 %a to i64\n"
              "%p = getelementptr i32, ptr addrspace(3) @s, i64 %x\nstore i32 1, ptr addrspace(3) %p\n"
              "%v = xor i32 undef, undef\n%y = zext i32 %v to i64\n"
              "%q = getelementptr i32, ptr addrspace(3) @s, i64 %y\nstore i32 2, ptr addrspace(3) %q");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Address->Offset, nullptr);
  EXPECT_EQ(A[1].Address->Offset, nullptr);
}

TEST(AddressBuilder, KernelParametersAreGlobalObjects) {
  Extracted E("%x = zext i32 %t to i64\n%p = getelementptr float, ptr %g, i64 %x\n"
                      "store float 1.0, ptr %p\nstore float 2.0, ptr %h");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Address->Object.Kind, model::ObjectKind::Parameter);
  EXPECT_EQ(A[0].Address->Object.Space, model::AddrSpace::Global);
  EXPECT_TRUE(A[0].Address->Object.NoAlias);
  EXPECT_FALSE(A[1].Address->Object.NoAlias);
  EXPECT_FALSE(model::mayBeSameObject(A[0].Address->Object, A[1].Address->Object));
}

TEST(AddressBuilder, LoopInductionVariablesAreFreshPerEvent) {
  Extracted E("  br label %loop\n"
                      "loop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n"
                      "  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n"
                      "  %scaled = mul i32 %i, %ntid\n  %idx = add i32 %scaled, %t\n"
                      "  %x = zext i32 %idx to i64\n"
                      "  %p = getelementptr i32, ptr addrspace(3) @s, i64 %x\n"
                      "  store i32 0, ptr addrspace(3) %p\n"
                      "  %i.next = add i32 %i, 1\n  %c = icmp ult i32 %i.next, 4\n"
                      "  br i1 %c, label %loop, label %out\nout:");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 1u);
  const model::Term *Off = A[0].Address->Offset;
  EXPECT_EQ(Off->variance(), model::Variance::LoopVariant) << Off->str();
  EXPECT_TRUE(model::containsKind(Off, model::TermKind::LoopVariant));
  EXPECT_TRUE(model::mentionsThreadIdx(Off)) << Off->str();
  EXPECT_TRUE(model::containsKind(Off, model::TermKind::BlockDim)) << Off->str();
}

TEST(AddressBuilder, UnnamedValuesAreNamedAsTheIRPrintsThem) {
  // Clang drops parameter names: an unnamed parameter is its slot among the
  // unnamed arguments, an unnamed global its slot among the unnamed globals.
  AnalyzedModule AM(R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
@0 = internal addrspace(3) global [64 x i32] undef
@s = internal addrspace(3) global [64 x i32] undef
@1 = internal addrspace(3) global [64 x i32] undef
define void @k(i32 %0, i32 %named, ptr %1) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %t, %0
  %x = zext i32 %i to i64
  %p = getelementptr i32, ptr %1, i64 %x
  store i32 1, ptr %p
  %q = getelementptr [64 x i32], ptr addrspace(3) @1, i64 0, i64 %x
  store i32 2, ptr addrspace(3) %q
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
)");
  core::ExtractedFunction X = AM.extract("k");
  const auto &A = X.Model.Accesses;
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Address->Object.Name, "%1");
  EXPECT_NE(offsetOf(A[0]).find("%0"), std::string::npos) << offsetOf(A[0]);
  EXPECT_EQ(A[1].Address->Object.Name, "@1");
}
