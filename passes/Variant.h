//===- passes/Variant.h - The variants of Dead Sync Elimination ------------===//
#ifndef XWARP_PASSES_VARIANT_H
#define XWARP_PASSES_VARIANT_H

#include "core/Ablations.h"
#include "core/ConflictOracle.h"
#include "core/DependenceGraph.h"
#include "model/Launch.h"
#include "model/OverlapQuery.h"

#include <memory>
#include <optional>
#include <string>

namespace xwarp::passes {

/// DESIGN "Dead Sync Elimination: the variants": the same pipeline with a
/// different precision of the conflict question (and four-map's block scope).
enum class Variant : uint8_t { FourMap, Dataflow, Address };

/// "four-map", "dataflow", "address"; nullopt for an unknown name.
std::optional<Variant> parseVariant(const std::string &Name);
const char *variantName(Variant V);
/// "four-map, dataflow or address" (for messages).
const char *variantList();
/// Whether the variant reads symbolic addresses (dataflow needs only spaces).
bool needsAddresses(Variant V);
/// Whether it needs their offsets too (four-map only under own-address-keys).
bool needsOffsets(Variant V, const core::Ablations &Ablate);

struct VariantOptions {
  /// address: add the sites' dominating branch conditions to solver queries.
  bool PathConditions = true;
  /// address: per-query solver timeout.
  unsigned SolverTimeoutMs = 2000;
  /// Fixes block dimensions for every kernel (narrows the IR's bounds).
  std::optional<model::BlockDimSpec> BlockDim;
};

/// The solver a run needs (address, or the checker), shared by all its
/// functions (a Z3 context is costly to create); null when none is needed.
std::unique_ptr<model::OverlapSolver> makeSolver(Variant V, const VariantOptions &Opts,
                                                 bool Checking = false);

/// A variant's oracle for one function (oracles cache per-site answers).
struct VariantOracle {
  std::unique_ptr<core::ConflictOracle> Oracle;
  core::DependenceGraph::Scope Scope = core::DependenceGraph::Scope::Function;
};
VariantOracle makeOracle(Variant V, const VariantOptions &Opts, model::OverlapSolver *Solver,
                         const core::Ablations &Ablate = {});

} // namespace xwarp::passes

#endif
