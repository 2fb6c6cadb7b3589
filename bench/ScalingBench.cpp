//===- bench/ScalingBench.cpp - Analysis time against kernel size ----------===//
//
// Synthetic kernels (bench/SyntheticKernels.h) of 10 to 10,000 barriers,
// through each variant and, as the reference engine behaves, dataflow with a
// full rebuild after every deletion:
//   scale/<variant>/<barriers>: extraction and decisions (LLVM's analyses
//     precomputed), with counters: barriers, removed, instructions, solver
//     queries, the checker's time over the deletions (proof_ms, up to
//     1,000 barriers), and the peak resident memory (peak_rss_mb);
//   pipeline/<barriers>: the whole xwarp pipeline (infer-address-spaces,
//     dead-sync-elim, common-base-elim, every change proved) on a copy;
//   o3/<barriers>: opt -O3's module pipeline on a copy (neither times the
//     copy: cloning and freeing 20 MiB of IR is the harness's work);
//   verifier/<barriers>: LLVM's IR verifier on a copy, linear work over the
//     same IR: how this host's time grows with the IR when the work does not;
//   cold-pipeline/<barriers>: pipeline/... with the caches emptied after the
//     copy is made (1,000 and 10,000 barriers);
//   cascade/dataflow[-restart]/1000: the engine alone (graph, regions,
//     decisions) on the extracted model, incremental and with the
//     reference's full restart after each deletion;
//   extract/<variant>/<barriers> and engine/<variant>/<barriers> (1,000 and
//     10,000): the two halves of scale/..., extraction alone and the engine
//     alone on the extracted model;
//   cold/<variant>/<barriers>: scale/... with the caches emptied before each
//     run (1,000 and 10,000 barriers), so that both sizes start from the same
//     cache state (the repeated runs of scale/... keep a small kernel's IR
//     and model in the caches, a large one's not);
//   latency/<MiB>: dependent loads over a buffer of that size, which shows
//     how much data this machine's caches hold (bench/MachineMemory.h).
// The counter ir_mb of scale/... is the heap the kernel's parsed IR takes.
// Goals, printed after the run: the incremental cascade >= 20x faster than
// the full restart at 1,000 barriers (cascade/...); 10x the size costs <= 12x the time;
// the pipeline <= 2% of -O3. Google Benchmark prints each result as it
// finishes; --benchmark_out=FILE --benchmark_out_format=json keeps them.
//
//   build/bench/ScalingBench [--max-barriers N] [Google Benchmark flags]
//   build/bench/ScalingBench --emit-kernel N   (prints the kernel of N barriers)
//   build/bench/ScalingBench --emit-module K   (prints the module of K kernels)
//
//===----------------------------------------------------------------------===//
#include "CorpusModules.h"
#include "MachineMemory.h"
#include "RecordingReporter.h"
#include "SyntheticKernels.h"

#include "core/DeadSyncEngine.h"
#include "core/DeletionChecker.h"
#include "core/NvptxTarget.h"
#include "passes/Variant.h"
#include "Pipeline.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>

using namespace xwarp;
using namespace llvm;

