//===- tests/unit/core/ExtractionTest.cpp - One test per sync and access kind ===//
#include "IRTestSupport.h"

#include <gtest/gtest.h>

using namespace xwarp;
using model::AccessKind;
using model::FenceScope;
using model::SpaceSet;
using model::SyncKind;
using test::AnalyzedModule;

static const char *Decls = R"(
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare void @llvm.nvvm.bar.sync(i32)
declare void @llvm.nvvm.barrier.n(i32)
declare void @llvm.nvvm.barrier(i32, i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.barrier.cluster.arrive()
declare void @llvm.nvvm.cp.async.bulk.wait.group(i32)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.exit()
declare void @llvm.trap()
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)
declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1)
declare void @opaque()
declare i32 @reads_arg(ptr) memory(argmem: read)
declare i32 @pure(i32) memory(none)
@s = internal addrspace(3) global [256 x i32] undef
)";

static std::string kernel(const std::string &Body, const std::string &Extra = "") {
  return std::string(Decls) + Extra + "define void @k(ptr %g, i32 %n) {\n" + Body +
         "\n  ret void\n}\n!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n";
}

static model::SyncSite onlySync(const std::string &Body, const std::string &Extra = "") {
  AnalyzedModule AM(kernel(Body, Extra));
  core::ExtractedFunction X = AM.extract("k");
  EXPECT_EQ(X.Model.Syncs.size(), 1u);
  return X.Model.Syncs.empty() ? model::SyncSite{} : X.Model.Syncs[0];
}

TEST(ExtractSync, Barrier0IsFull) {
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier0()").Kind, SyncKind::FullBarrier);
}

TEST(ExtractSync, BarrierResourceZeroWithoutCountIsFull) {
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier.sync(i32 0)").Kind, SyncKind::FullBarrier);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.bar.sync(i32 0)").Kind, SyncKind::FullBarrier);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier.n(i32 0)").Kind, SyncKind::FullBarrier);
}

TEST(ExtractSync, NamedBarriersArePartial) {
  EXPECT_EQ(onlySync("call void @llvm.nvvm.bar.sync(i32 1)").Kind, SyncKind::PartialBarrier);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier.n(i32 2)").Kind, SyncKind::PartialBarrier);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier.sync(i32 %n)").Kind, SyncKind::PartialBarrier)
      << "a run-time resource id";
}

TEST(ExtractSync, AlignedSpellingOfNewerLLVMsIsFull) {
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)").Kind,
            SyncKind::FullBarrier);
}

TEST(ExtractSync, CountedBarriersArePartial) {
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier.sync.cnt(i32 1, i32 64)").Kind,
            SyncKind::PartialBarrier);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier(i32 1, i32 64)").Kind, SyncKind::PartialBarrier);
}

// LLVM 20's reduction barriers: the count comes before the predicate.
TEST(ExtractSync, CountedValuedBarriersByNameArePartial) {
  const std::string Decls = "declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.count(i32, i32, i1)\n"
                            "declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1)\n";
  EXPECT_EQ(onlySync("%c = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.count(i32 0, i32 64, i1 true)\n"
                     "store i32 %c, ptr %g",
                     Decls)
                .Kind,
            SyncKind::PartialBarrier);
  EXPECT_EQ(onlySync("%c = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 true)\n"
                     "store i32 %c, ptr %g",
                     Decls)
                .Kind,
            SyncKind::ValuedBarrier);
}

TEST(ExtractSync, FullBarrierSharingAResourceWithAPartialOneIsPartial) {
  AnalyzedModule AM(kernel("call void @llvm.nvvm.barrier.sync(i32 0)\n"
                           "call void @llvm.nvvm.barrier.sync.cnt(i32 0, i32 64)\n"
                           "call void @llvm.nvvm.barrier0()"));
  core::ExtractedFunction X = AM.extract("k");
  ASSERT_EQ(X.Model.Syncs.size(), 3u);
  EXPECT_EQ(X.Model.Syncs[0].Kind, SyncKind::PartialBarrier) << "resource 0 is shared";
  EXPECT_EQ(X.Model.Syncs[2].Kind, SyncKind::PartialBarrier);
  AnalyzedModule Other(kernel("call void @llvm.nvvm.barrier.sync.cnt(i32 1, i32 64)\n"
                              "call void @llvm.nvvm.barrier0()"));
  EXPECT_EQ(Other.extract("k").Model.Syncs[1].Kind, SyncKind::FullBarrier) << "resource 1 is not 0";
}

