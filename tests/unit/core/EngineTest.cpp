//===- tests/unit/core/EngineTest.cpp - The decision procedure -------------===//
#include "IRTestSupport.h"

#include "SyntheticKernels.h"
#include "core/AddressOracle.h"
#include "core/DeadSyncEngine.h"
#include "core/FourMapOracle.h"
#include "verify/Z3OverlapSolver.h"

#include <gtest/gtest.h>

using namespace xwarp;
using core::DeadSyncEngine;
using core::Verdict;
using test::AnalyzedModule;

static const char *Prelude = R"(
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
@s = internal addrspace(3) global [256 x i32] undef
)";

static std::vector<Verdict> verdicts(const std::string &Body, bool Restart = false) {
  AnalyzedModule AM(std::string(Prelude) + "define void @f(ptr %g, i1 %c) {\n" + Body +
                    "\n}\n!nvvm.annotations = !{!0}\n!0 = !{ptr @f, !\"kernel\", i32 1}\n");
  core::ExtractedFunction X = AM.extract("f");
  core::FlagOracle Oracle;
  core::EngineOptions Opts;
  Opts.RebuildAfterDeletion = Restart;
  DeadSyncEngine E(X.Model, Oracle, core::DependenceGraph::Scope::Function, Opts);
  std::vector<Verdict> Out;
  for (const core::SyncDecision &D : E.run())
    Out.push_back(D.V);
  return Out;
}

static const Verdict R = Verdict::Removed, K = Verdict::Kept;
static const char *Bar = "call void @llvm.nvvm.barrier0()\n";

static std::string repeat(const char *S, int N) {
  std::string Out;
  for (int I = 0; I < N; ++I)
    Out += S;
  return Out;
}

TEST(Engine, FiveConsecutiveBarriersLeaveOne) {
  std::string Body = "store i32 1, ptr addrspace(3) @s\n" + repeat(Bar, 5) +
                     "%v = load i32, ptr addrspace(3) getelementptr (i32, ptr addrspace(3) @s, i32 1)\n"
                     "store i32 %v, ptr %g\nret void";
  EXPECT_EQ(verdicts(Body), std::vector<Verdict>({R, R, R, R, K}));
}

TEST(Engine, WriteAfterWriteKeepsItsBarrier) {
  EXPECT_EQ(verdicts(std::string("store i32 1, ptr addrspace(3) @s\n") + Bar +
                     "store i32 2, ptr addrspace(3) @s\nret void"),
            std::vector<Verdict>({K}));
}

TEST(Engine, ReadsOnBothSidesNeedNoBarrier) {
  EXPECT_EQ(verdicts(std::string("%a = load i32, ptr addrspace(3) @s\n") + Bar +
                     "%b = load i32, ptr addrspace(3) @s\nret void"),
            std::vector<Verdict>({R}));
}

TEST(Engine, UsedValuedBarrierStaysAndOrders) {
  std::string Body = std::string("store i32 1, ptr addrspace(3) @s\n") + Bar +
                     "%n = call i32 @llvm.nvvm.barrier0.popc(i32 1)\n"
                     "store i32 %n, ptr %g\nret void";
  EXPECT_EQ(verdicts(Body), std::vector<Verdict>({R, K}));
}

TEST(Engine, UnusedValuedBarrierIsAPlainBarrier) {
  std::string Body = "%n = call i32 @llvm.nvvm.barrier0.popc(i32 1)\n"
                     "store i32 1, ptr addrspace(3) @s\nret void";
  EXPECT_EQ(verdicts(Body), std::vector<Verdict>({R}));
}

TEST(Engine, FencesWithoutStrongOperationsDie) {
  std::string Body = "store i32 1, ptr %g\ncall void @llvm.nvvm.membar.gl()\n"
                     "store i32 2, ptr %g\nret void";
  EXPECT_EQ(verdicts(Body), std::vector<Verdict>({R}));
}

