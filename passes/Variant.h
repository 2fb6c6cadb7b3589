//===- passes/Variant.h - The variants of Dead Sync Elimination ------------===//
#ifndef XWARP_PASSES_VARIANT_H
#define XWARP_PASSES_VARIANT_H

#include "core/ConflictOracle.h"
#include "core/DependenceGraph.h"

#include <memory>
#include <optional>
#include <string>

namespace xwarp::passes {

/// DESIGN "Dead Sync Elimination: the variants". Only the precision of the
/// conflict question (and four-map's block scope) differs between them.
enum class Variant : uint8_t { Dataflow };

/// "dataflow"; nullopt for an unknown name.
std::optional<Variant> parseVariant(const std::string &Name);
const char *variantName(Variant V);
/// "dataflow" (the accepted names, for messages).
const char *variantList();

std::unique_ptr<core::ConflictOracle> makeOracle(Variant V);
core::DependenceGraph::Scope scopeOf(Variant V);

} // namespace xwarp::passes

#endif
