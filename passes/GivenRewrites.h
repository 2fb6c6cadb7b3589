//===- passes/GivenRewrites.h - Which rewrites a delta proof takes as given -*- C++ -*-===//
//
// common-base-elim rewires every use of a member's address it can to the new
// one, so a second member whose address was computed from the first now is
// computed from the first's rewrite. The second's delta proof compares its
// rewrite with that computation: it holds for the input only if the first's
// rewrite is proved as well (were it put back, the second's could differ
// from its address in the input).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_GIVENREWRITES_H
#define XWARP_PASSES_GIVENREWRITES_H

#include "passes/AddressResults.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace llvm {
class Instruction;
class Value;
} // namespace llvm

namespace xwarp::passes {

/// For each of Addresses, the indices J of the rewrites whose rewired users
/// (Rewired[J]: instructions that took rewrite J's address in place of the
/// old one, memory operations aside) it is computed from, itself aside.
std::vector<std::vector<unsigned>> givenRewrites(llvm::ArrayRef<const llvm::Value *> Addresses,
                                                 llvm::ArrayRef<std::vector<const llvm::Instruction *>> Rewired);

/// Makes unknown each proved record whose proof took as given (Given, as
/// givenRewrites says) a rewrite whose own proof is not proved, until none
/// changes.
void withdrawGivenProofs(llvm::ArrayRef<AddressRecord *> Records,
                         const std::vector<std::vector<unsigned>> &Given);

/// Whether I only passes an address to memory (a load, store or atomic):
/// what it yields is not computed from the address.
bool accessesThrough(const llvm::Instruction &I);

} // namespace xwarp::passes

#endif
