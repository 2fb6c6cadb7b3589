//===- model/FunctionModel.h - One function as the model sees it -----------===//
//
// The skeleton of a function that the cross-warp model reasons about: its
// blocks in program order, each an ordered list of access and synchronization
// sites, and the control-flow successors. Extraction from LLVM IR fills it;
// the dependence-graph core reads it. Site ids follow program order (reverse
// post-order of blocks, then instruction order), which is the order in which
// barriers are decided.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_MODEL_FUNCTIONMODEL_H
#define XWARP_MODEL_FUNCTIONMODEL_H

#include "model/Access.h"
#include "model/Launch.h"
#include "model/Sync.h"
#include "model/Term.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xwarp::model {

struct SiteRef {
  enum class Kind : uint8_t { Access, Sync };
  Kind K = Kind::Access;
  unsigned Index = 0;
  static SiteRef access(unsigned I) { return {Kind::Access, I}; }
  static SiteRef sync(unsigned I) { return {Kind::Sync, I}; }
  bool isAccess() const { return K == Kind::Access; }
};

/// A block's sites and successors: a range of each of the model's two lists,
/// which hold those of every block one after another (two allocations per
/// function rather than two per block).
struct ModelBlock {
  unsigned SitesBegin = 0, SitesEnd = 0;
  unsigned SuccsBegin = 0, SuccsEnd = 0;
  /// The block leaves the function (a return).
  bool Returns = false;
};

/// Consecutive elements of a list, read-only.
template <class T> class ListSlice {
public:
  ListSlice(const T *Begin, const T *End) : Begin(Begin), End(End) {}
  const T *begin() const { return Begin; }
  const T *end() const { return End; }
  size_t size() const { return static_cast<size_t>(End - Begin); }
  bool empty() const { return Begin == End; }
  const T &operator[](size_t I) const { return Begin[I]; }

private:
  const T *Begin, *End;
};

class FunctionModel {
public:
  FunctionModel() : Terms(std::make_unique<TermContext>()) {}

  std::string Name;
  /// Kernels start and end with nothing of this CTA around them; other
  /// functions see an unknown caller at entry and exit.
  bool IsKernel = false;
  /// The function or one of its callees performs an atomic or volatile access
  /// (or an unknown call that might): fences may matter.
  bool HasStrongOps = false;
  LaunchBounds Launch;
  /// Bounds that describe no launch and were set aside: the user's block
  /// dimensions contradicted the kernel's own (GivenDims), the kernel's own
  /// admit no CTA (OwnBounds; the kernel is analysed for every launch), or
  /// they contradict the own bounds of a kernel that calls this device
  /// function (CallerBounds; analysed without them).
  enum class Conflict { None, GivenDims, OwnBounds, CallerBounds };
  Conflict LaunchConflict = Conflict::None;

  std::vector<AccessSite> Accesses;
  std::vector<SyncSite> Syncs;
  /// Blocks[0] is the entry block.
  std::vector<ModelBlock> Blocks;
  /// The blocks' sites, each block's in order, block after block.
  std::vector<SiteRef> BlockSites;
  /// The blocks' successors (block indices, in terminator order).
  std::vector<unsigned> BlockSuccs;

  ListSlice<SiteRef> sites(unsigned B) const {
    return {BlockSites.data() + Blocks[B].SitesBegin, BlockSites.data() + Blocks[B].SitesEnd};
  }
  ListSlice<unsigned> successors(unsigned B) const {
    return {BlockSuccs.data() + Blocks[B].SuccsBegin, BlockSuccs.data() + Blocks[B].SuccsEnd};
  }
  /// Loops whose iterations barriers align (model/IterationAlignment.h).
  std::vector<AlignedLoop> AlignedLoops;
  /// Access ids standing for the unknown caller (non-kernel functions only).
  std::optional<unsigned> EntryContext, ExitContext;

  TermContext &terms() { return *Terms; }
  const TermContext &terms() const { return *Terms; }
  /// Terms never change once made, but a query may need new ones over the
  /// model's (iteration alignment's shared leaves): they join the same
  /// context, so that equal terms stay one pointer.
  TermContext &extensibleTerms() const { return *Terms; }

  /// Adds the caller-context accesses of a non-kernel function: an access of
  /// every kind to every visible space at entry and at exit.
  void addCallerContext();

private:
  std::unique_ptr<TermContext> Terms;
};

} // namespace xwarp::model

#endif
