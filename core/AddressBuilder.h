//===- core/AddressBuilder.h - Symbolic byte addresses from the IR ---------===//
//
// Turns a pointer into (underlying object, byte offset term). The offset is
// built as an expression of the model's own ScalarEvolution (one that reads no IR
// no-wrap flags, core/FlaglessScalarEvolution) by a walk restricted to the opcode set
// of the reference description (GEP, add, mul, shl by a constant,
// sext/zext/trunc, phi through SCEV's recurrences) plus `sub` and
// `or disjoint`, which are additions in disguise; every other operand is an
// opaque leaf. Leaves of and/or/xor/shift/div/rem instructions carry their
// definition, which only the solver reads. The SCEV is then translated into a model term: affine
// recurrences {s,+,d}<L> become s + d * iter(L) with iter(L) fresh per event,
// leaves are classified by ValueVariance.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_ADDRESSBUILDER_H
#define XWARP_CORE_ADDRESSBUILDER_H

#include "core/InBoundsIterations.h"
#include "core/ValueVariance.h"
#include "model/Access.h"
#include "model/Launch.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace llvm {
class DataLayout;
class DominatorTree;
class GlobalVariable;
class Loop;
class LoopInfo;
class PHINode;
class SelectInst;
class SCEV;
class ScalarEvolution;
class Type;
class Value;
} // namespace llvm

namespace xwarp::core {

class FlaglessScalarEvolution;

class AddressBuilder {
public:
  /// Without SE, addresses are only their objects (build with ObjectOnly).
  AddressBuilder(const llvm::DataLayout &DL, FlaglessScalarEvolution *SE, const llvm::LoopInfo &LI,
                 const llvm::DominatorTree &DT, const llvm::DenseSet<const llvm::GlobalVariable *> &UndefinedGlobals,
                 model::TermContext &Terms, bool IsKernel, const model::LaunchBounds &Launch,
                 unsigned MaxDepth = 16);

  /// The symbolic address of Ptr. The offset is null when it cannot be
  /// expressed (vector GEPs, widths over 64 bits, ...). ObjectOnly: just the
  /// object under the GEPs and casts, no offset (and no ScalarEvolution).
  model::SymbolicAddress build(const llvm::Value *Ptr, bool ObjectOnly = false);

  /// The term of an integer value (exposed for tests and later precisions).
  const model::Term *termOf(const llvm::Value *V);

  /// Guards `iter(L) <= bound` for the iteration leaves in T whose loop has
  /// a constant bound (iterationLimit), as they hold where the access At
  /// runs (one less past an access that bounds L, BoundingAccess).
  std::vector<model::Guard> iterationBounds(const model::Term *T, const llvm::Instruction *At) const;

