//===- verify/PoisonInputs.h - Inputs a rewrite may not rely on -------------===//
//
// The delta proof gives each input of an address computation (a phi, a load,
// an argument, a call) one value. In LLVM an input may be poison (a phi of
// poison, an argument without noundef) or undef (a load of memory never
// written), and undef may be another value at each use. The proof holds
// where neither matters: the rewrite uses an input that may be poison only
// if the original's own poison depends on it (it is not poison wherever the
// original is defined), and one that may be undef by a single path only
// (x - x is not 0 when each x is chosen apart), paths counted also through
// the phis and intrinsics ScalarEvolution reads through (the rewrite of a
// pass without proofs rests on its equalities: x - smax(x, x) is 0 to it).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_POISONINPUTS_H
#define XWARP_VERIFY_POISONINPUTS_H

#include <set>
#include <string>

namespace llvm {
class Value;
} // namespace llvm

namespace xwarp::verify {

/// An input of Rewritten the proof may not treat as one value wherever
/// Original and every value of Defined are defined, or null if none.
/// MayBeUndef tells which rule it breaks (used twice, or maybe poison).
const llvm::Value *undefinedInput(const llvm::Value *Original, const llvm::Value *Rewritten,
                                  const std::set<const llvm::Value *> &Defined, bool &MayBeUndef);

/// Whether V may be poison by what it is itself, in any program: an argument
/// without noundef, a load without !noundef, a call without a noundef return,
/// arithmetic with poison flags, a poison constant, a phi of any of these.
/// (LLVM's isGuaranteedNotToBePoison also reasons from undefined behaviour
/// that follows V, which a rewrite before it may not rest on.)
bool mayBePoisonItself(const llvm::Value *V);

/// undefinedInput's finding as the reports say it, or "" if there is none.
std::string undefinedInputReason(const llvm::Value *Original, const llvm::Value *Rewritten,
                                 const std::set<const llvm::Value *> &Defined = {});

} // namespace xwarp::verify

#endif
