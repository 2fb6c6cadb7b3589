//===- tests/unit/core/AddressBuilderTest.cpp - Symbolic addresses ---------===//
#include "IRTestSupport.h"

#include "model/TermEval.h"

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

/// The value of T for thread Tid of a 256-thread block, where T has no
/// free leaf but tid.
static std::optional<uint64_t> forThread(const model::Term *T, uint32_t Tid) {
  model::EvalEnv E;
  E.Ntid = {256, 1, 1};
  E.Tid = {Tid, 0, 0};
  return model::evaluate(T, E);
}

TEST(AddressBuilder, ComparisonsAndSelectsAreDefined) {
  // s[t > 0 ? t - 1 : t] as clang writes it, and s[t >= 200 ? 0 : t + 1]
  // (greater-than as less-than with the operands swapped).
  Extracted E("%ne = icmp ne i32 %t, 0\n%m1 = sext i1 %ne to i32\n%l = add nsw i32 %t, %m1\n"
              "%lw = sext i32 %l to i64\n%p = getelementptr i32, ptr addrspace(3) @s, i64 %lw\n"
              "%v = load i32, ptr addrspace(3) %p\n"
              "%big = icmp sgt i32 %t, 199\n%t1 = add nsw i32 %t, 1\n%r = select i1 %big, i32 0, i32 %t1\n"
              "%rw = zext i32 %r to i64\n%q = getelementptr i32, ptr addrspace(3) @s, i64 %rw\n"
              "store i32 %v, ptr addrspace(3) %q");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 2u);
  const model::Term *Left = A[0].Address->Offset, *Right = A[1].Address->Offset;
  EXPECT_EQ(forThread(Left, 0), 0u) << offsetOf(A[0]);
  EXPECT_EQ(forThread(Left, 5), 16u);
  EXPECT_EQ(forThread(Right, 199), 800u) << offsetOf(A[1]);
  EXPECT_EQ(forThread(Right, 200), 0u);
  EXPECT_EQ(forThread(Right, 255), 0u);
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

/// @k's loop of 200 iterations with two i8 counters of the same recurrence
/// {0,+,1}: %i's `add nsw` earns ScalarEvolution's nsw flag, %j wraps to -128
/// at iteration 128 without poison. The flag is written on the shared
/// recurrence; read for %j it would fold sext(%j) into {0,+,1}<i32>, which the
/// trip count bounds to [0, 199].
static const char *TwinCounters =
    "br label %loop\n"
    "loop:\n"
    "%i = phi i8 [ 0, %entry ], [ %i.next, %loop ]\n"
    "%j = phi i8 [ 0, %entry ], [ %j.next, %loop ]\n"
    "%c = phi i32 [ 0, %entry ], [ %c.next, %loop ]\n"
    "%ix = sext i8 %i to i64\n"
    "%pi = getelementptr i32, ptr addrspace(3) @s, i64 %ix\n"
    "store i32 1, ptr addrspace(3) %pi\n"
    "%jx = sext i8 %j to i64\n"
    "%pj = getelementptr i32, ptr addrspace(3) @s, i64 %jx\n"
    "store i32 2, ptr addrspace(3) %pj\n"
    "%i.next = add nsw i8 %i, 1\n"
    "%j.next = add i8 %j, 1\n"
    "%c.next = add nuw nsw i32 %c, 1\n"
    "%more = icmp ult i32 %c.next, 200\n"
    "br i1 %more, label %loop, label %done\n"
    "done:";

TEST(AddressBuilder, NoWrapFlagsOfOneValueDoNotReachAnother) {
  Extracted E(TwinCounters);
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 2u);
  // %j's offset keeps its extension of the i8 recurrence, which wraps.
  EXPECT_EQ(offsetOf(A[1]), "(sext64(iter(loop)) * 4)");
}

