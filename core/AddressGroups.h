//===- core/AddressGroups.h - Addresses that share a base ------------------===//
//
// The analysis of Common Base Elimination (DESIGN "Common Base Elimination"):
// the address of every load, store and atomic as a ScalarEvolution
// expression (core/AddressDecomposition.h), grouped by pointer base and address space, and within a group
// into classes whose addresses differ by constants. A class is what one
// canonical base can serve: each member is the base plus its offset.
//
// An address whose computation, walked through the reference's opcode set
// (GEP, add/sub/mul/shl, disjoint or, sext/zext/trunc, phi), is deeper than
// the depth cap is not grouped: deep expressions never collide.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_ADDRESSGROUPS_H
#define XWARP_CORE_ADDRESSGROUPS_H

#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace llvm {
class Function;
class Instruction;
class SCEV;
class ScalarEvolution;
class Type;
class Value;
} // namespace llvm

namespace xwarp::core {

/// One address value and the memory operations that use it as their address.
struct AddressMember {
  llvm::Value *Pointer = nullptr;
  std::vector<llvm::Instruction *> MemoryOps;
  /// The address in the class's address space.
  const llvm::SCEV *Address = nullptr;
  /// Bytes above the class's anchor (>= 0).
  int64_t Offset = 0;
  /// Pointer is in another address space than the class: an addrspacecast
  /// of an address in the class's space (the rewrite casts back).
  bool Cast = false;
  /// The address's split relied on its own IR flags (AddressDecomposition.h):
  /// its instructions cannot be copied to serve the class.
  bool UsesIRFlags = false;
};

struct AddressClass {
  /// The underlying object (global, argument, alloca, ...), for reports.
  const llvm::Value *Object = nullptr;
  unsigned Space = 0;
  /// The member address with the minimum offset: the canonical base.
  const llvm::SCEV *Anchor = nullptr;
  /// By offset, then program order.
  std::vector<AddressMember> Members;

  unsigned memoryOps() const;
};

struct GroupingOptions {
  unsigned MaxDepth = 8;
  /// Ablation drop-sext: sign extensions read as zero extensions (wrong).
  bool DropSext = false;
  /// Values the depth walk treats as leaves (the canonical bases of earlier
  /// rounds: a rewrite makes the addresses built on it shallow).
  const llvm::SmallPtrSetImpl<const llvm::Value *> *Leaves = nullptr;
  /// Called with each basic block's number as the walk visits it.
  std::function<void(unsigned)> OnBlock;
};

struct AddressGrouping {
  /// Classes with two or more distinct address values.
  std::vector<AddressClass> Classes;
  /// Every grouped address value (Offset 0), by pointer base and address
  /// space, in program order: what index reuse searches (addresses of one
  /// base that differ by more than a constant).
  std::vector<std::vector<AddressMember>> Groups;
  /// Memory operations whose address is deeper than the cap.
  unsigned TooDeep = 0;
};

AddressGrouping groupAddresses(llvm::Function &F, llvm::ScalarEvolution &SE,
                               const GroupingOptions &Opts);

/// The depth of V's computation through the opcode set: 0 for a leaf; more
/// than Cap is reported as Cap + 1.
unsigned addressDepth(const llvm::Value *V, unsigned Cap,
                      const llvm::SmallPtrSetImpl<const llvm::Value *> *Leaves = nullptr);

/// Whether V is an instruction of the walk's opcode set.
bool isAddressOpcode(const llvm::Value *V);

/// The pointer operand of a load, store, atomicrmw or cmpxchg; else null.
llvm::Value *addressOperand(llvm::Instruction &I);

/// The type a load, store, atomicrmw or cmpxchg moves through its address
/// (addressOperand non-null); else null.
llvm::Type *accessedType(llvm::Instruction &I);

} // namespace xwarp::core

#endif
