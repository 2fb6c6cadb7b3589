//===- core/SyncClassifier.h - Which instructions synchronize, and how -----===//
//
// Recognizes the NVPTX synchronization intrinsics (CTA barriers, valued and
// partial barriers, fences, and the exempt ones) and `fence` instructions,
// and gives each its model kind. Unknown names of the barrier families (newer
// LLVMs' aligned variants) are recognized by name.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_SYNCCLASSIFIER_H
#define XWARP_CORE_SYNCCLASSIFIER_H

#include "model/Sync.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace llvm {
class CallBase;
class Instruction;
} // namespace llvm

namespace xwarp::core {

struct SyncInfo {
  model::SyncKind Kind = model::SyncKind::Exempt;
  model::ValuedOp Valued = model::ValuedOp::None;
  model::FenceScope Scope = model::FenceScope::None;
  bool EndsPath = false;
  /// Also an access, as its call's memory effects say: the reads and writes
  /// of asynchronous copies complete at their wait.
  bool AccessesMemory = false;
  /// A strong operation for the fence rule: a cluster barrier synchronizes
  /// with other CTAs, and a relaxed arrive orders nothing itself, so a fence
  /// before it is what publishes this thread's writes to them.
  bool StrongForFences = false;
  /// The hardware barrier resource, when it is a constant (barrier0 uses 0).
  std::optional<int64_t> BarrierId;
  /// Intrinsic name (the callee's, borrowed from the IR), "fence", or
  /// "inline asm".
  llvm::StringRef Name;
  /// Why a site is exempt or partial (a literal).
  std::string_view Note;
};

/// The synchronization meaning of I, or nullopt if I is not a sync site.
std::optional<SyncInfo> classifySync(const llvm::Instruction &I);

/// Whether CB is a barrier.sync that threads may reach apart (PTX's
/// barrier.sync without .aligned): it waits for the resource's count of
/// arrivals, from any barrier instruction on the resource.
bool isNonAlignedBarrier(const llvm::CallBase &CB);

/// Barrier resources some barriers use: constants, or any of them once one
/// barrier's resource is not a constant.
class BarrierIdSet {
public:
  void add(std::optional<int64_t> Id);
  /// Whether a barrier on Id may use one of them.
  bool mayShare(std::optional<int64_t> Id) const;

private:
  std::set<int64_t> Ids;
  bool AnyUnknown = false;
};

/// Barrier resources that partial barriers (counted, arrive, inline asm) use
/// anywhere in a module. A full barrier on such a resource pairs with them, so
/// deleting it would change how many threads those barriers wait for. So does
/// a non-aligned barrier.sync that some threads of the launch skip: threads
/// that ran it arrive at every later barrier on its resource one phase ahead
/// of the others, and which arrivals pair is no longer a barrier's own.
class PartialBarrierIds {
public:
  /// Notes the resource of call CB if it is a partial barrier, or a
  /// barrier.sync, and every resource if CB is a convergent call of code the
  /// module does not show (called for every call of the module, in
  /// ModuleFacts' one walk over it; InKernel: CB is in a kernel).
  void add(const llvm::CallBase &CB, bool InKernel);
  /// Whether a full barrier on Id may pair with a partial barrier, or with a
  /// barrier.sync that some threads may skip where the extraction of one
  /// function cannot see it: in a device function (called, perhaps, where
  /// the threads have gone apart), and, for a barrier in a device function
  /// (InKernel false), anywhere (the kernel that calls it, say).
  bool sharedWithPartial(std::optional<int64_t> Id, bool InKernel) const;

private:
  BarrierIdSet Partial, NonAlignedInDevice, NonAligned;
};

} // namespace xwarp::core

#endif