TEST(ExtractSync, InlineAsmBarrierIsPartialAndTaintsEveryResource) {
  AnalyzedModule AM(kernel("call void asm sideeffect \"bar.arrive 0, 64;\", \"\"()\n"
                           "call void @llvm.nvvm.barrier0()"));
  core::ExtractedFunction X = AM.extract("k");
  ASSERT_EQ(X.Model.Syncs.size(), 2u);
  EXPECT_EQ(X.Model.Syncs[0].Kind, SyncKind::PartialBarrier);
  EXPECT_EQ(X.Model.Syncs[1].Kind, SyncKind::PartialBarrier);
  EXPECT_EQ(X.Model.Accesses.size(), 1u) << "inline asm may also touch memory";
}

TEST(ExtractSync, ValuedBarriersKnowWhetherTheirResultIsUsed) {
  model::SyncSite Unused = onlySync("%c = call i32 @llvm.nvvm.barrier0.popc(i32 1)");
  EXPECT_EQ(Unused.Kind, SyncKind::ValuedBarrier);
  EXPECT_EQ(Unused.Valued, model::ValuedOp::Popc);
  EXPECT_FALSE(Unused.ResultUsed);
  model::SyncSite Used = onlySync("%c = call i32 @llvm.nvvm.barrier0.and(i32 1)\n"
                                  "store i32 %c, ptr %g");
  EXPECT_EQ(Used.Valued, model::ValuedOp::And);
  EXPECT_TRUE(Used.ResultUsed);
}

TEST(ExtractSync, ExemptIntrinsics) {
  EXPECT_EQ(onlySync("call void @llvm.nvvm.bar.warp.sync(i32 -1)").Kind, SyncKind::Exempt);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.barrier.cluster.arrive()").Kind, SyncKind::Exempt);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.cp.async.bulk.wait.group(i32 0)").Kind, SyncKind::Exempt);
  model::SyncSite Exit = onlySync("call void @llvm.nvvm.exit()");
  EXPECT_EQ(Exit.Kind, SyncKind::Exempt);
  EXPECT_TRUE(Exit.EndsPath);
  EXPECT_TRUE(onlySync("call void @llvm.trap()").EndsPath);
}

// The copies' reads and writes complete at their wait: an access there.
TEST(ExtractSync, BulkCopyWaitsAreAlsoAccesses) {
  AnalyzedModule AM(kernel("call void @llvm.nvvm.cp.async.bulk.wait.group(i32 0)"));
  core::ExtractedFunction X = AM.extract("k");
  EXPECT_EQ(X.Model.Syncs.size(), 1u);
  EXPECT_EQ(X.Model.Accesses.size(), 1u);
  AnalyzedModule Warp(kernel("call void @llvm.nvvm.bar.warp.sync(i32 -1)"));
  EXPECT_TRUE(Warp.extract("k").Model.Accesses.empty());
}

TEST(ExtractSync, FencesAndTheirScopes) {
  EXPECT_EQ(onlySync("call void @llvm.nvvm.membar.cta()").Scope, FenceScope::CTA);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.membar.gl()").Scope, FenceScope::GPU);
  EXPECT_EQ(onlySync("call void @llvm.nvvm.membar.sys()").Scope, FenceScope::System);
  model::SyncSite F = onlySync("fence syncscope(\"block\") acq_rel");
  EXPECT_EQ(F.Kind, SyncKind::Fence);
  EXPECT_EQ(F.Scope, FenceScope::CTA);
  EXPECT_EQ(onlySync("fence seq_cst").Scope, FenceScope::System);
}

