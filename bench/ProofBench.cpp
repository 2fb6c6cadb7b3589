//===- bench/ProofBench.cpp - Proof time per deletion ----------------------===//
//
// For every corpus kernel file and variant, the time the checker takes to
// prove or refute the variant's deletions (check/<variant>/<file>), then the
// distribution of the time per deletion over the whole corpus: the goal is
// p50 <= 2 ms and p99 <= 50 ms.
//
//   build/bench/ProofBench [--corpus DIR] [Google Benchmark flags]
//
//===----------------------------------------------------------------------===//
#include "CorpusModules.h"

#include "core/DeadSyncEngine.h"
#include "core/DeletionChecker.h"
#include "passes/Variant.h"
#include "verify/Z3OverlapSolver.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>

using namespace xwarp;

namespace {
/// One function's model and the deletions a variant made in it.
struct Deletions {
  core::ExtractedFunction Model;
  std::vector<unsigned> Order;
};

std::vector<Deletions> deletionsOf(bench::PreparedModule &P, passes::Variant V,
                                   model::OverlapSolver &Solver) {
  std::vector<Deletions> Out;
  for (llvm::Function *F : P.functions()) {
    Deletions D{core::extractFunction(*F, P.inputs(*F, true), P.facts()), {}};
    passes::VariantOracle O = passes::makeOracle(V, passes::VariantOptions(), &Solver);
    core::DeadSyncEngine Engine(D.Model.Model, *O.Oracle, O.Scope);
    std::vector<core::SyncDecision> Decisions = Engine.run();
    std::sort(Decisions.begin(), Decisions.end(),
              [](const core::SyncDecision &A, const core::SyncDecision &B) {
                return A.DeletionOrder < B.DeletionOrder;
              });
    for (const core::SyncDecision &S : Decisions)
      if (S.V == core::Verdict::Removed)
        D.Order.push_back(S.Sync);
    if (!D.Order.empty())
      Out.push_back(std::move(D));
  }
  return Out;
}

double percentile(std::vector<double> V, double P) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t I = static_cast<size_t>(P * (V.size() - 1) + 0.5);
  return V[std::min(I, V.size() - 1)];
}
} // namespace

int main(int argc, char **argv) {
  std::string Corpus = bench::corpusDirFromArgs(argc, argv);

  std::unique_ptr<model::OverlapSolver> Solver = verify::createZ3OverlapSolver(2000);
  std::vector<std::unique_ptr<bench::PreparedModule>> Modules = bench::loadCorpus(Corpus, "ProofBench");
  const passes::Variant Variants[] = {passes::Variant::FourMap, passes::Variant::Dataflow,
                                      passes::Variant::Address};
  std::vector<std::unique_ptr<std::vector<Deletions>>> Work;
  std::vector<double> PerDeletion;
  unsigned Proved = 0, Other = 0;
  for (auto &P : Modules)
    for (passes::Variant V : Variants) {
      auto D = std::make_unique<std::vector<Deletions>>(deletionsOf(*P, V, *Solver));
      if (D->empty())
        continue;
      // One measured pass for the distribution of the time per deletion.
      for (Deletions &X : *D)
        for (const core::Certificate &C : core::DeletionChecker(X.Model.Model, *Solver).check(X.Order)) {
          PerDeletion.push_back(C.Ms);
          (C.Status == core::ProofStatus::Proved ? Proved : Other) += 1;
        }
      std::vector<Deletions> *Items = D.get();
      model::OverlapSolver *S = Solver.get();
      benchmark::RegisterBenchmark(
          ("check/" + std::string(passes::variantName(V)) + "/" + P->name()).c_str(),
          [Items, S](benchmark::State &State) {
            for (auto _ : State)
              for (Deletions &X : *Items)
                benchmark::DoNotOptimize(core::DeletionChecker(X.Model.Model, *S).check(X.Order));
          })
          ->Unit(benchmark::kMicrosecond);
      Work.push_back(std::move(D));
    }
  benchmark::RunSpecifiedBenchmarks();
  std::printf("proof time per deletion over %zu deletions (%u proved, %u not): p50 %.3f ms, "
              "p99 %.3f ms, max %.3f ms (goal: p50 <= 2 ms, p99 <= 50 ms)\n",
              PerDeletion.size(), Proved, Other, percentile(PerDeletion, 0.5),
              percentile(PerDeletion, 0.99), percentile(PerDeletion, 1.0));
  benchmark::Shutdown();
  return 0;
}
