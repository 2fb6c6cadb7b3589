//===- bench/CbeBench.cpp - Common Base Elimination against upstream LLVM --===//
//
// Every corpus kernel file (compiled, after infer-address-spaces) through four
// pipelines, in one run:
//   none      nothing more
//   cbe       common-base-elim
//   upstream  separate-const-offset-from-gep,slsr,nary-reassociate,early-cse,gvn
//             (the straight-line passes the NVPTX backend runs)
//   both      common-base-elim, then the upstream passes
// For each: the IR address instructions, and the PTX that llc makes of it
// (sm_80): integer instructions, integer registers, and ptxas -v registers
// when a ptxas is found. The pipelines' times are Google Benchmark runs
// (pass/<pipeline>/<file>). After the run a table is printed (and written to
// --table FILE as Markdown), with the goal: cbe <= 0.9x upstream's address
// instructions over the corpus, and no kernel worse than upstream.
//
//   build/bench/CbeBench [--corpus DIR] [--table FILE] [Google Benchmark flags]
//
//===----------------------------------------------------------------------===//
#include "AddressMetrics.h"
#include "CorpusModules.h"

#include "Config.h"
#include "core/NvptxTarget.h"
#include "Pipeline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>

using namespace llvm;
using namespace xwarp;

namespace {
struct PipelineDef {
  const char *Name;
  const char *Passes; // empty: none
};
const PipelineDef Pipelines[] = {
    {"none", ""},
    {"cbe", "function(common-base-elim)"},
    {"upstream", "function(separate-const-offset-from-gep,slsr,nary-reassociate,early-cse,gvn)"},
    {"both", "function(common-base-elim,separate-const-offset-from-gep,slsr,nary-reassociate,"
             "early-cse,gvn)"},
};

/// Runs Passes on a clone of M; the clone, or null with Why.
std::unique_ptr<Module> runOn(const Module &M, const char *Passes, std::string &Why) {
  std::unique_ptr<Module> Copy = CloneModule(M);
  if (!*Passes)
    return Copy;
  if (Error E = tools::runPassPipelineText(*Copy, Passes)) {
    Why = toString(std::move(E));
    return nullptr;
  }
  return Copy;
}

struct Measure {
  unsigned Address = 0;
  /// Address counted through phis as well (beside the goal, not in it).
  unsigned AddressThroughPhis = 0;
  bench::PtxCounts Ptx;
};

std::string regs(const Measure &M) {
  return M.Ptx.PtxasRegisters ? std::to_string(*M.Ptx.PtxasRegisters) : "-";
}
} // namespace