TEST(Engine, FencesNextToABarrierDieEvenWithAtomics) {
  std::string Body = "store i32 1, ptr addrspace(3) @s\n"
                     "call void @llvm.nvvm.membar.cta()\n" + std::string(Bar) +
                     "call void @llvm.nvvm.membar.gl()\n"
                     "%v = load i32, ptr addrspace(3) @s\n"
                     "%o = atomicrmw add ptr %g, i32 %v seq_cst\nret void";
  // membar.cta sits right before a needed barrier; membar.gl is GPU scope.
  EXPECT_EQ(verdicts(Body), std::vector<Verdict>({R, K, K}));
}

TEST(Engine, FencesAreDecidedAfterTheBarriersAroundThem) {
  std::string Body = "%o = atomicrmw add ptr %g, i32 1 seq_cst\n"
                     "call void @llvm.nvvm.membar.cta()\n" + std::string(Bar) +
                     "store i32 1, ptr addrspace(3) @s\nret void";
  // The barrier orders nothing (global above, shared below) and goes first;
  // then the fence has accesses on both sides and stays.
  EXPECT_EQ(verdicts(Body), std::vector<Verdict>({K, R}));
}

TEST(Engine, CascadeEqualsFullRestart) {
  std::string Body = std::string("entry:\n  store i32 1, ptr addrspace(3) @s\n") + Bar + Bar +
                     "br i1 %c, label %a, label %b\n"
                     "a:\n" + Bar + "%x = load i32, ptr addrspace(3) @s\n" + Bar + "br label %j\n"
                     "b:\n" + Bar + "store i32 3, ptr %g\n" + Bar + Bar + "br label %j\n"
                     "j:\n" + Bar + "store i32 4, ptr addrspace(3) @s\n" + Bar + "br label %loop\n"
                     "loop:\n" + Bar + "%y = load i32, ptr %g\n" + Bar + "br i1 %c, label %loop, label %out\n"
                     "out:\n" + Bar + "ret void";
  std::vector<Verdict> Incremental = verdicts(Body), Restart = verdicts(Body, true);
  EXPECT_EQ(Incremental, Restart);
  EXPECT_GT(std::count(Incremental.begin(), Incremental.end(), R), 3);
  EXPECT_GT(std::count(Incremental.begin(), Incremental.end(), K), 0);
}

/// The cascade and the reference's full restart agree barrier by barrier on
/// generated kernels (runs of dead barriers, diamonds, loops) under every
/// precision.
TEST(Engine, CascadeEqualsFullRestartOnSyntheticKernels) {
  auto Solver = verify::createZ3OverlapSolver(5000);
  for (uint64_t Seed = 1; Seed <= 4; ++Seed) {
    bench::SyntheticParams P;
    P.Seed = Seed;
    P.Barriers = 40;
    P.AccessesPerRegion = 2;
    P.CascadeDepth = 1 + Seed % 4;
    AnalyzedModule AM(bench::syntheticKernel(P));
    core::ExtractedFunction X = AM.extract("synthetic");
    core::FlagOracle Flags;
    core::FourMapOracle FourMap;
    core::AddressOracle Address(Solver.get(), /*PathConditions=*/true);
    struct Precision {
      core::ConflictOracle *Oracle;
      core::DependenceGraph::Scope Scope;
    } Precisions[] = {{&FourMap, core::DependenceGraph::Scope::Block},
                      {&Flags, core::DependenceGraph::Scope::Function},
                      {&Address, core::DependenceGraph::Scope::Function}};
    for (const Precision &Pr : Precisions) {
      std::vector<Verdict> Runs[2];
      for (bool Restart : {false, true}) {
        core::EngineOptions Opts;
        Opts.RebuildAfterDeletion = Restart;
        for (const core::SyncDecision &D : DeadSyncEngine(X.Model, *Pr.Oracle, Pr.Scope, Opts).run())
          Runs[Restart].push_back(D.V);
      }
      EXPECT_EQ(Runs[0], Runs[1]) << "seed " << Seed << ", " << Pr.Oracle->name();
      if (Pr.Oracle == &Address) {
        EXPECT_GT(std::count(Runs[0].begin(), Runs[0].end(), R), 0) << "seed " << Seed;
      }
    }
  }
}