TEST(ExtractSync, DivergentBarrierIsMarked) {
  AnalyzedModule AM(kernel(R"(
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 32
  br i1 %c, label %then, label %join
then:
  call void @llvm.nvvm.barrier0()
  br label %join
join:
  call void @llvm.nvvm.barrier0()
)"));
  core::ExtractedFunction X = AM.extract("k");
  ASSERT_EQ(X.Model.Syncs.size(), 2u);
  EXPECT_TRUE(X.Model.Syncs[0].Divergent);
  EXPECT_FALSE(X.Model.Syncs[0].isSeparator());
  EXPECT_FALSE(X.Model.Syncs[1].Divergent) << "the join post-dominates the branch";
}

static std::vector<model::AccessSite> accesses(const std::string &Body) {
  AnalyzedModule AM(kernel(Body));
  return AM.extract("k").Model.Accesses;
}

TEST(ExtractAccess, LoadAndStore) {
  auto A = accesses("%v = load i32, ptr %g\nstore i32 %v, ptr addrspace(3) @s");
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Kind, AccessKind::Read);
  EXPECT_EQ(A[0].Spaces, SpaceSet::global()) << "kernel pointer parameters are global";
  EXPECT_EQ(A[0].Size, 4u);
  EXPECT_EQ(A[1].Kind, AccessKind::Write);
  EXPECT_EQ(A[1].Spaces, SpaceSet::shared());
  EXPECT_FALSE(A[0].Strong);
}

TEST(ExtractAccess, GenericPointerToSharedIsShared) {
  auto A = accesses("%p = addrspacecast ptr addrspace(3) @s to ptr\nstore i32 1, ptr %p");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Spaces, SpaceSet::shared());
}

TEST(ExtractAccess, VolatileIsStrong) {
  auto A = accesses("store volatile i32 1, ptr %g");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_TRUE(A[0].Strong);
}

TEST(ExtractAccess, AtomicsAreReadWriteAndStrong) {
  auto A = accesses("%a = atomicrmw add ptr addrspace(3) @s, i32 1 seq_cst\n"
                    "%x = cmpxchg ptr %g, i32 0, i32 1 seq_cst seq_cst");
  ASSERT_EQ(A.size(), 2u);
  for (const auto &S : A) {
    EXPECT_EQ(S.Kind, AccessKind::ReadWrite);
    EXPECT_TRUE(S.Strong);
  }
}

TEST(ExtractAccess, MemcpyReadsItsSourceAndWritesItsDestination) {
  auto A = accesses("%gp = addrspacecast ptr %g to ptr addrspace(1)\n"
                    "call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) @s, ptr addrspace(1) %gp, i64 64, i1 false)\n"
                    "call void @llvm.memset.p3.i64(ptr addrspace(3) @s, i8 0, i64 16, i1 false)");
  ASSERT_EQ(A.size(), 3u);
  EXPECT_EQ(A[0].Kind, AccessKind::Read);
  EXPECT_EQ(A[0].Spaces, SpaceSet::global());
  EXPECT_EQ(A[0].Size, 64u);
  EXPECT_EQ(A[1].Kind, AccessKind::Write);
  EXPECT_EQ(A[1].Spaces, SpaceSet::shared());
  EXPECT_EQ(A[2].Kind, AccessKind::Write);
  EXPECT_EQ(A[2].Size, 16u);
}

TEST(ExtractAccess, CallsFollowTheirMemoryEffects) {
  auto Unknown = accesses("call void @opaque()");
  ASSERT_EQ(Unknown.size(), 1u);
  EXPECT_EQ(Unknown[0].Kind, AccessKind::ReadWrite);
  EXPECT_EQ(Unknown[0].Spaces, SpaceSet::allVisible());
  EXPECT_FALSE(Unknown[0].Address);
  EXPECT_TRUE(Unknown[0].Strong) << "an unknown call may be atomic";

  auto ArgRead = accesses("%r = call i32 @reads_arg(ptr %g)");
  ASSERT_EQ(ArgRead.size(), 1u);
  EXPECT_EQ(ArgRead[0].Kind, AccessKind::Read);
  EXPECT_EQ(ArgRead[0].Spaces, SpaceSet::global());

  EXPECT_TRUE(accesses("%r = call i32 @pure(i32 1)").empty());
  EXPECT_TRUE(accesses("%v = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 1, i32 1, i32 31)")
                  .empty())
      << "a shuffle's internal state is not memory other threads read";
}

TEST(ExtractAccess, LocalMemoryIsNotPartOfTheModel) {
  auto A = accesses("%a = alloca i32\nstore i32 1, ptr %a\n%v = load i32, ptr %a");
  EXPECT_TRUE(A.empty());
}