  /// The leaves made so far for L's iteration number (one per width), and
  /// for V, a loop header's phi (core/IterationAlignment shares them).
  llvm::ArrayRef<const model::Term *> iterationLeaves(const llvm::Loop *L) const;
  llvm::ArrayRef<const model::Term *> loopVariantLeaves(const llvm::Value *V) const;
  /// The object made for Phi, one of a swapped pair of pointers over two
  /// distinct objects (core/SwappedPointers.h) that an address was built on;
  /// null if none.
  const model::MemoryObject *alternatingObjectOf(const llvm::Value *Phi) const;
  /// The turn leaf of the swapped pair over one object that Phi belongs to,
  /// if an address was built on it: whether the pair's first pointer holds
  /// the second start (core/IterationAlignment shares it where the
  /// iteration fixes it); null if none.
  const model::Term *pairTurnOf(const llvm::Value *Phi) const;

private:
  const llvm::SCEV *walk(const llvm::Value *V, unsigned Depth);
  const model::Term *toTerm(const llvm::SCEV *S);
  const model::Term *leafOf(const llvm::Value *V, unsigned Width);
  /// Records V's defining operation on its leaf (xor, and, shifts, div, rem).
  void define(const model::Term *Leaf, const llvm::Value *V);
  const model::Term *opaque(const llvm::SCEV *S, unsigned Width);
  /// For a pointer carried around a loop (`p += 64`): the object
  /// ScalarEvolution's recurrence is based on, and the distance of the
  /// pointer from it; null if there is none (or it is the PHI itself).
  const llvm::Value *loopCarriedBase(const llvm::PHINode *Phi, const llvm::SCEV *&Distance);
  /// Base's object, made once per base (most accesses share a few bases).
  const model::MemoryObject &objectOf(const llvm::Value *Base);
  model::MemoryObject makeObject(const llvm::Value *Base);
  /// For addresses with offsets: Base's object, or the pair Base takes turns
  /// in when it is one of two pointers a loop swaps.
  const model::MemoryObject &baseObjectOf(const llvm::Value *Base);
  /// A pointer that is one of two places in one object: the object, the
  /// offset of the place it holds (a leaf selecting one of the two), and
  /// for a swapped pair the turn that selects.
  struct Place {
    model::MemoryObject Object;
    const model::Term *Start = nullptr, *Turn = nullptr;
  };
  /// Phi, one of a swapped pair of pointers to two places in one object,
  /// each the same in every thread (`src = s, dst = s + n`).
  std::optional<Place> placeInPair(const llvm::PHINode *Phi, unsigned IndexWidth);
  /// A select of two places in one object, or in two distinct objects (an
  /// Alternating object whose turn the condition picks); no turn leaf.
  std::optional<Place> selectedPlace(const llvm::SelectInst *Sel, unsigned IndexWidth);
  /// A value's name as the IR prints it, where that is cheap: named values,
  /// unnamed arguments (clang drops parameter names) and unnamed global
  /// variables. Other unnamed values would need a slot tracker over the
  /// whole function.
  static std::optional<std::string> printedName(const llvm::Value *V);
  std::string nameOf(const llvm::Value *V);
  /// Whether V is computed from undef, which may be another value at each
  /// use: ScalarEvolution and the terms would read two uses as one (undef -
  /// undef as 0, a guard on undef as a fact about the address's undef).
  bool fromUndef(const llvm::Value *V);
  /// The greatest iteration of L that can start: ScalarEvolution's maximal
  /// backedge-taken count, or what an access in bounds of its object allows
  /// (core/InBoundsIterations.h), whichever is less; once per loop.
  std::optional<uint64_t> iterationLimit(const llvm::Loop &L);
  /// Whether one of L's exits tests a value that may be undef: computed from
  /// undef, or from a value LLVM does not guarantee defined (a load, a call
  /// without noundef).
  bool exitsFromUndef(const llvm::Loop &L);

  const llvm::DataLayout &DL;
  const FlaglessScalarEvolution *Flagless;
  llvm::ScalarEvolution *SE;
  const llvm::LoopInfo &LI;
  const llvm::DominatorTree &DT;
  /// The globals that hold nothing but undef (ModuleFacts).
  const llvm::DenseSet<const llvm::GlobalVariable *> &UndefinedGlobals;
  model::TermContext &Terms;
  ValueVariance Variance;
  bool IsKernel;
  /// The block dimensions the function runs under (ntid's range).
  model::LaunchBounds Launch;
  unsigned MaxDepth;
  llvm::DenseMap<const llvm::SCEV *, const model::Term *> TermMemo;
  llvm::DenseMap<const llvm::Value *, model::MemoryObject> Objects;
  /// baseObjectOf's swapped pointers (Objects keeps what objectOf says of
  /// them, the unknown object of four-map and dataflow).
  llvm::DenseMap<const llvm::Value *, model::MemoryObject> Alternating;
  /// placeInPair's answers, none included.
  llvm::DenseMap<const llvm::Value *, std::optional<Place>> Places;
  /// The selects whose places are being built (selectedPlace).
  llvm::SmallPtrSet<const llvm::Value *, 4> SelectsOpen;
  /// The turn of each pair over one object, by its first phi.
  llvm::DenseMap<const llvm::Value *, const model::Term *> PairTurns;
  /// The objects of the pairs of selects over two distinct objects, by
  /// condition and the objects' keys (ordered).
  std::map<std::tuple<const model::Term *, uint64_t, uint64_t>, std::shared_ptr<const model::ObjectTurns>>
      SelectTurns;
  /// What bounds a loop's iterations: the limit of every iteration that
  /// starts, and the accesses that bound the iterations they run in.
  struct LoopLimit {
    std::optional<uint64_t> Limit;
    std::vector<BoundingAccess> Bounding;
  };
  /// Iteration leaves with a known bound, and their loops.
  std::map<const model::Term *, const llvm::Loop *, model::TermIdLess> IterBound;
  llvm::DenseMap<const llvm::Loop *, LoopLimit> IterationLimits;
  llvm::DenseMap<const llvm::Loop *, llvm::SmallVector<const model::Term *, 1>> IterLeaves;
  llvm::DenseMap<const llvm::Value *, llvm::SmallVector<const model::Term *, 1>> VariantLeaves;
  unsigned Unnamed = 0;
  unsigned DefinitionDepth = 0;
  /// The instructions computed from undef, found at the first question.
  std::optional<llvm::DenseSet<const llvm::Value *>> FromUndef;
};

} // namespace xwarp::core

#endif