TEST(AddressBuilder, ExtractionGivesTheFlagsBack) {
  std::string Body = std::string(TwinCounters) +
                     "\n%o = or disjoint i32 %t, 1\n%z = zext nneg i32 %o to i64\n"
                     "%tr = trunc nuw nsw i64 %z to i32\n%sh = lshr exact i32 %tr, 1\n"
                     "%p = getelementptr inbounds nuw i8, ptr addrspace(3) @s, i32 %sh\n"
                     "store i32 3, ptr addrspace(3) %p";
  AnalyzedModule AM(std::string(Prelude) + "define void @k(ptr noalias %g, ptr %h, i32 %n) {\n"
                                           "entry:\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n" +
                    Body + "\n  ret void\n}\n");
  auto Print = [&] {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    AM.module().print(OS, nullptr);
    return Text;
  };
  std::string Before = Print();
  core::ExtractedFunction X = AM.extract("k");
  EXPECT_EQ(X.Model.Accesses.size(), 3u);
  EXPECT_EQ(Print(), Before);
}

TEST(AddressBuilder, SwappedPointersTakeTurns) {
  // src and dst swap every iteration; late follows src a step behind, but
  // src does not follow it back: not a pair.
  Extracted E("  br label %loop\n"
              "loop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n"
              "  %src = phi ptr [ addrspacecast (ptr addrspace(3) @s to ptr), %entry ], [ %dst, %loop ]\n"
              "  %dst = phi ptr [ %g, %entry ], [ %src, %loop ]\n"
              "  %late = phi ptr [ %g, %entry ], [ %src, %loop ]\n"
              "  %x = zext i32 %t to i64\n"
              "  %p = getelementptr i32, ptr %src, i64 %x\n  %v = load i32, ptr %p\n"
              "  %q = getelementptr i32, ptr %dst, i64 %x\n  store i32 %v, ptr %q\n"
              "  %r = getelementptr i32, ptr %late, i64 %x\n  store i32 %v, ptr %r\n"
              "  %i.next = add i32 %i, 1\n  %c = icmp ult i32 %i.next, 4\n"
              "  br i1 %c, label %loop, label %out\nout:");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 3u);
  const model::MemoryObject &Src = A[0].Address->Object, &Dst = A[1].Address->Object;
  ASSERT_EQ(Src.Kind, model::ObjectKind::Alternating);
  ASSERT_EQ(Dst.Kind, model::ObjectKind::Alternating);
  EXPECT_EQ(Src.Key, Dst.Key);
  EXPECT_EQ(Src.Turn, 0);
  EXPECT_EQ(Dst.Turn, 1);
  EXPECT_EQ((*Src.Turns)[0].Name, "@s");
  EXPECT_EQ((*Src.Turns)[1].Name, "%g");
  EXPECT_EQ(Src.Space, model::AddrSpace::Generic) << "a shared and a global array";
  EXPECT_EQ(offsetOf(A[0]), offsetOf(A[1])) << "offsets from the start of the object held";
  EXPECT_EQ(A[2].Address->Object.Kind, model::ObjectKind::Unknown);
  // Some pair of iterations has src and dst on one array: without an
  // aligned loop, they may be the same object.
  EXPECT_TRUE(model::mayBeSameObject(Src, Dst));
}

TEST(AddressBuilder, SwappedPointersInOneObjectAreItsPlaces) {
  // src and dst take turns at s[0] and s[256]: both are @s, at an offset
  // the pair's one turn selects.
  Extracted E("  br label %loop\n"
              "loop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n"
              "  %src = phi ptr addrspace(3) [ @s, %entry ], [ %dst, %loop ]\n"
              "  %dst = phi ptr addrspace(3) [ getelementptr (i8, ptr addrspace(3) @s, i64 1024), %entry ],"
              " [ %src, %loop ]\n"
              "  %x = zext i32 %t to i64\n"
              "  %p = getelementptr i32, ptr addrspace(3) %src, i64 %x\n  %v = load i32, ptr addrspace(3) %p\n"
              "  %q = getelementptr i32, ptr addrspace(3) %dst, i64 %x\n  store i32 %v, ptr addrspace(3) %q\n"
              "  %i.next = add i32 %i, 1\n  %c = icmp ult i32 %i.next, 4\n"
              "  br i1 %c, label %loop, label %out\nout:");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 2u);
  for (const model::AccessSite &S : A) {
    EXPECT_EQ(S.Address->Object.Kind, model::ObjectKind::Variable);
    EXPECT_EQ(S.Address->Object.Name, "@s");
  }
  // Each offset is the thread's plus a leaf selecting a start by the turn.
  auto StartOf = [](const model::Term *T) -> const model::Term * {
    for (const model::Term *Op : T->operands())
      if (Op->definition() == model::LeafDef::Select)
        return Op;
    return nullptr;
  };
  const model::Term *S0 = StartOf(A[0].Address->Offset), *S1 = StartOf(A[1].Address->Offset);
  ASSERT_TRUE(S0 && S1) << offsetOf(A[0]) << " / " << offsetOf(A[1]);
  EXPECT_NE(S0, S1);
  EXPECT_EQ(S0->definitionOperands()[0], S1->definitionOperands()[0]) << "one turn for the pair";
  EXPECT_EQ(S0->definitionOperands()[1], S1->definitionOperands()[2]) << "the other start on the other turn";
  EXPECT_EQ(S0->definitionOperands()[2], S1->definitionOperands()[1]);
  EXPECT_EQ(S0->definitionOperands()[1]->str(), "1024");
  EXPECT_EQ(S0->definitionOperands()[2]->str(), "0");
}

