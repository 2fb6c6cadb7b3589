//===- tools/xwarp/Report.cpp ---------------------------------------------===//
#include "Report.h"

#include "Config.h"

using namespace llvm;

namespace xwarp::tools {

Counts countVerdicts(const PipelineResult &R) {
  Counts C;
  for (const passes::FunctionSyncResult &F : R.Functions)
    for (const passes::SyncRecord &S : F.Syncs) {
      ++C.Sites;
      switch (S.Verdict) {
      case core::Verdict::Removed: ++C.Removed; break;
      case core::Verdict::Kept: ++C.Kept; break;
      case core::Verdict::Exempt: ++C.Exempt; break;
      }
    }
  return C;
}

static json::Value locJson(const core::SourceLoc &L) {
  if (!L.known())
    return nullptr;
  return json::Object{{"file", L.File}, {"line", L.Line}, {"col", L.Col}};
}

static json::Value barrierJson(const passes::SyncRecord &S) {
  json::Value Witness = nullptr;
  if (!S.WitnessAbove.empty())
    Witness = json::Object{{"above", S.WitnessAbove}, {"below", S.WitnessBelow}};
  return json::Object{
      {"id", S.Id},
      {"intrinsic", S.Intrinsic},
      {"kind", model::syncKindName(S.Kind)},
      {"loc", locJson(S.Loc)},
      {"verdict", core::verdictName(S.Verdict)},
      {"decided_by", S.DecidedBy},
      {"flags", json::Object{{"read_above", S.Flags.ReadAbove},
                             {"write_above", S.Flags.WriteAbove},
                             {"read_below", S.Flags.ReadBelow},
                             {"write_below", S.Flags.WriteBelow}}},
      {"reason", S.Reason},
      {"divergent", S.Divergent},
      {"witness", std::move(Witness)},
      {"deletion_order", S.DeletionOrder},
      // How the variant decided: address gives "fast-path" or "z3" and the
      // pairs each tier answered; every variant gives the decision's time.
      {"tier", S.Tier.empty() ? json::Value(nullptr) : json::Value(S.Tier)},
      {"fast_path_pairs", S.FastPathPairs},
      {"solver_queries", S.SolverQueries},
      {"solver_unknowns", S.SolverUnknowns},
      {"ms", S.Ms},
      // The checker (soundness-checking mode) fills this; off: "unchecked".
      {"proof", json::Object{{"status", "unchecked"}, {"ms", 0.0}, {"counterexample", nullptr}}},
  };
}

json::Value buildReport(const RunInfo &Info, const PipelineResult &R) {
  Counts C = countVerdicts(R);
  unsigned Kernels = 0, Queries = 0, Unknowns = 0, FastPairs = 0;
  json::Array Functions;
  for (const passes::FunctionSyncResult &F : R.Functions) {
    Kernels += F.IsKernel;
    json::Array Barriers;
    for (const passes::SyncRecord &S : F.Syncs) {
      Barriers.push_back(barrierJson(S));
      Queries += S.SolverQueries;
      Unknowns += S.SolverUnknowns;
      FastPairs += S.FastPathPairs;
    }
    Functions.push_back(json::Object{{"name", F.Function},
                                     {"kernel", F.IsKernel},
                                     {"analysis_ms", F.AnalysisMs},
                                     {"launch", F.Launch},
                                     {"launch_conflict", F.LaunchConflict},
                                     {"barriers", std::move(Barriers)},
                                     {"addresses", json::Array()}});
  }
  json::Object Summary{{"functions", R.Functions.size()},
                       {"kernels", Kernels},
                       {"barriers", C.Sites},
                       {"removed", C.Removed},
                       {"kept", C.Kept},
                       {"exempt", C.Exempt},
                       {"proved", 0},
                       {"refuted", 0},
                       {"unknown", 0},
                       {"unchecked", C.Removed},
                       {"bases_merged", 0},
                       {"address_instructions_before", R.AddressInstructionsBefore},
                       {"address_instructions_after", R.AddressInstructionsAfter},
                       {"fast_path_pairs", FastPairs},
                       {"solver_queries", Queries},
                       {"solver_unknowns", Unknowns},
                       {"ms", R.Ms}};
  return json::Object{{"tool", "xwarp"},
                      {"version", XWARP_VERSION},
                      {"input", Info.Input},
                      {"variant", Info.Variant},
                      {"verify", Info.Verify},
                      {"passes", R.Passes},
                      {"summary", std::move(Summary)},
                      {"functions", std::move(Functions)}};
}

} // namespace xwarp::tools
