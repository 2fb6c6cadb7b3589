//===- passes/DefinedBefore.h - Is a reused value defined where it is read? -*- C++ -*-===//
//
// A rewritten address may read values the original did not: an earlier
// address, its index computation, an extension with poison flags. Such a
// value is not poison where the rewrite runs if a load, store or atomic
// whose address is poison whenever the value is comes first (an access
// through poison is undefined behaviour), or if what it is computed from is
// defined there. Each vouching access is a claim the delta proof checks.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_DEFINEDBEFORE_H
#define XWARP_PASSES_DEFINEDBEFORE_H

#include "core/AddressGroups.h"
#include "verify/DeltaProver.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

namespace llvm {
class DominatorTree;
class Instruction;
class Value;
} // namespace llvm

namespace xwarp::passes {

/// The loads, stores and atomics that dominate P and whose address is
/// poison whenever V is (through the GEPs and arithmetic between), a
/// bounded search.
std::vector<const llvm::Instruction *> earlierAccessesThrough(const llvm::Value *V, const llvm::Instruction *P,
                                                              const llvm::DominatorTree &DT);

/// Whether an access through Q's own address comes before P (a constant Q:
/// whether it cannot be poison). Q's flags then hold at P.
bool accessedBefore(const core::AddressMember &Q, const llvm::Instruction *P, const llvm::DominatorTree &DT);

/// Whether Q is not poison at P by what it is computed from: arithmetic
/// without poison flags over values in PoisonOfP (poisonSources(P): their
/// poison is P's), values that cannot be poison by what they are, and values
/// an earlier access went through (added to Claims with those accesses).
/// The caller sees to it that Q dominates P and stays as it is.
bool definedByParts(const llvm::Value *Q, const llvm::Instruction *P,
                    const llvm::SmallPtrSetImpl<const llvm::Value *> &PoisonOfP, const llvm::DominatorTree &DT,
                    verify::DefinedClaims &Claims);

} // namespace xwarp::passes

#endif
