//===- core/AddressDecomposition.h - An address as variable part + constant -===//
//
// The reference's address decomposition on top of ScalarEvolution: a memory
// operation's address split into a variable part (a SCEV: the pointer base
// plus the offsets that depend on values) and a constant byte offset, walking
// the IR through the opcode set (GEP, add/sub/mul/shl, disjoint or,
// sext/zext/trunc).
//
// Extensions are where ScalarEvolution alone loses constants: sext(i + 1)
// is a different SCEV from sext(i) + 1 unless SCEV can prove i + 1 does not
// overflow everywhere. The IR often says it for the instruction at hand:
// an extension distributes over `add nsw` and `sub nsw` (sext), `add nuw`
// and `sub nuw` (zext) and a disjoint `or` (both), and over multiplications
// and shifts by constants with the matching flag. The split is then exact wherever the address itself
// is not poison, which is all a rewrite of that address needs. Splits that
// rely on such flags say so (UsesIRFlags): the address's own instructions
// cannot then stand for the whole class (they may be poison where another
// member is not); the SCEV of the split can.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_ADDRESSDECOMPOSITION_H
#define XWARP_CORE_ADDRESSDECOMPOSITION_H

#include "llvm/ADT/APInt.h"

#include <optional>
#include <vector>

namespace llvm {
class DataLayout;
class SCEV;
class ScalarEvolution;
class Type;
class Value;
} // namespace llvm

namespace xwarp::core {

struct DecomposedAddress {
  /// Pointer-typed, in Space: the pointer base plus the variable offsets.
  const llvm::SCEV *Variable = nullptr;
  /// Bytes, at the index width of Space.
  llvm::APInt Constant;
  /// The address space of the object (an addrspacecast of the base to another
  /// space of the same width is looked through: it keeps offsets).
  unsigned Space = 0;
  /// The split relied on nsw/nuw/disjoint/nneg flags of the IR.
  bool UsesIRFlags = false;

  /// Variable + Constant as one SCEV.
  const llvm::SCEV *address(llvm::ScalarEvolution &SE) const;
};

/// An integer value the decomposition met, as it entered the address: Scev
/// is V's split, or that of its extension (ExtOpcode zext or sext, as the IR
/// applied it; 0 for none), written as one SCEV. For an instruction the walk
/// went through, the split may rely on the IR's flags like the address's.
struct DecomposedValue {
  const llvm::SCEV *Scev = nullptr;
  const llvm::Value *V = nullptr;
  unsigned ExtOpcode = 0;
};

struct DecomposeOptions {
  /// Distribute extensions over no-wrap adds and disjoint ors even when no
  /// constant comes out: the form in which addresses that differ by a value
  /// (not a constant) show the difference. Exact where the address is not
  /// poison.
  bool DistributeExtensions = false;
  /// If set, gets each integer value the walk met, the opaque operands and
  /// the instructions it went through alike, plain and under each extension
  /// that reached it: the indices an address may be rebuilt from.
  std::vector<DecomposedValue> *Values = nullptr;
};

/// Ptr's address split; nullopt if Ptr is not a pointer ScalarEvolution can
/// describe.
std::optional<DecomposedAddress> decomposeAddress(const llvm::Value *Ptr, llvm::ScalarEvolution &SE,
                                                  const llvm::DataLayout &DL,
                                                  const DecomposeOptions &Opts = {});

/// The integer V as the split of an address records it (DecomposedValue):
/// extended to Ty by ExtOpcode (zext or sext), or as it is for 0 (Ty is then
/// V's type), written as one SCEV. Exact wherever V is not poison.
const llvm::SCEV *decomposeInteger(const llvm::Value *V, unsigned ExtOpcode, llvm::Type *Ty,
                                   llvm::ScalarEvolution &SE, const llvm::DataLayout &DL,
                                   const DecomposeOptions &Opts = {});

} // namespace xwarp::core

#endif
