//===- core/LeafDefinitions.h - IR operations a model leaf is defined by ---===//
//
// The term algebra has +, *, <<, extensions and truncation. Other integer
// operations become leaves, and some of those carry their definition for the
// solver (model::LeafDef): bit operations, shifts and divisions, comparisons
// (t != 0) and selects (t + 1 < n ? t + 1 : t). This says which IR
// instruction is which definition, over which operands.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_LEAFDEFINITIONS_H
#define XWARP_CORE_LEAFDEFINITIONS_H

#include "model/Term.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace llvm {
class Value;
} // namespace llvm

namespace xwarp::core {

struct LeafDefinition {
  model::LeafDef Op = model::LeafDef::None;
  /// In the definition's order: a comparison's two sides (swapped for
  /// greater-than, which is less-than the other way round); a select's
  /// condition, then its two values.
  llvm::SmallVector<const llvm::Value *, 3> Operands;
};

/// The definition of V's leaf of Width bits, if V is an operation with one
/// (a comparison's leaf is 1 bit wide; the others are V's width).
std::optional<LeafDefinition> leafDefinitionOf(const llvm::Value &V, unsigned Width);

} // namespace xwarp::core

#endif