TEST(ExtractAccess, DeviceFunctionsSeeTheirCaller) {
  AnalyzedModule AM(std::string(Decls) + "define void @dev(ptr %p) {\n  store i32 1, ptr %p\n  ret void\n}\n");
  core::ExtractedFunction X = AM.extract("dev");
  EXPECT_FALSE(X.Model.IsKernel);
  ASSERT_TRUE(X.Model.EntryContext && X.Model.ExitContext);
  ASSERT_EQ(X.Model.Accesses.size(), 3u);
  EXPECT_TRUE(X.Model.Accesses[*X.Model.EntryContext].CallerContext);
  EXPECT_EQ(X.Model.Accesses[2].Spaces, SpaceSet::allVisible())
      << "a device function's pointer argument may be shared or global";
}

TEST(ExtractAccess, StrongOperationsOfCalleesAreSeen) {
  AnalyzedModule AM(std::string(Decls) +
                    "define void @bump(ptr %p) {\n  %o = atomicrmw add ptr %p, i32 1 monotonic\n  ret void\n}\n"
                    "define void @k(ptr %g) {\n  call void @bump(ptr %g)\n  ret void\n}\n"
                    "define ptx_kernel void @plain(ptr %g) {\n  store i32 0, ptr %g\n  ret void\n}\n");
  EXPECT_TRUE(AM.extract("k").Model.HasStrongOps);
  EXPECT_FALSE(AM.extract("plain").Model.HasStrongOps);
}

TEST(ExtractAccess, StrongOperationsOfCallersAreSeen) {
  // A fence in a device function orders its accesses for whatever the code
  // around the call does: its callers, theirs, or unknown code.
  AnalyzedModule AM(std::string(Decls) + R"(
define internal void @publish(ptr %p) {
  store i32 1, ptr %p
  ret void
}
define internal void @middle(ptr %p) {
  call void @publish(ptr %p)
  ret void
}
define ptx_kernel void @ticket(ptr %g) {
  call void @middle(ptr %g)
  %o = atomicrmw add ptr %g, i32 1 monotonic
  ret void
}
define internal void @quiet(ptr %p) {
  store i32 1, ptr %p
  ret void
}
define ptx_kernel void @calm(ptr %g) {
  call void @quiet(ptr %g)
  ret void
}
define void @exported(ptr %p) {
  store i32 1, ptr %p
  ret void
}
define internal void @escaped(ptr %p) {
  store i32 1, ptr %p
  ret void
}
@table = addrspace(1) global ptr @escaped
)");
  EXPECT_TRUE(AM.extract("publish").Model.HasStrongOps) << "its caller's caller takes a ticket";
  EXPECT_FALSE(AM.extract("quiet").Model.HasStrongOps) << "its only caller does nothing strong";
  EXPECT_TRUE(AM.extract("exported").Model.HasStrongOps) << "callers outside the module";
  EXPECT_TRUE(AM.extract("escaped").Model.HasStrongOps) << "called through a pointer";
}

// Annotations bound the launch; a range on a tid read does not (a thread id
// outside it is poison, which a store of it, say, leaves defined).
TEST(ExtractLaunch, AnnotationsBoundTheLaunchRangesDoNot) {
  AnalyzedModule AM(std::string(Decls) + R"(
define void @k() {
  %t = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret void
}
define void @r() {
  ret void
}
define void @o() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret void
}
!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @r, !"kernel", i32 1, !"reqntidx", i32 64, !"reqntidy", i32 4}
!2 = !{ptr @k, !"maxntidx", i32 256}
)");
  model::LaunchBounds K = AM.extract("k").Model.Launch;
  EXPECT_EQ(K.maxDim(model::Dim::X), 256u) << "maxntid, not the range";
  EXPECT_EQ(K.maxThreads(), 256u);
  EXPECT_FALSE(K.isExact(model::Dim::X));
  model::LaunchBounds R = AM.extract("r").Model.Launch;
  EXPECT_TRUE(R.isFullyKnown());
  EXPECT_EQ(R.str(), "64x4x1");
  EXPECT_EQ(AM.extract("o").Model.Launch.maxDim(model::Dim::X), model::LaunchBounds().maxDim(model::Dim::X));
}

