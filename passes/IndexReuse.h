//===- passes/IndexReuse.h - An address as an earlier one plus an index ----===//
//
// The second half of Common Base Elimination, for addresses of one base that
// differ by more than a constant: when ScalarEvolution says an address is a
// dominating address of the same base and space plus a scaled value,
// `P = Q + k * ext(V)` (the `s[t + stride]` next to `s[t]` of a tree
// reduction), where V is a value P's own computation is built from, an
// operand or an intermediate result (the k + 1 of `in[(k + 1) * 128 + t]`
// next to `in[t]`), P becomes `getelementptr T, Q, ext(V)` with T of size k and no
// poison flags. A constant left over becomes a byte GEP after it; Q may also
// be P's object itself (an argument, global or alloca): `floats[t + 1]`
// alone on its array, next to the `zext(t)` of `ints[t]`, becomes
// `floats + 4 * zext(t) + 4`. Addresses whose extensions, distributed,
// leave the same variable part are a constant apart, which ScalarEvolution
// may not see: P becomes a byte GEP off Q. An existing extension of V is
// reused, one with poison flags where an access through it comes before P.
// The reused address Q is defined at P where an access through it comes
// first, or, for an address never rewritten (a canonical base), where what
// it is computed from is: flagless arithmetic over values that P's poison
// depends on, that cannot be poison, or that an earlier access went through.
// Kept only if it removes more instructions than it creates; on a tie off
// the object rather than an earlier address. With a delta prover each
// rewrite is proved equal to the original and, in strict mode, put back
// unless proved.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_INDEXREUSE_H
#define XWARP_PASSES_INDEXREUSE_H

#include "core/AddressDecomposition.h"
#include "core/AddressGroups.h"
#include "passes/AddressResults.h"
#include "passes/IRText.h"
#include "passes/VerifyMode.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/ValueHandle.h"

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class Instruction;
class LoopInfo;
class SCEV;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace xwarp::verify {
class DeltaProver;
}

namespace xwarp::passes {

struct IndexReuseOutcome {
  /// The memory operation that anchors the remark.
  llvm::Instruction *At = nullptr;
  /// The reused address and the index, as printed operands.
  std::string Reused, Index;
  int64_t Scale = 0;
  unsigned Created = 0, Removed = 0;
  AddressRecord Record;
};

class IndexReuse {
public:
  IndexReuse(llvm::Function &F, llvm::ScalarEvolution &SE, llvm::DominatorTree &DT, llvm::LoopInfo &LI,
             VerifyMode Verify, verify::DeltaProver *Prover, IRPrinter &Printer);

  /// Rewrites the addresses of the groups (core::AddressGrouping::Groups)
  /// that pay off; Keep are values never rewritten (canonical bases).
  std::vector<IndexReuseOutcome> run(std::vector<std::vector<core::AddressMember>> Groups,
                                     const llvm::SmallPtrSetImpl<const llvm::Value *> &Keep);
  /// The extensions the rewrites that stayed made (null once erased).
  const std::vector<llvm::WeakTrackingVH> &madeCasts() const { return MadeCasts; }

private:
  struct Candidate;
  /// An address with extensions distributed, and the values it was built from.
  struct Form {
    const llvm::SCEV *Address = nullptr;
    /// Address without its constant byte offset, and that offset.
    const llvm::SCEV *Variable = nullptr;
    llvm::APInt Constant;
    std::vector<core::DecomposedValue> Values;
  };
  const Form *formOf(const core::AddressMember &M);
  /// A value P's address may be rebuilt from, as an index, with what the
  /// rewrite costs (Reused and Scale not yet set).
  struct IndexChoice;
  /// The values of P's form that can index P's rewrite, in the form's order.
  std::vector<IndexChoice> indexChoices(llvm::Instruction *PI, const Form &PF) const;
  /// The best earlier address of Group to rewrite Group[Pos] off, paying
  /// or not, but for the rewrites in PutBack.
  std::optional<Candidate> bestFor(const std::vector<core::AddressMember> &Group, size_t Pos,
                                   const std::vector<Candidate> &PutBack = {});
  /// Rewrites P (its Pointer becomes the rewrite); SharedExt: an extension
  /// of the index made for another address of its bundle, else ExtAt: where
  /// a new one goes. Returns the extension used, or null if P was put back
  /// (strict mode, or an input that may be poison). With Stands, only asks:
  /// the rewrite is made, checked and put back, and Stands says whether it
  /// would have stayed (nothing recorded).
  llvm::Instruction *apply(core::AddressMember &P, const Candidate &C, llvm::Instruction *SharedExt,
                           llvm::Instruction *ExtAt, std::vector<IndexReuseOutcome> &Out, bool *Stands = nullptr);
  /// Where a new extension of V goes to serve the addresses Users.
  llvm::Instruction *extensionPoint(llvm::Value *V, llvm::ArrayRef<llvm::Instruction *> Users) const;

  /// Earlier addresses tried for one address at most.
  static constexpr unsigned MaxReusedTried = 16;
  unsigned countDead(llvm::Instruction *P, const llvm::Instruction *Kept) const;

  llvm::Function &F;
  llvm::ScalarEvolution &SE;
  llvm::DominatorTree &DT;
  llvm::LoopInfo &LI;
  VerifyMode Verify;
  verify::DeltaProver *Prover;
  IRPrinter &Printer;
  /// Instructions the rewrites so far let go (deleted at the end of run()).
  llvm::SmallPtrSet<llvm::Instruction *, 16> Doomed;
  /// The addresses rewritten (deleted at the end of run()).
  std::vector<llvm::Instruction *> Replaced;
  llvm::SmallPtrSet<const llvm::Value *, 16> Rewrites;
  std::vector<llvm::WeakTrackingVH> MadeCasts;
  /// run()'s Keep: addresses no rewrite replaces.
  const llvm::SmallPtrSetImpl<const llvm::Value *> *Kept = nullptr;
  llvm::DenseMap<const llvm::Value *, llvm::Value *> ReplacedBy;
  /// The GEPs rewrites made, by reused address, index and scale.
  std::map<std::tuple<const llvm::Value *, const llvm::Value *, int64_t>, llvm::Instruction *> MadeIndexed;
  /// By address value; a rewrite shares the form of the address it stands
  /// for. The forms live in a deque, which keeps them in place.
  llvm::DenseMap<const llvm::Value *, Form *> Forms;
  std::deque<Form> FormStore;
};

} // namespace xwarp::passes

#endif
