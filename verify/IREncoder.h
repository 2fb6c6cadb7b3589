//===- verify/IREncoder.h - IR address computations as Z3 bit-vectors ----===//
//
// Internal to verify/ (names Z3 types; only verify/*.cpp include it): the
// delta proof's encoding of an address computation read from the IR, each
// value a bit-vector of the DataLayout's width with the condition under
// which it is poison (nsw/nuw, exact, disjoint, nneg, shift amounts, GEP
// inbounds/nusw/nuw as the LangRef defines them).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_IRENCODER_H
#define XWARP_VERIFY_IRENCODER_H

#include "llvm/IR/InstrTypes.h"

#include <z3++.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class DataLayout;
class DominatorTree;
class GEPOperator;
class Operator;
class Type;
class Value;
} // namespace llvm

namespace xwarp::verify {

struct LoopRecurrence;

/// Something the encoding does not model: the answer is Unknown.
struct Unmodelled {
  std::string What;
};

/// A value and the condition under which it is poison.
struct Encoded {
  z3::expr V;
  z3::expr Poison;
};

/// Encodes the values an original and a rewritten address are computed
/// from, each once, in one Z3 context.
class IREncoder {
public:
  IREncoder(z3::context &C, const llvm::DataLayout &DL) : C(C), DL(DL) {}

  /// V's value and poison condition (memoized).
  Encoded encode(const llvm::Value *V);
  /// Integers at their width, pointers at their address space's.
  unsigned widthOf(llvm::Type *T) const;
  /// Encodes V as an unknown value with an unknown poison condition (an
  /// over-approximation: whatever holds for all such values holds for V).
  void abstract(const llvm::Value *V);
  /// Encodes the phis of Header that are loop recurrences as their start
  /// plus their step times one count of the loop's latches (LoopRecurrence.h),
  /// bounded where the steps do not wrap; other inputs stay unrelated.
  void relateLoop(const llvm::BasicBlock *Header, const llvm::DominatorTree &DT);
  /// The inputs: arguments, globals and opaque values, by name.
  const std::map<std::string, z3::expr> &inputs() const { return Inputs; }
  /// The inputs that are phis without a range the IR gives them (a counted
  /// loop's counter has one): a counterexample may pick values of theirs
  /// that no execution reaches.
  const std::set<std::string> &unboundedPhis() const { return UnboundedPhis; }
  /// What is known of the inputs (their ranges).
  const std::vector<z3::expr> &facts() const { return Facts; }
  /// Whether V is computed by the encoding (else an input).
  static bool isComputed(const llvm::Value *V);
  /// The value a phi merges when all its incoming values (its own back
  /// edges aside) are that one value, not undef, else V itself. The encoding
  /// reads such a phi (a loop's LCSSA phi) as the value: where the phi is
  /// used, it holds the value's latest instance (the value's block dominates
  /// the phi's, and a later instance reaches a use only through the phi).
  /// Every walk over what an address is computed from goes through it too,
  /// and through a phi of such a phi (nested loops' LCSSA phis).
  static const llvm::Value *mergedValue(const llvm::Value *V);

private:
  z3::expr resize(const z3::expr &E, unsigned W);
  z3::expr no() { return C.bool_val(false); }
  Encoded input(const llvm::Value *V);
  /// A related loop's recurrence: its start plus its step times the loop's
  /// latch count, with the facts its no-wrap flags give.
  z3::expr recurrence(const LoopRecurrence &R, const llvm::BasicBlock *Header, unsigned W);
  Encoded compute(const llvm::Value *V);
  z3::expr compare(llvm::CmpInst::Predicate P, const z3::expr &A, const z3::expr &B);
  /// Overflow of A op B at their width, signed or unsigned, computed exactly
  /// at double width.
  z3::expr overflows(unsigned Opcode, const z3::expr &A, const z3::expr &B, bool Signed);
  Encoded arithmetic(const llvm::Operator *O, Encoded A, Encoded B);
  Encoded division(const llvm::Operator *O, Encoded A, Encoded B);
  /// base + sum(index * stride), with the GEP's flags as LangRef states them:
  /// nusw (implied by inbounds): index*stride and the running offset do not
  /// wrap signed, and address + offset does not wrap unsigned; nuw: none of
  /// them wraps unsigned. inbounds' "within an allocated object" is not
  /// modelled (assumed on the original, never shown for a rewrite).
  Encoded gep(const llvm::GEPOperator *G);

  z3::context &C;
  const llvm::DataLayout &DL;
  std::map<const llvm::Value *, Encoded> Memo;
  std::map<std::string, z3::expr> Inputs;
  std::set<std::string> UnboundedPhis;
  std::vector<z3::expr> Facts;
  /// The headers relateLoop named, each with its latch count once made.
  std::map<const llvm::BasicBlock *, std::optional<z3::expr>> Related;
  const llvm::DominatorTree *DT = nullptr;
};

} // namespace xwarp::verify

#endif
