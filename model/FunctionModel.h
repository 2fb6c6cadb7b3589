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

struct ModelBlock {
  std::vector<SiteRef> Sites;
  std::vector<unsigned> Succs;
  /// The block leaves the function (a return).
  bool Returns = false;
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
  /// The user's block dimensions contradicted the kernel's and were ignored.
  bool LaunchConflict = false;

  std::vector<AccessSite> Accesses;
  std::vector<SyncSite> Syncs;
  /// Blocks[0] is the entry block.
  std::vector<ModelBlock> Blocks;
  /// Access ids standing for the unknown caller (non-kernel functions only).
  std::optional<unsigned> EntryContext, ExitContext;

  TermContext &terms() { return *Terms; }
  const TermContext &terms() const { return *Terms; }

  /// Adds the caller-context accesses of a non-kernel function: an access of
  /// every kind to every visible space at entry and at exit.
  void addCallerContext();

private:
  std::unique_ptr<TermContext> Terms;
};

} // namespace xwarp::model

#endif