namespace {
struct Config {
  const char *Name;
  passes::Variant V;
  bool Restart;
  unsigned MaxBarriers; // larger kernels are skipped (the restart is quadratic)
};
const Config Configs[] = {
    {"four-map", passes::Variant::FourMap, false, 10000},
    {"dataflow", passes::Variant::Dataflow, false, 10000},
    {"address", passes::Variant::Address, false, 10000},
    {"dataflow-restart", passes::Variant::Dataflow, true, 1000},
};
const unsigned Sizes[] = {10, 100, 1000, 10000};
/// The kernels/... benchmarks: modules of these many kernels, each of
/// BarriersPerModuleKernel barriers.
const unsigned ModuleKernels[] = {100, 1000};
const unsigned BarriersPerModuleKernel = 10;
/// Runs of each cold/... benchmark.
const unsigned ColdRuns = 20;
/// Runs of each cold-pipeline/... benchmark (a copy of the module is made
/// before each, untimed, and takes longer than the run).
const unsigned ColdPipelineRuns = 5;

bench::SyntheticParams paramsFor(unsigned Barriers) {
  bench::SyntheticParams P;
  P.Seed = 2026;
  P.Barriers = Barriers;
  P.AccessesPerRegion = 2;
  P.DiamondsPerRegion = 1;
  P.LoopDepth = 1;
  P.LoopGroup = 10;
  P.CrossThreadPerMille = 300;
  P.CascadeDepth = 4;
  return P;
}

/// A module of Kernels kernels of BarriersPerModuleKernel barriers each.
bench::SyntheticParams moduleParams(unsigned Kernels) {
  bench::SyntheticParams P = paramsFor(BarriersPerModuleKernel);
  P.Kernels = Kernels;
  return P;
}

/// The process's peak resident memory so far (the benchmarks run smallest
/// first, so each size's figure bounds what it needed).
double peakRssMb() {
  rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_maxrss / 1024.0;
}

struct Outcome {
  unsigned Sites = 0, Removed = 0, Queries = 0;
  std::vector<unsigned> Deleted;
};

/// The engine on an extracted model: graph, regions, decisions and, with
/// Restart, the reference's full restart after each deletion.
void decide(const core::ExtractedFunction &X, const Config &C, model::OverlapSolver *Solver, Outcome &O) {
  passes::VariantOracle Oracle = passes::makeOracle(C.V, passes::VariantOptions(), Solver);
  core::EngineOptions EO;
  EO.RebuildAfterDeletion = C.Restart;
  core::DeadSyncEngine Engine(X.Model, *Oracle.Oracle, Oracle.Scope, EO);
  for (const core::SyncDecision &D : Engine.run()) {
    ++O.Sites;
    O.Queries += D.SolverQueries;
    if (D.V == core::Verdict::Removed) {
      ++O.Removed;
      O.Deleted.push_back(D.Sync);
    }
  }
  benchmark::DoNotOptimize(O.Sites);
}

/// F's model as variant C needs it (LLVM's analyses cached in P).
core::ExtractedFunction extract(bench::PreparedModule &P, const Config &C, Function &F) {
  return core::extractFunction(F, P.inputs(F, passes::needsAddresses(C.V), !passes::needsOffsets(C.V, {})),
                               P.facts());
}

/// Extraction and decisions for the kernel.
Outcome analyse(bench::PreparedModule &P, const Config &C, model::OverlapSolver *Solver,
                core::ExtractedFunction *Keep = nullptr) {
  Outcome O;
  for (Function *F : P.functions()) {
    core::ExtractedFunction X = extract(P, C, *F);
    decide(X, C, Solver, O);
    if (Keep)
      *Keep = std::move(X);
  }
  return O;
}

unsigned instructions(Module &M) {
  unsigned N = 0;
  for (Function &F : M)
    N += F.getInstructionCount();
  return N;
}

/// Runs Pipeline on a fresh copy of M each iteration. Making and freeing
/// the copy is the harness's work, not the pipeline's, and is not timed.
/// Cold: the caches are emptied after the copy is made (it would otherwise
/// start in them when small enough, and not when large).
template <typename PipelineT>
void timeOnCopies(benchmark::State &State, const Module &M, PipelineT Pipeline, bool Cold = false) {
  for (auto _ : State) {
    State.PauseTiming();
    std::unique_ptr<Module> Copy = CloneModule(M);
    if (Cold)
      bench::emptyCaches();
    State.ResumeTiming();
    Pipeline(*Copy);
    State.PauseTiming();
    Copy.reset();
    State.ResumeTiming();
  }
}

void runO3(Module &M) {
  if (Error E = tools::runPassPipelineText(M, "default<O3>"))
    consumeError(std::move(E));
}

void runXwarp(Module &M) {
  tools::PipelineOptions Opts;
  Opts.Steps = {tools::Step::DeadSyncElim, tools::Step::CommonBaseElim};
  // Strict: every change proved, the rest put back. (Without strict mode,
  // common-base-elim asks a ScalarEvolution that reads no IR flags, whose
  // own no-wrap proofs take time quadratic in a long kernel's loops.)
  Opts.DSE.Verify = Opts.CBE.Verify = passes::VerifyMode::Strict;
  Opts.DSE.Precision.BlockDim = model::BlockDimSpec::parse("*,1,1");
  Expected<tools::PipelineResult> R = tools::runPipeline(M, Opts);
  if (!R)
    consumeError(R.takeError());
}
} // namespace