TEST(ExtractLaunch, OwnBoundsNoCtaCanMeetAreSetAside) {
  // reqntid 64x32 is 2048 threads, more than a CTA has: under such bounds every
  // claim about the kernel's launches would hold vacuously.
  AnalyzedModule AM(std::string(Decls) + R"(
define void @k() {
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1, !"reqntidx", i32 64, !"reqntidy", i32 32}
)");
  model::FunctionModel M = AM.extract("k").Model;
  EXPECT_EQ(M.Launch.str(), model::LaunchBounds().str());
  EXPECT_EQ(M.LaunchConflict, model::FunctionModel::Conflict::OwnBounds);
  // Block dimensions given by the user then apply on the CUDA limits.
  M = AM.extract("k", model::BlockDimSpec::parse("64,1,1")).Model;
  EXPECT_EQ(M.Launch.str(), "64x1x1");
  EXPECT_EQ(M.LaunchConflict, model::FunctionModel::Conflict::OwnBounds);
}

// A device function runs under the launches of the kernels that reach it,
// through direct calls and, from a kernel that calls through a pointer,
// through every function whose address is taken and its callees.
TEST(ExtractLaunch, DeviceFunctionsKeepTheBoundsOfTheKernelsThatReachThem) {
  AnalyzedModule AM(std::string(Decls) + R"(
define internal void @leaf() {
  ret void
}
define internal void @taken() {
  call void @leaf()
  ret void
}
define internal void @only_wide() {
  ret void
}
define void @narrow(ptr %f) {
  call void %f()
  ret void
}
define void @wide() {
  call void @only_wide()
  call void @taken()
  ret void
}
@table = internal global ptr @taken
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @narrow, !"kernel", i32 1, !"maxntidx", i32 32}
!1 = !{ptr @wide, !"kernel", i32 1}
)");
  auto Given = model::BlockDimSpec::parse("64,1,1");
  using Conflict = model::FunctionModel::Conflict;
  EXPECT_EQ(AM.extract("leaf", Given).Model.LaunchConflict, Conflict::CallerBounds);
  EXPECT_EQ(AM.extract("taken", Given).Model.LaunchConflict, Conflict::CallerBounds);
  model::FunctionModel Wide = AM.extract("only_wide", Given).Model;
  EXPECT_EQ(Wide.LaunchConflict, Conflict::None);
  EXPECT_EQ(Wide.Launch.str(), "64x1x1");
}

TEST(ExtractLaunch, KernelsByAnnotationOrCallingConvention) {
  AnalyzedModule AM(std::string(Decls) + R"(
define void @annotated() {
  ret void
}
define ptx_kernel void @convention() {
  ret void
}
define void @device() {
  ret void
}
define void @zero() {
  ret void
}
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @annotated, !"kernel", i32 1}
!1 = !{ptr @zero, !"kernel", i32 0}
)");
  for (const char *Name : {"annotated", "convention", "device", "zero"}) {
    bool Expected = std::string(Name) == "annotated" || std::string(Name) == "convention";
    EXPECT_EQ(AM.extract(Name).Model.IsKernel, Expected) << Name;
    EXPECT_EQ(core::isKernel(AM.fn(Name)), Expected) << Name;
  }
}

TEST(ExtractLaunch, ACalledKernelIsAnalysedAsADeviceFunction) {
  AnalyzedModule AM(std::string(Decls) + R"(
define void @inner() {
  ret void
}
define void @outer() {
  call void @inner()
  ret void
}
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @inner, !"kernel", i32 1}
!1 = !{ptr @outer, !"kernel", i32 1}
)");
  core::KernelAnnotations Kernels(*AM.fn("inner").getParent());
  for (const char *Name : {"inner", "outer"}) {
    bool Launched = std::string(Name) == "outer";
    EXPECT_TRUE(core::isKernel(AM.fn(Name))) << Name;
    // One notion for every pass: dead-sync-elim's model and common-base-elim's
    // report both use it.
    EXPECT_EQ(core::isLaunchedOnly(AM.fn(Name)), Launched) << Name;
    EXPECT_EQ(Kernels.isLaunchedOnly(AM.fn(Name)), Launched) << Name;
    EXPECT_EQ(AM.extract(Name).Model.IsKernel, Launched) << Name;
  }
}
