//===- passes/Variant.cpp -------------------------------------------------===//
#include "passes/Variant.h"

namespace xwarp::passes {

std::optional<Variant> parseVariant(const std::string &Name) {
  if (Name == "dataflow")
    return Variant::Dataflow;
  return std::nullopt;
}

const char *variantName(Variant V) {
  switch (V) {
  case Variant::Dataflow: return "dataflow";
  }
  return "?";
}

const char *variantList() { return "dataflow"; }

std::unique_ptr<core::ConflictOracle> makeOracle(Variant V) {
  switch (V) {
  case Variant::Dataflow: return std::make_unique<core::FlagOracle>();
  }
  return nullptr;
}

core::DependenceGraph::Scope scopeOf(Variant V) { return core::DependenceGraph::Scope::Function; }

} // namespace xwarp::passes
