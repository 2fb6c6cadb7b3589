//===- core/ModelExtractor.h - From an LLVM function to its model ----------===//
//
// The only bridge from LLVM IR to the model: walks a function in program order
// (reverse post-order, then unreachable blocks) and records every
// synchronization site and every access site, with symbolic addresses, launch
// bounds, divergence and the kernel / device-function distinction.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_MODELEXTRACTOR_H
#define XWARP_CORE_MODELEXTRACTOR_H

#include "core/AccessClassifier.h"
#include "core/Ablations.h"
#include "core/KernelReach.h"
#include "core/NvvmAnnotations.h"
#include "core/PointerSpace.h"
#include "core/SyncClassifier.h"
#include "model/FunctionModel.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/UniformityAnalysis.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class GlobalVariable;
class Instruction;
class LoopInfo;
class Module;
class PostDominatorTree;
} // namespace llvm

namespace xwarp::core {

struct CtaUniformity;

/// Facts about a module that every function's extraction needs.
class ModuleFacts {
public:
  /// One walk over the module's calls gives the partial barriers' resources
  /// and SharedCrossesCtas.
  explicit ModuleFacts(const llvm::Module &M);
  KernelAnnotations Kernels;
  StrongOpSummary Strong;
  /// Distributed shared memory: other CTAs of a cluster see shared memory.
  bool SharedCrossesCtas = false;
  /// The kernels of the module that may run F (KernelReach).
  llvm::ArrayRef<const llvm::Function *> kernelsReaching(const llvm::Function &F) { return reach().kernelsReaching(F); }
  /// Whether a full barrier on resource Id in F (a kernel: InKernel) may
  /// pair with a partial barrier or a skippable barrier.sync
  /// (PartialBarrierIds) in code that runs in one launch with F: the code of
  /// the kernels that may run F, or any of the module's, when code outside
  /// the module may run F.
  bool sharedWithPartial(const llvm::Function &F, std::optional<int64_t> Id, bool InKernel);

  /// The globals that hold nothing but undef (ValueVariance::holdsOnlyUndef),
  /// found once, on first use: a __shared__ array's uses run through every
  /// kernel.
  const llvm::DenseSet<const llvm::GlobalVariable *> &undefinedGlobals();

private:
  /// The call graph from the kernels; built on first use.
  const KernelReach &reach();

  const llvm::Module &Mod;
  /// The partial barriers' resources in the whole module.
  PartialBarrierIds PartialIds;
  std::optional<KernelReach> Reach;
  std::optional<llvm::DenseSet<const llvm::GlobalVariable *>> UndefinedGlobals;
};

/// The analyses extraction uses. Without DT no symbolic addresses are built
/// (a cheap model for local passes); without Uniformity and PDT no divergence
/// is found.
struct ExtractionInputs {
  explicit ExtractionInputs(llvm::LoopInfo &LI) : LI(LI) {}
  llvm::LoopInfo &LI;
  const llvm::PostDominatorTree *PDT = nullptr;
  CtaUniformity *Uniformity = nullptr;
  /// With DT: symbolic addresses, from a ScalarEvolution of extraction's own
  /// that reads no IR no-wrap flags (core/FlaglessScalarEvolution), and the
  /// comparisons of dominating branches become site guards.
  llvm::DominatorTree *DT = nullptr;
  /// Fixes the block dimensions (--block-dim), narrowing what the IR says.
  std::optional<model::BlockDimSpec> BlockDim;
  /// With DT: addresses are only their objects (four-map's address classes),
  /// without offsets, guards or ScalarEvolution queries.
  bool ObjectsOnly = false;
  /// element-size-gate and shared-only change which accesses exist;
  /// popc-one-use drops the votes of valued barriers.
  Ablations Ablate;
};

/// A function's model plus the IR each site came from. A valued barrier whose
/// result is used also has two accesses of its own: each thread writes its
/// vote before it and reads every thread's votes after it (the data it carries
/// across threads), on an object of its own.
struct ExtractedFunction {
  model::FunctionModel Model;
  /// By access id; null for the caller-context accesses.
  std::vector<llvm::Instruction *> AccessInst;
  /// By sync id.
  std::vector<llvm::Instruction *> SyncInst;
  /// By sync id: the intrinsic's name, "fence" or "inline asm". The names
  /// point into SyncNamePool, so they outlive a pass that deletes the callee
  /// (CheckAfterPass compares them after the pass).
  std::vector<llvm::StringRef> SyncName;
  /// The distinct names, each stored once (a kernel has thousands of
  /// barriers and a handful of intrinsics).
  llvm::StringSet<> SyncNamePool;
};

/// F's model. With symbolic addresses, F's instructions are without their
/// no-wrap flags while this runs, and have them back when it returns.
ExtractedFunction extractFunction(llvm::Function &F, const ExtractionInputs &In, ModuleFacts &Facts);

} // namespace xwarp::core

#endif