int main(int argc, char **argv) {
  unsigned MaxBarriers = 10000;
  std::vector<char *> Args;
  for (int I = 0; I < argc; ++I) {
    if (!std::strcmp(argv[I], "--max-barriers") && I + 1 < argc)
      MaxBarriers = static_cast<unsigned>(std::atoi(argv[++I]));
    else if (!std::strcmp(argv[I], "--emit-kernel") && I + 1 < argc) {
      std::fputs(bench::syntheticKernel(paramsFor(static_cast<unsigned>(std::atoi(argv[++I])))).c_str(), stdout);
      return 0;
    } else if (!std::strcmp(argv[I], "--emit-module") && I + 1 < argc) {
      std::fputs(bench::syntheticKernel(moduleParams(static_cast<unsigned>(std::atoi(argv[++I])))).c_str(), stdout);
      return 0;
    }
    else
      Args.push_back(argv[I]);
  }
  int N = static_cast<int>(Args.size());
  benchmark::Initialize(&N, Args.data());

  std::map<unsigned, std::unique_ptr<bench::PreparedModule>> Kernels;
  for (unsigned B : Sizes) {
    if (B > MaxBarriers)
      continue;
    std::string Error;
    auto P = bench::PreparedModule::fromIR("synthetic-" + std::to_string(B),
                                           bench::syntheticKernel(paramsFor(B)),
                                           model::BlockDimSpec::parse("*,1,1"), Error);
    if (!P) {
      std::fprintf(stderr, "ScalingBench: %s\n", Error.c_str());
      return 3;
    }
    Kernels[B] = std::move(P);
  }

  std::vector<std::unique_ptr<model::OverlapSolver>> Solvers;
  for (auto &Kernel : Kernels) {
    unsigned B = Kernel.first; // a plain variable: C++17 lambdas cannot capture a structured binding
    bench::PreparedModule *Module = Kernel.second.get();
    unsigned Instructions = instructions(Module->module());
    for (const Config &C : Configs) {
      if (B > C.MaxBarriers)
        continue;
      Solvers.push_back(passes::makeSolver(C.V, passes::VariantOptions()));
      model::OverlapSolver *Solver = Solvers.back().get();
      std::string Name = std::string("scale/") + C.Name + "/" + std::to_string(B);
      benchmark::RegisterBenchmark(Name.c_str(), [=](benchmark::State &State) {
        // Once before timing: LLVM's analyses (and ScalarEvolution's lazy
        // caches) are computed on first use and are not xwarp's work.
        Outcome O = analyse(*Module, C, Solver);
        for (auto _ : State)
          O = analyse(*Module, C, Solver);
        State.counters["barriers"] = O.Sites;
        State.counters["removed"] = O.Removed;
        State.counters["instructions"] = Instructions;
        State.counters["solver_queries"] = O.Queries;
        State.counters["peak_rss_mb"] = peakRssMb();
        State.counters["ir_mb"] = Module->irBytes() / double(1 << 20);
        if (B <= 1000) {
          // The checker over this run's deletions, once (not in the timing).
          core::ExtractedFunction X;
          Outcome Again = analyse(*Module, C, Solver, &X);
          auto Start = std::chrono::steady_clock::now();
          std::unique_ptr<model::OverlapSolver> Checker = passes::makeSolver(passes::Variant::Address,
                                                                             passes::VariantOptions(), true);
          core::DeletionChecker(X.Model, *Checker).check(Again.Deleted);
          State.counters["proof_ms"] =
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
        }
      })->Unit(benchmark::kMillisecond);
    }
    if (B >= 1000)
      for (const Config &C : Configs) {
        if (C.Restart)
          continue;
        Solvers.push_back(passes::makeSolver(C.V, passes::VariantOptions()));
        model::OverlapSolver *Solver = Solvers.back().get();
        std::string Name = std::string("cold/") + C.Name + "/" + std::to_string(B);
        benchmark::RegisterBenchmark(Name.c_str(), [=](benchmark::State &State) {
          analyse(*Module, C, Solver);
          for (auto _ : State) {
            State.PauseTiming();
            bench::emptyCaches();
            State.ResumeTiming();
            analyse(*Module, C, Solver);
          }
        })
            ->Unit(benchmark::kMillisecond)
            ->Iterations(ColdRuns); // a fixed count: each flush takes longer than a small run
        std::string Extract = std::string("extract/") + C.Name + "/" + std::to_string(B);
        benchmark::RegisterBenchmark(Extract.c_str(), [=](benchmark::State &State) {
          analyse(*Module, C, Solver);
          for (auto _ : State)
            for (Function *F : Module->functions()) {
              core::ExtractedFunction X = extract(*Module, C, *F);
              benchmark::DoNotOptimize(X.Model.Accesses.data());
            }
        })->Unit(benchmark::kMillisecond);
        std::string Engine = std::string("engine/") + C.Name + "/" + std::to_string(B);
        benchmark::RegisterBenchmark(Engine.c_str(), [=](benchmark::State &State) {
          core::ExtractedFunction X;
          analyse(*Module, C, Solver, &X);
          for (auto _ : State) {
            Outcome O;
            decide(X, C, Solver, O);
          }
        })->Unit(benchmark::kMillisecond);
      }
    if (B == 1000)
      for (const Config &C : Configs) {
        if (C.V != passes::Variant::Dataflow)
          continue;
        Solvers.push_back(passes::makeSolver(C.V, passes::VariantOptions()));
        model::OverlapSolver *Solver = Solvers.back().get();
        std::string Name = std::string("cascade/") + C.Name + "/" + std::to_string(B);
        benchmark::RegisterBenchmark(Name.c_str(), [=](benchmark::State &State) {
          core::ExtractedFunction X;
          analyse(*Module, C, Solver, &X);
          Outcome O;
          for (auto _ : State) {
            O = Outcome();
            decide(X, C, Solver, O);
          }
          State.counters["removed"] = O.Removed;
        })->Unit(benchmark::kMillisecond);
      }
    const llvm::Module *M = &Module->module();
    std::string Pipe = "pipeline/" + std::to_string(B), O3 = "o3/" + std::to_string(B);
    benchmark::RegisterBenchmark(Pipe.c_str(), [M](benchmark::State &State) {
      timeOnCopies(State, *M, runXwarp);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(O3.c_str(), [M](benchmark::State &State) {
      timeOnCopies(State, *M, runO3);
    })->Unit(benchmark::kMillisecond);
    std::string Verifier = "verifier/" + std::to_string(B);
    benchmark::RegisterBenchmark(Verifier.c_str(), [M](benchmark::State &State) {
      timeOnCopies(State, *M, [](llvm::Module &Copy) { benchmark::DoNotOptimize(verifyModule(Copy)); });
    })->Unit(benchmark::kMillisecond);
    if (B >= 1000) {
      std::string ColdPipe = "cold-pipeline/" + std::to_string(B);
      benchmark::RegisterBenchmark(ColdPipe.c_str(), [M](benchmark::State &State) {
        timeOnCopies(State, *M, runXwarp, /*Cold=*/true);
      })
          ->Unit(benchmark::kMillisecond)
          ->Iterations(ColdPipelineRuns);
    }
  }
  // Modules of many small kernels: the pipeline's growth in the number of
  // functions (module-wide facts are found once, not once per function).
  std::map<unsigned, std::unique_ptr<bench::PreparedModule>> Modules;
  for (unsigned K : ModuleKernels) {
    if (K * BarriersPerModuleKernel > MaxBarriers)
      continue;
    std::string Error;
    auto Prepared = bench::PreparedModule::fromIR("kernels-" + std::to_string(K), bench::syntheticKernel(moduleParams(K)),
                                                  model::BlockDimSpec::parse("*,1,1"), Error);
    if (!Prepared) {
      std::fprintf(stderr, "ScalingBench: %s\n", Error.c_str());
      return 3;
    }
    const llvm::Module *M = &Prepared->module();
    Modules[K] = std::move(Prepared);
    std::string Name = "kernels/" + std::to_string(K);
    benchmark::RegisterBenchmark(Name.c_str(), [M](benchmark::State &State) {
      timeOnCopies(State, *M, runXwarp);
    })->Unit(benchmark::kMillisecond);
  }
  bench::registerLatencyBenchmarks();
  bench::RecordingReporter Reporter;
  benchmark::RunSpecifiedBenchmarks(&Reporter);

  auto T = [&](const std::string &Name) { return Reporter.time(Name); };
  // The cascade goal compares what the two strategies do differently: the
  // engine's work on the extracted model (the reference, too, restarts after
  // access classification). The whole analysis is printed beside it.
  double Incremental = T("cascade/dataflow/1000"), Restart = T("cascade/dataflow-restart/1000");
  if (Incremental > 0 && Restart > 0)
    std::printf("cascade at 1000 barriers: full restart / incremental = %.1fx (goal >= 20x): %s\n",
                Restart / Incremental, Restart / Incremental >= 20 ? "met" : "NOT met");
  Incremental = T("scale/dataflow/1000"), Restart = T("scale/dataflow-restart/1000");
  if (Incremental > 0 && Restart > 0)
    std::printf("whole analysis at 1000 barriers (with extraction): full restart / incremental = %.1fx\n",
                Restart / Incremental);
  // Growth of each variant's analysis, and of the whole pipeline beside it.
  // Goal: whether the growth is held to the goal or printed for reference.
  auto Growth = [&](const std::string &Name, const std::string &Prefix, bool Goal = true) {
    for (unsigned K = 1; K < std::size(Sizes); ++K) {
      double Small = T(Prefix + std::to_string(Sizes[K - 1])), Big = T(Prefix + std::to_string(Sizes[K]));
      if (Small <= 0 || Big <= 0 || Sizes[K - 1] < 100)
        continue;
      std::printf("%s: %u -> %u barriers costs %.1fx the time", Name.c_str(), Sizes[K - 1], Sizes[K], Big / Small);
      if (Goal)
        std::printf(" (goal <= 12x): %s", Big / Small <= 12 ? "met" : "NOT met");
      std::printf("\n");
    }
  };
  for (const Config &C : Configs)
    if (!C.Restart)
      Growth(C.Name, std::string("scale/") + C.Name + "/");
  Growth("pipeline", "pipeline/");
  // The same growth of linear work by LLVM itself on this host: what the
  // caches make of 10x the IR, whatever reads it.
  Growth("LLVM's IR verifier on the same module (linear work, for reference)", "verifier/", /*Goal=*/false);
  // Beside the goal: where the time grows faster than the kernel, and why.
  auto GrowthBeside = [&](const char *What, const std::string &Prefix) {
    for (const Config &C : Configs) {
      double Small = T(Prefix + C.Name + "/1000"), Big = T(Prefix + C.Name + "/10000");
      if (Small > 0 && Big > 0)
        std::printf("%s, %s: 1000 -> 10000 barriers costs %.1fx the time\n", What, C.Name, Big / Small);
    }
  };
  if (double Small = T("kernels/" + std::to_string(ModuleKernels[0])),
      Big = T("kernels/" + std::to_string(ModuleKernels[1]));
      Small > 0 && Big > 0)
    std::printf("pipeline over a module of %u -> %u kernels of %u barriers costs %.1fx the time (goal <= 12x): %s\n",
                ModuleKernels[0], ModuleKernels[1], BarriersPerModuleKernel, Big / Small,
                Big / Small <= 12 ? "met" : "NOT met");
  GrowthBeside("extraction alone", "extract/");
  GrowthBeside("engine alone", "engine/");
  GrowthBeside("with the caches emptied before each run", "cold/");
  if (double Small = T("cold-pipeline/1000"), Big = T("cold-pipeline/10000"); Small > 0 && Big > 0)
    std::printf("with the caches emptied before each run, pipeline: 1000 -> 10000 barriers costs %.1fx the time\n",
                Big / Small);
  for (unsigned B : {1000u, 10000u})
    if (double Mb = Reporter.counter("scale/four-map/" + std::to_string(B), "ir_mb"))
      std::printf("the IR of the kernel of %u barriers takes %.1f MiB\n", B, Mb);
  std::string Latency;
  for (unsigned MiB : bench::latencyBufferMiB())
    if (double Ms = T("latency/" + std::to_string(MiB)))
      Latency += (Latency.empty() ? "" : ", ") + std::to_string(MiB) + " MiB " +
                 std::to_string(static_cast<int>(Ms * 1e6 / bench::LoadsPerIteration + 0.5)) + " ns";
  if (!Latency.empty())
    std::printf("dependent loads over a buffer of: %s\n", Latency.c_str());
  for (unsigned B : {100u, 1000u, 10000u}) {
    double Pipe = T("pipeline/" + std::to_string(B)), O3 = T("o3/" + std::to_string(B));
    if (Pipe > 0 && O3 > 0)
      std::printf("pipeline at %u barriers: %.2f%% of opt -O3 (goal <= 2%%): %s\n", B, 100 * Pipe / O3,
                  Pipe / O3 <= 0.02 ? "met" : "NOT met");
  }
  benchmark::Shutdown();
  return 0;
}
