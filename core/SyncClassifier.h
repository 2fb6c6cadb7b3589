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

/// Barrier resources that partial barriers (counted, arrive, inline asm) use
/// anywhere in a module. A full barrier on such a resource pairs with them, so
/// deleting it would change how many threads those barriers wait for.
class PartialBarrierIds {
public:
  /// Notes the resource of call CB if it is a partial barrier (called for
  /// every call of the module, in ModuleFacts' one walk over it).
  void add(const llvm::CallBase &CB);
  /// Whether a full barrier on Id may pair with a partial barrier.
  bool sharedWithPartial(std::optional<int64_t> Id) const;

private:
  std::set<int64_t> Ids;
  bool AnyUnknown = false;
};

} // namespace xwarp::core

#endif