TEST(AddressBuilder, SelectsOfTwoObjectsTakeTurnsByTheirCondition) {
  // src and dst select @s and %g on one condition, the arms swapped: one
  // pair, whose turn the condition picks. Another condition makes another
  // pair; an arm of unknown origin makes no pair.
  Extracted E("  %c = icmp ult i32 %n, 4\n  %d = icmp ult i32 %t, 4\n  %x = zext i32 %t to i64\n"
              "  %src = select i1 %c, ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %g\n"
              "  %dst = select i1 %c, ptr %g, ptr addrspacecast (ptr addrspace(3) @s to ptr)\n"
              "  %again = select i1 %c, ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %g\n"
              "  %other = select i1 %d, ptr %g, ptr addrspacecast (ptr addrspace(3) @s to ptr)\n"
              "  %loaded = load ptr, ptr %h\n  %either = select i1 %c, ptr %g, ptr %loaded\n"
              "  %p = getelementptr i32, ptr %src, i64 %x\n  %v = load i32, ptr %p\n"
              "  %q = getelementptr i32, ptr %dst, i64 %x\n  store i32 %v, ptr %q\n"
              "  %r = getelementptr i32, ptr %again, i64 %x\n  store i32 %v, ptr %r\n"
              "  %u = getelementptr i32, ptr %other, i64 %x\n  store i32 %v, ptr %u\n"
              "  %w = getelementptr i32, ptr %either, i64 %x\n  store i32 %v, ptr %w");
  const auto &A = E.accesses();
  ASSERT_EQ(A.size(), 6u); // the load of %loaded first
  const model::MemoryObject &Src = A[1].Address->Object, &Dst = A[2].Address->Object,
                            &Again = A[3].Address->Object, &Other = A[4].Address->Object;
  ASSERT_EQ(Src.Kind, model::ObjectKind::Alternating);
  ASSERT_EQ(Dst.Kind, model::ObjectKind::Alternating);
  EXPECT_EQ(Src.Key, Dst.Key);
  EXPECT_NE(Src.Turn, Dst.Turn);
  EXPECT_EQ((*Src.Turns)[Src.Turn].Name, "@s") << "src holds @s where the condition is true";
  EXPECT_EQ((*Dst.Turns)[Dst.Turn].Name, "%g");
  ASSERT_TRUE(Src.Selector);
  EXPECT_EQ(Src.Selector, Dst.Selector);
  EXPECT_EQ(Src.Selector->variance(), model::Variance::Uniform);
  EXPECT_EQ(offsetOf(A[1]), offsetOf(A[2])) << "offsets from the start of the object held";
  EXPECT_EQ(Again.Key, Src.Key);
  EXPECT_EQ(Again.Turn, Src.Turn);
  ASSERT_EQ(Other.Kind, model::ObjectKind::Alternating);
  EXPECT_NE(Other.Key, Src.Key) << "another condition";
  EXPECT_EQ(Other.Selector->variance(), model::Variance::PerThread);
  EXPECT_EQ(A[5].Address->Object.Kind, model::ObjectKind::Unknown) << "a loaded pointer";
  // A uniform condition holds the pair apart in any two events; a
  // thread's own condition does not.
  model::FunctionModel M;
  EXPECT_TRUE(model::heldApart(M, Src, Dst, {}));
  EXPECT_FALSE(model::heldApart(M, Src, Again, {})) << "the same turn";
  EXPECT_FALSE(model::heldApart(M, Src, Other, {})) << "another pair";
}