int main(int argc, char **argv) {
  std::string TablePath;
  std::string Corpus = bench::corpusDirFromArgs(argc, argv, {{"--table", &TablePath}});
  std::vector<std::unique_ptr<bench::PreparedModule>> Modules = bench::loadCorpus(Corpus, "CbeBench");
  if (Modules.empty()) {
    std::fprintf(stderr, "CbeBench: no corpus kernels under %s\n", Corpus.c_str());
    return 2;
  }

  // The measures, once per (file, pipeline).
  std::string Ptxas = bench::findPtxas();
  std::map<std::string, std::map<std::string, Measure>> Table;
  for (auto &P : Modules)
    for (const PipelineDef &D : Pipelines) {
      std::string Error;
      std::unique_ptr<Module> Out = runOn(P->module(), D.Passes, Error);
      std::optional<std::string> Ptx = Out ? bench::emitPtx(*Out, Error) : std::nullopt;
      if (!Ptx) {
        std::fprintf(stderr, "CbeBench: %s, %s: %s\n", P->name().c_str(), D.Name, Error.c_str());
        return 3;
      }
      Measure &M = Table[P->name()][D.Name];
      M.Address = bench::addressInstructions(*Out);
      M.AddressThroughPhis = bench::addressInstructions(*Out, /*ThroughPhis=*/true);
      M.Ptx = bench::countPtx(*Ptx, Ptxas);
    }

  for (auto &P : Modules)
    for (const PipelineDef &D : Pipelines) {
      if (!*D.Passes)
        continue;
      const Module *M = &P->module();
      const char *Passes = D.Passes;
      std::string Name = std::string("pass/") + D.Name + "/" + P->name();
      benchmark::RegisterBenchmark(Name.c_str(), [M, Passes](benchmark::State &State) {
        for (auto _ : State) {
          std::string Error;
          std::unique_ptr<Module> Out = runOn(*M, Passes, Error);
          benchmark::DoNotOptimize(Out.get());
        }
      })->Unit(benchmark::kMillisecond);
    }
  benchmark::RunSpecifiedBenchmarks();

  // The table: address instructions, PTX integer instructions, PTX integer
  // registers (ptxas registers), per pipeline.
  std::string T;
  raw_string_ostream OS(T);
  OS << "| kernel file | IR address instr. none / cbe / upstream / both | PTX int instr. none / cbe / "
        "upstream / both | PTX int regs none / cbe / upstream / both | ptxas regs none / cbe / "
        "upstream / both |\n|---|---|---|---|---|\n";
  Measure Sum[4];
  std::vector<std::string> Worse, WorseThroughPhis, WorsePtx;
  for (auto &[File, Row] : Table) {
    const Measure *M[4];
    for (int K = 0; K < 4; ++K) {
      M[K] = &Row[Pipelines[K].Name];
      Sum[K].Address += M[K]->Address;
      Sum[K].AddressThroughPhis += M[K]->AddressThroughPhis;
      Sum[K].Ptx.IntInstructions += M[K]->Ptx.IntInstructions;
      Sum[K].Ptx.IntRegisters += M[K]->Ptx.IntRegisters;
      if (M[K]->Ptx.PtxasRegisters)
        Sum[K].Ptx.PtxasRegisters = Sum[K].Ptx.PtxasRegisters.value_or(0) + *M[K]->Ptx.PtxasRegisters;
    }
    if (M[1]->Address > M[2]->Address)
      Worse.push_back(File);
    if (M[1]->AddressThroughPhis > M[2]->AddressThroughPhis)
      WorseThroughPhis.push_back(File);
    if (M[1]->Ptx.IntInstructions > M[2]->Ptx.IntInstructions || M[1]->Ptx.IntRegisters > M[2]->Ptx.IntRegisters ||
        M[1]->Ptx.PtxasRegisters.value_or(0) > M[2]->Ptx.PtxasRegisters.value_or(0))
      WorsePtx.push_back(File);
    OS << formatv("| {0} | {1} / {2} / {3} / {4} | {5} / {6} / {7} / {8} | {9} / {10} / {11} / {12} | "
                  "{13} / {14} / {15} / {16} |\n",
                  File, M[0]->Address, M[1]->Address, M[2]->Address, M[3]->Address,
                  M[0]->Ptx.IntInstructions, M[1]->Ptx.IntInstructions, M[2]->Ptx.IntInstructions,
                  M[3]->Ptx.IntInstructions, M[0]->Ptx.IntRegisters, M[1]->Ptx.IntRegisters,
                  M[2]->Ptx.IntRegisters, M[3]->Ptx.IntRegisters, regs(*M[0]), regs(*M[1]),
                  regs(*M[2]), regs(*M[3]));
  }
  OS << formatv("| **total** | {0} / {1} / {2} / {3} | {4} / {5} / {6} / {7} | {8} / {9} / {10} / {11} | "
                "{12} / {13} / {14} / {15} |\n",
                Sum[0].Address, Sum[1].Address, Sum[2].Address, Sum[3].Address,
                Sum[0].Ptx.IntInstructions, Sum[1].Ptx.IntInstructions, Sum[2].Ptx.IntInstructions,
                Sum[3].Ptx.IntInstructions, Sum[0].Ptx.IntRegisters, Sum[1].Ptx.IntRegisters,
                Sum[2].Ptx.IntRegisters, Sum[3].Ptx.IntRegisters, regs(Sum[0]), regs(Sum[1]),
                regs(Sum[2]), regs(Sum[3]));
  double Ratio = Sum[2].Address ? double(Sum[1].Address) / Sum[2].Address : 0;
  OS << formatv("\ncbe / upstream, IR address instructions over {0} kernel files: {1:f3}x "
                "(goal <= 0.9x): {2}; kernels where cbe is worse than upstream: {3}{4}\n",
                Table.size(), Ratio, Ratio <= 0.9 ? "met" : "NOT met", Worse.size(),
                Worse.empty() ? std::string() : " (" + join(Worse, ", ") + ")");
  // The same comparison when the count follows phis: a join hides what is
  // computed before it (GVN's PRE moves an index's extension there; a
  // redundant one GVN removes there was not counted either).
  double PhiRatio = Sum[2].AddressThroughPhis ? double(Sum[1].AddressThroughPhis) / Sum[2].AddressThroughPhis : 0;
  OS << formatv("cbe / upstream, IR address instructions counted through phis as well: {0} / {1} = {2:f3}x; "
                "kernels where cbe is worse: {3}{4}\n",
                Sum[1].AddressThroughPhis, Sum[2].AddressThroughPhis, PhiRatio, WorseThroughPhis.size(),
                WorseThroughPhis.empty() ? std::string() : " (" + join(WorseThroughPhis, ", ") + ")");
  OS << formatv("kernels where cbe's PTX is worse than upstream's (integer instructions, integer registers or "
                "ptxas registers): {0}{1}\n",
                WorsePtx.size(), WorsePtx.empty() ? std::string() : " (" + join(WorsePtx, ", ") + ")");
  OS << "ptxas: " << (Ptxas.empty() ? std::string("not found (ptxas columns are -)") : Ptxas) << "\n";
  std::fputs(OS.str().c_str(), stdout);
  if (!TablePath.empty()) {
    std::error_code EC;
    raw_fd_ostream F(TablePath, EC);
    if (EC) {
      std::fprintf(stderr, "CbeBench: %s: %s\n", TablePath.c_str(), EC.message().c_str());
      return 2;
    }
    F << OS.str();
  }
  benchmark::Shutdown();
  return 0;
}
