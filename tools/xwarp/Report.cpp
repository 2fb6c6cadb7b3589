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
      C.Proved += S.Proof.Status == "proved";
      C.Refuted += S.Proof.Status == "refuted";
      C.Unknown += S.Proof.Status == "unknown";
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

static json::Value triple(uint32_t X, uint32_t Y, uint32_t Z) { return json::Array{X, Y, Z}; }

std::string counterexampleText(const passes::CounterexampleRecord &C) {
  if (!C.Collision)
    return C.Above + " vs " + C.Below;
  auto T = [](uint32_t X, uint32_t Y, uint32_t Z) {
    return "(" + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) + ")";
  };
  std::string S = "t=" + T(C.T.X, C.T.Y, C.T.Z) + " t'=" + T(C.TPrime.X, C.TPrime.Y, C.TPrime.Z) +
                  " ntid=" + T(C.Ntid.X, C.Ntid.Y, C.Ntid.Z) + " " + C.Object + "+" +
                  std::to_string(C.OffsetAbove) + " (" + C.Above + ") meets +" +
                  std::to_string(C.OffsetBelow) + " (" + C.Below + ")";
  for (const auto &[Name, V] : C.Uniforms)
    S += " " + Name + "=" + std::to_string(static_cast<int64_t>(V));
  return S;
}

static json::Value proofJson(const passes::ProofRecord &P) {
  json::Value Cex = nullptr;
  if (P.Cex) {
    const passes::CounterexampleRecord &C = *P.Cex;
    json::Object O{{"above", C.Above}, {"below", C.Below}, {"collision", C.Collision}};
    if (C.Collision) {
      json::Object Uniforms;
      for (const auto &[Name, V] : C.Uniforms)
        Uniforms[Name] = static_cast<int64_t>(V);
      O["t"] = triple(C.T.X, C.T.Y, C.T.Z);
      O["t_prime"] = triple(C.TPrime.X, C.TPrime.Y, C.TPrime.Z);
      O["ntid"] = triple(C.Ntid.X, C.Ntid.Y, C.Ntid.Z);
      O["object"] = C.Object;
      O["offset_above"] = static_cast<int64_t>(C.OffsetAbove);
      O["offset_below"] = static_cast<int64_t>(C.OffsetBelow);
      O["uniforms"] = std::move(Uniforms);
      O["replayed"] = C.Replayed;
    }
    Cex = std::move(O);
  }
  return json::Object{{"status", P.Status}, {"ms", P.Ms}, {"reason", P.Reason}, {"counterexample", std::move(Cex)}};
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
      // The checker's certificate (soundness-checking mode); "unchecked" otherwise.
      {"proof", proofJson(S.Proof)},
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
                       {"proved", C.Proved},
                       {"refuted", C.Refuted},
                       {"unknown", C.Unknown},
                       {"unchecked", C.Removed - std::min(C.Removed, C.Proved)},
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
                      {"ablate", Info.Ablations},
                      {"passes", R.Passes},
                      {"summary", std::move(Summary)},
                      {"functions", std::move(Functions)}};
}

} // namespace xwarp::tools
