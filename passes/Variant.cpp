//===- passes/Variant.cpp -------------------------------------------------===//
#include "passes/Variant.h"

#include "core/AddressOracle.h"
#include "core/FourMapOracle.h"
#include "verify/Z3OverlapSolver.h"


namespace xwarp::passes {

std::optional<Variant> parseVariant(const std::string &Name) {
  if (Name == "four-map")
    return Variant::FourMap;
  if (Name == "dataflow")
    return Variant::Dataflow;
  if (Name == "address")
    return Variant::Address;
  return std::nullopt;
}

const char *variantName(Variant V) {
  switch (V) {
  case Variant::FourMap: return "four-map";
  case Variant::Dataflow: return "dataflow";
  case Variant::Address: return "address";
  }
  return "?";
}

const char *variantList() { return "four-map, dataflow or address"; }

bool needsAddresses(Variant V) { return V != Variant::Dataflow; }

bool needsOffsets(Variant V, const core::Ablations &Ablate) {
  return V == Variant::Address || (V == Variant::FourMap && Ablate.OwnAddressKeys);
}

std::unique_ptr<model::OverlapSolver> makeSolver(Variant V, const VariantOptions &Opts,
                                                 bool Checking) {
  if (V != Variant::Address && !Checking)
    return nullptr;
  return verify::createZ3OverlapSolver(Opts.SolverTimeoutMs);
}

VariantOracle makeOracle(Variant V, const VariantOptions &Opts, model::OverlapSolver *Solver,
                         const core::Ablations &Ablate) {
  VariantOracle R;
  switch (V) {
  case Variant::FourMap:
    R.Oracle = std::make_unique<core::FourMapOracle>(Ablate);
    R.Scope = core::DependenceGraph::Scope::Block;
    break;
  case Variant::Dataflow:
    R.Oracle = std::make_unique<core::FlagOracle>(Ablate);
    break;
  case Variant::Address:
    R.Oracle = std::make_unique<core::AddressOracle>(Solver, Opts.PathConditions, Ablate);
    break;
  }
  return R;
}

} // namespace xwarp::passes
