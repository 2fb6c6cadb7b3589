//===- tools/xwarp/Report.cpp ---------------------------------------------===//
#include "Report.h"

#include "Config.h"

#include <map>

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
      case core::Verdict::Removed:
        ++C.Removed;
        C.Unchecked += S.Proof.Status == "unchecked";
        break;
      case core::Verdict::Kept: ++C.Kept; break;
      case core::Verdict::Exempt: ++C.Exempt; break;
      }
    }
  return C;
}

AddressCounts countAddresses(const PipelineResult &R) {
  AddressCounts C;
  for (const passes::FunctionAddressResult &F : R.Addresses) {
    C.Bases += F.BasesMerged;
    C.Allocas += F.AllocasMerged;
    C.StrictForLoops += F.StrictForLoops;
    for (const passes::AddressRecord &A : F.Addresses) {
      C.Rewritten += A.Status == "rewritten";
      C.RolledBack += A.Status == "rolled-back";
      C.Proved += A.Proof.Status == "proved";
      C.Refuted += A.Proof.Status == "refuted";
      C.Unknown += A.Proof.Status == "unknown";
    }
  }
  return C;
}

static json::Value locJson(const core::SourceLoc &L) {
  if (!L.known())
    return nullptr;
  return json::Object{{"file", L.File}, {"line", L.Line}, {"col", L.Col}};
}

template <typename Triple> static json::Value triple(const Triple &T) { return json::Array{T.X, T.Y, T.Z}; }

std::string counterexampleText(const passes::CounterexampleRecord &C) {
  if (!C.Collision)
    return C.Above + " vs " + C.Below;
  const model::Counterexample &X = *C.Collision;
  return X.threads() + " " + C.Object + "+" + std::to_string(X.OffsetA) + " (" + C.Above + ") meets +" +
         std::to_string(X.OffsetB) + " (" + C.Below + ")" + X.context();
}

