//===- passes/DerivedAddresses.h - May other addresses build on this? -*- C++ -*-===//
//
// common-base-elim and index reuse compute addresses off an existing one. Two
// properties of that address make this wrong where its own access was fine:
// a constant part that may be poison (a flagged constant expression, which
// only the access itself shows is not), and an inrange GEP in its
// computation (an access through any pointer derived from it must stay in
// the range, which the original addresses need not). And which poison an
// address inherits, which tells what a shared computation's flags cost.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_DERIVEDADDRESSES_H
#define XWARP_PASSES_DERIVEDADDRESSES_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Value;
} // namespace llvm

namespace xwarp::passes {

/// Whether Ptr is computed, through GEPs, casts, phis or selects, from a GEP
/// with an inrange restriction.
bool derivesFromInRange(const llvm::Value *Ptr);

/// Whether V is a phi or select with an undef or poison operand.
/// ScalarEvolution takes such a value for its other operand, which it only
/// refines: an address of that SCEV may be computed off the other operand,
/// but none off V, which is anything on the undef path.
bool isRefinedValue(const llvm::Value *V);

/// Whether Ptr is computed from such a value (through the address
/// arithmetic, phis and selects).
bool readsRefinedValue(const llvm::Value *Ptr);

/// Whether V is a constant that may be poison (a constant expression whose
/// flags, or whose operands', may not hold).
bool isPossiblyPoisonConstant(const llvm::Value *V);

/// The instructions whose poison makes V poison: those V is computed from
/// through operands that pass poison on (not a select's arms, not a phi),
/// within a bounded walk. A flag dropped for a base may stay where every
/// address computed off it is poison whenever the flagged instruction is.
llvm::SmallPtrSet<const llvm::Value *, 32> poisonSources(const llvm::Value *V);

} // namespace xwarp::passes

#endif
