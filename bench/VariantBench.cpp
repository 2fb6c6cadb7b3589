//===- bench/VariantBench.cpp - Analysis time of the three variants --------===//
//
// For every corpus kernel file and every variant, two measurements:
//   decide/<variant>/<file>: extracting the model and deciding every
//     synchronization site, with LLVM's analyses precomputed (xwarp's own
//     work only);
//   pass/<variant>/<file>: the same with the LLVM analyses the pass requests
//     (loops, dominators, post-dominators, uniformity, ScalarEvolution)
//     computed afresh, as in an opt run.
// The IR is never changed. After the run, the per-kernel ratios to dataflow
// and their medians are printed: the goal is address <= 3x dataflow on the
// corpus median.
//
//   build/bench/VariantBench [--corpus DIR] [Google Benchmark flags]
//
//===----------------------------------------------------------------------===//
#include "CorpusModules.h"
#include "RecordingReporter.h"

#include "Config.h"
#include "core/DeadSyncEngine.h"
#include "passes/Variant.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>

using namespace xwarp;

namespace {
/// Extraction and decisions for every function of the module.
void analyse(bench::PreparedModule &P, passes::Variant V, model::OverlapSolver *Solver,
             bool FreshAnalyses) {
  passes::VariantOptions Opts;
  if (FreshAnalyses)
    P.forgetAnalyses();
  for (llvm::Function *F : P.functions()) {
    core::ExtractionInputs In = P.inputs(*F, passes::needsAddresses(V), !passes::needsOffsets(V, {}));
    core::ExtractedFunction X = core::extractFunction(*F, In, P.facts());
    passes::VariantOracle O = passes::makeOracle(V, Opts, Solver);
    core::DeadSyncEngine Engine(X.Model, *O.Oracle, O.Scope);
    std::vector<core::SyncDecision> D = Engine.run();
    benchmark::DoNotOptimize(D.data());
  }
}

} // namespace

int main(int argc, char **argv) {
  std::string Corpus = bench::corpusDirFromArgs(argc, argv);

  std::vector<std::unique_ptr<bench::PreparedModule>> Modules = bench::loadCorpus(Corpus, "VariantBench");
  if (Modules.empty()) {
    std::fprintf(stderr, "VariantBench: no corpus kernels under %s\n", Corpus.c_str());
    return 2;
  }
  const passes::Variant Variants[] = {passes::Variant::FourMap, passes::Variant::Dataflow,
                                      passes::Variant::Address};
  const char *Kinds[] = {"decide", "pass"};
  std::vector<std::unique_ptr<model::OverlapSolver>> Solvers;
  for (const char *Kind : Kinds)
    for (auto &P : Modules)
      for (passes::Variant V : Variants) {
        std::unique_ptr<model::OverlapSolver> Solver = passes::makeSolver(V, passes::VariantOptions());
        model::OverlapSolver *S = Solver.get();
        Solvers.push_back(std::move(Solver));
        bench::PreparedModule *Module = P.get();
        bool Fresh = std::string(Kind) == "pass";
        std::string Name = std::string(Kind) + "/" + passes::variantName(V) + "/" + P->name();
        benchmark::RegisterBenchmark(Name.c_str(),
                                     [Module, V, S, Fresh](benchmark::State &State) {
                                       for (auto _ : State)
                                         analyse(*Module, V, S, Fresh);
                                     })
            ->Unit(benchmark::kMicrosecond);
      }
  bench::RecordingReporter Reporter;
  benchmark::RunSpecifiedBenchmarks(&Reporter);

  for (const char *Kind : Kinds) {
    std::vector<double> FourMap, Address;
    for (auto &P : Modules) {
      auto Time = [&](passes::Variant V) {
        return Reporter.time(std::string(Kind) + "/" + passes::variantName(V) + "/" + P->name());
      };
      double Base = Time(passes::Variant::Dataflow);
      if (Base <= 0)
        continue;
      FourMap.push_back(Time(passes::Variant::FourMap) / Base);
      Address.push_back(Time(passes::Variant::Address) / Base);
    }
    if (Address.empty())
      continue;
    std::printf("%s: ratio to dataflow over %zu kernel files (median): four-map %.2fx, address %.2fx "
                "(goal: address <= 3x)\n",
                Kind, Address.size(), bench::median(FourMap), bench::median(Address));
  }
  benchmark::Shutdown();
  return 0;
}
