//===- passes/DerivedAddresses.h - May other addresses build on this? -*- C++ -*-===//
//
// common-base-elim and index reuse compute addresses off an existing one. Two
// properties of that address make this wrong where its own access was fine:
// a constant part that may be poison (a flagged constant expression, which
// only the access itself shows is not), and an inrange GEP in its
// computation (an access through any pointer derived from it must stay in
// the range, which the original addresses need not).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_DERIVEDADDRESSES_H
#define XWARP_PASSES_DERIVEDADDRESSES_H

namespace llvm {
class Value;
} // namespace llvm

namespace xwarp::passes {

/// Whether Ptr is computed, through GEPs, casts, phis or selects, from a GEP
/// with an inrange restriction.
bool derivesFromInRange(const llvm::Value *Ptr);

/// Whether V is a constant that may be poison (a constant expression whose
/// flags, or whose operands', may not hold).
bool isPossiblyPoisonConstant(const llvm::Value *V);

} // namespace xwarp::passes

#endif