static json::Value proofJson(const passes::ProofRecord &P) {
  json::Value Cex = nullptr;
  if (P.Cex) {
    const passes::CounterexampleRecord &C = *P.Cex;
    json::Object O{{"above", C.Above}, {"below", C.Below}, {"collision", C.Collision.has_value()}};
    if (const std::optional<model::Counterexample> &X = C.Collision) {
      json::Object Uniforms;
      for (const auto &[Name, V] : X->Uniforms)
        Uniforms[Name] = static_cast<int64_t>(V);
      O["t"] = triple(X->T);
      O["t_prime"] = triple(X->TPrime);
      O["ntid"] = triple(X->Ntid);
      O["ctaid"] = triple(X->Ctaid);
      O["nctaid"] = triple(X->Nctaid);
      O["object"] = C.Object;
      O["offset_above"] = static_cast<int64_t>(X->OffsetA);
      O["offset_below"] = static_cast<int64_t>(X->OffsetB);
      O["uniforms"] = std::move(Uniforms);
      json::Object Values;
      for (const auto &[Name, V] : X->leafValues())
        Values[Name] = V;
      O["values"] = std::move(Values);
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

static json::Value addressJson(const passes::AddressRecord &A) {
  json::Object Inputs;
  for (const auto &[Name, V] : A.Proof.Inputs)
    Inputs[Name] = static_cast<int64_t>(V);
  json::Value Cex = nullptr;
  if (A.Proof.Status == "refuted")
    Cex = json::Object{{"inputs", std::move(Inputs)}};
  return json::Object{
      {"base", A.Base},
      {"object", A.Object},
      {"space", A.Space},
      {"loc", locJson(A.Loc)},
      {"original", A.Original},
      {"delta", A.Delta},
      {"index", A.Index.empty() ? json::Value(nullptr) : json::Value(A.Index)},
      {"scale", A.Index.empty() ? json::Value(nullptr) : json::Value(A.Scale)},
      {"status", A.Status},
      {"proof", json::Object{{"status", A.Proof.Status},
                             {"ms", A.Proof.Ms},
                             {"reason", A.Proof.Reason},
                             {"counterexample", std::move(Cex)}}},
  };
}

std::string reportText(const RunInfo &Info, const PipelineResult &R) {
  Counts C = countVerdicts(R);
  AddressCounts A = countAddresses(R);
  unsigned Kernels = 0, Queries = 0, Unknowns = 0, FastPairs = 0;
  for (const passes::FunctionSyncResult &F : R.Functions) {
    for (const passes::SyncRecord &S : F.Syncs) {
      Queries += S.SolverQueries;
      Unknowns += S.SolverUnknowns;
      FastPairs += S.FastPathPairs;
    }
  }
  // One entry per function, in the order the passes first reported it (a
  // later result of the same pass for it replaces an earlier one).
  struct Entry {
    const passes::FunctionSyncResult *Sync = nullptr;
    const passes::FunctionAddressResult *Address = nullptr;
  };
  std::vector<std::string> Order;
  std::map<std::string, Entry> ByName;
  auto Of = [&](const std::string &Name) -> Entry & {
    auto [It, New] = ByName.try_emplace(Name);
    if (New)
      Order.push_back(Name);
    return It->second;
  };
  for (const passes::FunctionSyncResult &F : R.Functions)
    Of(F.Function).Sync = &F;
  for (const passes::FunctionAddressResult &F : R.Addresses)
    Of(F.Function).Address = &F;
  auto IsKernel = [](const Entry &E) { return E.Sync ? E.Sync->IsKernel : E.Address && E.Address->IsKernel; };
  for (const auto &[Name, E] : ByName)
    Kernels += IsKernel(E);

  json::Object Summary{{"functions", Order.size()},
                       {"kernels", Kernels},
                       {"barriers", C.Sites},
                       {"removed", C.Removed},
                       {"kept", C.Kept},
                       {"exempt", C.Exempt},
                       {"proved", C.Proved},
                       {"refuted", C.Refuted},
                       {"unknown", C.Unknown},
                       {"unchecked", C.Unchecked},
                       {"bases_merged", A.Bases},
                       {"allocas_merged", A.Allocas},
                       {"addresses_rewritten", A.Rewritten},
                       {"addresses_rolled_back", A.RolledBack},
                       {"delta_proved", A.Proved},
                       {"delta_refuted", A.Refuted},
                       {"delta_unknown", A.Unknown},
                       {"address_instructions_before", R.AddressInstructionsBefore},
                       {"address_instructions_after", R.AddressInstructionsAfter},
                       {"fast_path_pairs", FastPairs},
                       {"solver_queries", Queries},
                       {"solver_unknowns", Unknowns},
                       {"ms", R.Ms}};

  // Streamed, one barrier or address at a time: a tree of the whole report
  // took some twenty times its text's size. Keys are written in sorted
  // order, as json::Value prints an object's (the small objects still are
  // json::Values).
  // A string stream writes through unbuffered, and json::OStream writes a
  // character at a time: buffering it halves the cost of the report.
  std::string Text;
  raw_string_ostream OS(Text);
  OS.SetBuffered();
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("ablate", Info.Ablations);
    J.attributeArray("functions", [&] {
      for (const std::string &Name : Order) {
        const Entry &E = ByName[Name];
        J.object([&] {
          J.attributeArray("addresses", [&] {
            if (E.Address)
              for (const passes::AddressRecord &Rec : E.Address->Addresses)
                J.value(addressJson(Rec));
          });
          J.attribute("analysis_ms", E.Sync ? E.Sync->AnalysisMs : 0.0);
          J.attributeArray("barriers", [&] {
            if (E.Sync)
              for (const passes::SyncRecord &S : E.Sync->Syncs)
                J.value(barrierJson(S));
          });
          J.attribute("allocas_merged", E.Address ? E.Address->AllocasMerged : 0);
          J.attribute("bases_merged", E.Address ? E.Address->BasesMerged : 0);
          J.attribute("cbe_ms", E.Address ? E.Address->Ms : 0.0);
          J.attribute("cbe_rounds", E.Address ? E.Address->Rounds : 0);
          J.attribute("cbe_strict_for_loops", E.Address && E.Address->StrictForLoops);
          J.attribute("kernel", IsKernel(E));
          J.attribute("launch", E.Sync ? json::Value(E.Sync->Launch) : json::Value(nullptr));
          J.attribute("launch_conflict", E.Sync && E.Sync->LaunchConflict);
          J.attribute("name", Name);
        });
      }
    });
    J.attribute("input", Info.Input);
    J.attribute("passes", R.Passes);
    J.attribute("summary", std::move(Summary));
    J.attribute("tool", "xwarp");
    J.attribute("variant", Info.Variant);
    J.attribute("verify", Info.Verify);
    J.attribute("version", XWARP_VERSION);
  });
  OS << "\n";
  OS.flush();
  return Text;
}

} // namespace xwarp::tools
