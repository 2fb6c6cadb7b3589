//===- core/ModelExtractor.cpp --------------------------------------------===//
#include "core/ModelExtractor.h"

#include "core/AddressBuilder.h"
#include "core/CallSites.h"
#include "core/Divergence.h"
#include "core/FlaglessScalarEvolution.h"
#include "core/IterationAlignment.h"
#include "core/NvvmAnnotations.h"
#include "core/PointerSpace.h"
#include "core/ProgramOrder.h"
#include "core/ValueVariance.h"
#include "core/SourceLocation.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>

#include <algorithm>
#include <set>

using namespace llvm;
using xwarp::model::AccessSite;
using xwarp::model::SiteRef;
using xwarp::model::SyncKind;
using xwarp::model::SyncSite;

namespace xwarp::core {

namespace {
class Extractor {
public:
  Extractor(Function &F, const ExtractionInputs &In, ModuleFacts &Facts)
      : F(F), In(In), Facts(Facts), DL(F.getParent()->getDataLayout()),
        Kernel(Facts.Kernels.isLaunchedOnly(F)) {
    // Objects alone need no ScalarEvolution (four-map's address classes).
    if (In.DT && !In.ObjectsOnly)
      Flagless.emplace(F, *In.DT, In.LI);
  }

  /// Whether the given block dimensions describe a launch under Own (bounds
  /// no CTA meets are set aside, as below).
  bool admitsGivenDims(model::LaunchBounds Own) const {
    if (!Own.satisfiable())
      return true;
    In.BlockDim->applyTo(Own);
    return Own.satisfiable();
  }

  ExtractedFunction run() {
    model::FunctionModel &M = Out.Model;
    M.Name = F.getName().str();
    M.IsKernel = Kernel;
    // Launch bounds describe a kernel's launches: neither the calls of a
    // kernel the module may call, nor a device function (clang writes
    // __launch_bounds__ on one into the annotations, as it does on kernels).
    if (Kernel)
      M.Launch = Facts.Kernels.launchBounds(F);
    if (!M.Launch.satisfiable()) {
      // Own bounds no CTA can meet (reqntid 64x32, say) make every claim
      // about the kernel's launches vacuously true: set them aside.
      M.Launch = model::LaunchBounds();
      M.LaunchConflict = model::FunctionModel::Conflict::OwnBounds;
    }
    if (In.BlockDim) {
      // Dimensions that contradict the kernel's own (reqntid, maxntid)
      // describe no launch of it: the kernel keeps its own bounds. A device
      // function then runs under those bounds when that kernel calls it.
      if (!Kernel && any_of(Facts.kernelsReaching(F), [&](const Function *K) {
            return !admitsGivenDims(Facts.Kernels.launchBounds(*K));
          }))
        M.LaunchConflict = model::FunctionModel::Conflict::CallerBounds;
      else if (admitsGivenDims(M.Launch))
        In.BlockDim->applyTo(M.Launch);
      else
        M.LaunchConflict = model::FunctionModel::Conflict::GivenDims;
    }
    // Addresses read the launch's bounds (ntid steps), settled above.
    if (In.DT)
      Addresses.emplace(DL, Flagless ? &*Flagless : nullptr, In.LI, *In.DT, Facts.undefinedGlobals(),
                        Out.Model.terms(), Kernel, M.Launch);
    // A fence in a device function orders its accesses for its callers'
    // strong operations too.
    M.HasStrongOps =
        Facts.Strong.mayPerformStrongOps(F) || Facts.Strong.callersMayPerformStrongOps(F, Facts.Kernels);
    ProgramOrder Order(F);
    if (In.Uniformity && In.PDT) {
      ValueVariance Variance(In.LI, Kernel);
      Divergent = divergentlyExecutedBlocks(Order.blocks(), *In.Uniformity, *In.PDT, Variance);
      for (const BasicBlock *B : Divergent)
        for (const Instruction &I : *B)
          if (auto *CB = dyn_cast<CallBase>(&I); CB && isNonAlignedBarrier(*CB))
            if (std::optional<SyncInfo> Info = classifySync(*CB))
              SkippedNonAligned.add(Info->BarrierId);
    }
    if (!Kernel)
      M.addCallerContext();
    Out.AccessInst.resize(M.Accesses.size(), nullptr);

    ArrayRef<BasicBlock *> Blocks = Order.blocks();
    M.Blocks.resize(Blocks.size());
    // About one access per block as a first guess (the corpus has 1.5), and
    // at most one sync: on a large kernel each doubling of a site array
    // copies it through memory again.
    M.Accesses.reserve(M.Accesses.size() + Blocks.size());
    Out.AccessInst.reserve(M.Accesses.capacity());
    M.Syncs.reserve(Blocks.size());
    Out.SyncInst.reserve(Blocks.size());
    Out.SyncName.reserve(Blocks.size());
    M.BlockSites.reserve(2 * Blocks.size());
    M.BlockSuccs.reserve(2 * Blocks.size());
    for (unsigned B = 0; B < Blocks.size(); ++B) {
      model::ModelBlock &MB = M.Blocks[B];
      MB.SitesBegin = M.BlockSites.size();
      // The IR lies in memory in the order it was parsed, the order this
      // loop mostly reads it in, and on a kernel larger than the caches the
      // hardware's prefetcher does not hide the misses. Asking for what lies
      // 2 KiB ahead does (12% at 10,000 barriers, 1-3% at 1,000); a prefetch
      // never faults, so a guess past the IR is free.
      bool Reachable = B < Order.reachable();
      for (Instruction &I : *Blocks[B]) {
        __builtin_prefetch(reinterpret_cast<const char *>(&I) + 2048);
        addSites(I);
        if (auto *CB = dyn_cast<CallBase>(&I); CB && Reachable)
          if (const Function *Callee = CB->getCalledFunction(); !Callee || !Callee->isIntrinsic())
            CallsBeyondIntrinsics = true;
      }
      MB.SitesEnd = M.BlockSites.size();
      ArrayRef<unsigned> Succs = Order.successors(B);
      MB.SuccsBegin = M.BlockSuccs.size();
      M.BlockSuccs.insert(M.BlockSuccs.end(), Succs.begin(), Succs.end());
      MB.SuccsEnd = M.BlockSuccs.size();
      MB.Returns = isa<ReturnInst>(Blocks[B]->getTerminator());
    }
    if (Addresses && In.Uniformity && In.PDT && !In.ObjectsOnly)
      alignIterations(In.LI, *In.DT, *In.Uniformity, Divergent, CallsBeyondIntrinsics, *Addresses, Out);
    return std::move(Out);
  }

private:
  void addSites(Instruction &I) {
    if (std::optional<SyncInfo> S = classifySync(I)) {
      addSync(I, *S);
      // Inline asm may also touch memory, and so do waits for asynchronous
      // copies; other intrinsics and fences do not.
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || (!CB->isInlineAsm() && !S->AccessesMemory))
        return;
    }
    for (const AccessDesc &D : classifyAccesses(I, DL, Facts.Strong))
      addAccess(I, D);
  }

  void addSync(Instruction &I, const SyncInfo &Info) {
    model::FunctionModel &M = Out.Model;
    SyncSite S;
    S.Id = static_cast<unsigned>(M.Syncs.size());
    S.Kind = Info.Kind;
    S.Valued = Info.Valued;
    S.Scope = Info.Scope;
    S.EndsPath = Info.EndsPath;
    S.Note = Info.Note;
    bool Barrier = S.Kind == SyncKind::FullBarrier || S.Kind == SyncKind::ValuedBarrier;
    if (Barrier && Facts.sharedWithPartial(F, Info.BarrierId, Kernel)) {
      S.Kind = SyncKind::PartialBarrier;
      S.Note = "shares its barrier resource with a partial barrier or a barrier.sync some threads may skip";
    } else if (Barrier && !Divergent.contains(I.getParent()) && SkippedNonAligned.mayShare(Info.BarrierId)) {
      S.Kind = SyncKind::PartialBarrier;
      S.Note = "shares its barrier resource with a barrier.sync reached under divergent control flow: threads "
               "arrive at it one phase apart";
    }
    S.ResultUsed = !I.getType()->isVoidTy() && !I.use_empty();
    S.ResultUses = I.getType()->isVoidTy() ? 0 : static_cast<unsigned>(I.getNumUses());
    S.Divergent = Barrier && Divergent.contains(I.getParent());
    bool Votes = S.Kind == SyncKind::ValuedBarrier && S.ResultUsed && !In.Ablate.PopcOneUse;
    if (Votes)
      addVote(I, /*Write=*/true);
    M.Syncs.push_back(S);
    Out.SyncInst.push_back(&I);
    Out.SyncName.push_back(Out.SyncNamePool.insert(Info.Name).first->first());
    Out.Model.BlockSites.push_back(SiteRef::sync(S.Id));
    if (Votes)
      addVote(I, /*Write=*/false);
  }

  /// A valued barrier's votes: thread t writes slot linear_id(t) of the
  /// barrier's own vote object before it; after it, reads any slot.
  void addVote(Instruction &I, bool Write) {
    model::FunctionModel &M = Out.Model;
    model::TermContext &T = M.terms();
    using model::Dim;
    const model::Term *Linear = T.add(
        T.threadIdx(Dim::X),
        T.mul(T.blockDim(Dim::X), T.add(T.threadIdx(Dim::Y), T.mul(T.blockDim(Dim::Y), T.threadIdx(Dim::Z)))));
    // Keys of synthetic leaves and objects: the instruction's address with the
    // low bit set, which no Value's (aligned) address has.
    uint64_t Key = reinterpret_cast<uintptr_t>(&I) | 1;
    const model::Term *Slot = Write ? Linear : T.loopVariant(Key, "any-thread", 32);
    AccessSite A;
    A.Id = static_cast<unsigned>(M.Accesses.size());
    A.Kind = Write ? model::AccessKind::Write : model::AccessKind::Read;
    A.Spaces = model::SpaceSet::votes();
    A.Size = 4;
    model::MemoryObject Vote{model::ObjectKind::Variable, model::AddrSpace::Shared, Key, "votes"};
    A.Address = model::SymbolicAddress{Vote, T.mul(T.zext(Slot, 64), T.constant(64, 4))};
    A.Label = {Write ? "vote" : "vote read", " of ", sourcePlaceOf(I)};
    Out.Model.BlockSites.push_back(SiteRef::access(A.Id));
    M.Accesses.push_back(std::move(A));
    Out.AccessInst.push_back(&I);
  }

  void addAccess(Instruction &I, const AccessDesc &D) {
    model::FunctionModel &M = Out.Model;
    AccessSite A;
    A.Id = static_cast<unsigned>(M.Accesses.size());
    A.Kind = D.Kind;
    A.Size = D.Size;
    A.Strong = D.Strong;
    // element-size-gate (erratum 5): narrow loads and stores "do not count".
    if (In.Ablate.ElementSizeGate && (isa<LoadInst>(I) || isa<StoreInst>(I)) && D.Size * 8 <= 511)
      return;
    if (D.Pointer) {
      A.Spaces = model::SpaceSet::ofPointerSpace(pointerSpace(D.Pointer, Kernel, &In.LI));
      if (Addresses) {
        A.Address = Addresses->build(D.Pointer, In.ObjectsOnly);
        if (!In.ObjectsOnly)
          A.Guards = guardsOf(I.getParent(), D.Pointer);
        if (A.Address->Offset)
          for (const model::Guard &G : Addresses->iterationBounds(A.Address->Offset, &I))
            A.Guards.push_back(G);
      }
    } else {
      A.Spaces = model::SpaceSet::allVisible();
    }
    A.Label = {I.getOpcodeName(), " at ", sourcePlaceOf(I)};
    A.ClusterShared = Facts.SharedCrossesCtas;
    // shared-only (erratum 8): global memory "needs no barrier".
    if (In.Ablate.SharedOnly)
      A.Spaces = A.Spaces & model::SpaceSet::shared();
    // Thread-private memory takes no part in the model.
    if (!A.visible())
      return;
    Out.Model.BlockSites.push_back(SiteRef::access(A.Id));
    M.Accesses.push_back(std::move(A));
    Out.AccessInst.push_back(&I);
  }

  /// A comparison that holds (or fails, !Holds) whenever a block executes.
  struct Condition {
    const ICmpInst *Cmp;
    bool Holds;
  };

  /// The comparisons that hold whenever BB executes: conditions of branches
  /// whose one edge dominates BB (the nearest MaxGuardDepth dominators).
  const std::vector<Condition> &conditionsOf(const BasicBlock *BB) {
    auto It = Conditions.find(BB);
    if (It != Conditions.end())
      return It->second;
    std::vector<Condition> C;
    if (In.DT && In.DT->getNode(BB)) {
      const DomTreeNode *N = In.DT->getNode(BB);
      for (unsigned Depth = 0; N->getIDom() && Depth < MaxGuardDepth; ++Depth) {
        const BasicBlock *D = N->getIDom()->getBlock();
        auto *Br = dyn_cast<BranchInst>(D->getTerminator());
        if (Br && Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1))
          for (unsigned S = 0; S < 2; ++S)
            if (In.DT->dominates(BasicBlockEdge(D, Br->getSuccessor(S)), BB))
              addConditions(Br->getCondition(), /*Holds=*/S == 0, C);
        N = N->getIDom();
      }
    }
    return Conditions.emplace(BB, std::move(C)).first->second;
  }

  /// Adds what Cond == Holds says: an integer comparison, or both halves of a
  /// true `and` / a false `or`.
  void addConditions(const Value *Cond, bool Holds, std::vector<Condition> &C) {
    if (auto *BO = dyn_cast<BinaryOperator>(Cond)) {
      bool Splits = (BO->getOpcode() == Instruction::And && Holds) ||
                    (BO->getOpcode() == Instruction::Or && !Holds);
      if (Splits) {
        addConditions(BO->getOperand(0), Holds, C);
        addConditions(BO->getOperand(1), Holds, C);
      }
      return;
    }
    if (auto *Cmp = dyn_cast<ICmpInst>(Cond); Cmp && Cmp->getOperand(0)->getType()->isIntegerTy())
      C.push_back({Cmp, Holds});
  }

  /// The guards of an access at Ptr in BB: the dominating comparisons that
  /// share a leaf with its address or read a special register (which thread
  /// runs it: `if (t == 0) x = s[0]`). Others say nothing about this access
  /// (dropping a guard only loses precision), and turning them into terms can
  /// be costly: ScalarEvolution computes the trip count of every loop whose
  /// exit test a term touches, each by a walk up the dominator tree.
  std::vector<model::Guard> guardsOf(const BasicBlock *BB, const Value *Ptr) {
    std::vector<model::Guard> G;
    const LeafSet &Mine = leavesOf(Ptr);
    // The outermost loop's header phis, which iteration alignment may share
    // between two accesses: a test of the iteration (k & 1) tells about both.
    const Loop *Outer = In.LI.getLoopFor(BB);
    const BasicBlock *Header = Outer ? Outer->getOutermostLoop()->getHeader() : nullptr;
    for (const Condition &C : conditionsOf(BB)) {
      auto Shares = [&](const Value *V) {
        const LeafSet &L = leavesOf(V);
        return std::any_of(L.begin(), L.end(), [&](const Value *X) {
          auto *I = dyn_cast<Instruction>(X);
          return Mine.count(X) || (I && specialRegisterOf(*I)) ||
                 (I && isa<PHINode>(I) && I->getParent() == Header);
        });
      };
      if (!Shares(C.Cmp->getOperand(0)) && !Shares(C.Cmp->getOperand(1)))
        continue;
      const model::Term *L = Addresses->termOf(C.Cmp->getOperand(0));
      const model::Term *R = Addresses->termOf(C.Cmp->getOperand(1));
      if (!L || !R)
        continue;
      model::CmpPred P = predicateOf(C.Cmp->getPredicate());
      G.push_back({C.Holds ? P : model::inverse(P), L, R});
    }
    return G;
  }

  /// The values V is computed from: its operands' operands through address
  /// arithmetic (GEPs, integer arithmetic, extensions, casts), up to a depth;
  /// constants excluded.
  using LeafSet = SmallPtrSet<const Value *, 8>;
  const LeafSet &leavesOf(const Value *V) {
    auto It = Leaves.find(V);
    if (It != Leaves.end())
      return It->second;
    LeafSet Out;
    SmallVector<std::pair<const Value *, unsigned>, 16> Work{{V, 0}};
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      auto [X, Depth] = Work.back();
      Work.pop_back();
      if (isa<Constant>(X) && !isa<GlobalValue>(X))
        continue;
      if (!Seen.insert(X).second)
        continue;
      const auto *I = dyn_cast<Instruction>(X);
      bool Walk = I && Depth < MaxLeafDepth &&
                  (isa<GetElementPtrInst>(I) || isa<CastInst>(I) || I->isBinaryOp() || isa<SelectInst>(I));
      if (!Walk) {
        Out.insert(X);
        continue;
      }
      for (const Use &U : I->operands())
        Work.push_back({U.get(), Depth + 1});
    }
    return Leaves.emplace(V, std::move(Out)).first->second;
  }

  static model::CmpPred predicateOf(CmpInst::Predicate P) {
    switch (P) {
    case CmpInst::ICMP_EQ: return model::CmpPred::EQ;
    case CmpInst::ICMP_NE: return model::CmpPred::NE;
    case CmpInst::ICMP_ULT: return model::CmpPred::ULT;
    case CmpInst::ICMP_ULE: return model::CmpPred::ULE;
    case CmpInst::ICMP_UGT: return model::CmpPred::UGT;
    case CmpInst::ICMP_UGE: return model::CmpPred::UGE;
    case CmpInst::ICMP_SLT: return model::CmpPred::SLT;
    case CmpInst::ICMP_SLE: return model::CmpPred::SLE;
    case CmpInst::ICMP_SGT: return model::CmpPred::SGT;
    default: return model::CmpPred::SGE;
    }
  }

  static constexpr unsigned MaxGuardDepth = 16;
  static constexpr unsigned MaxLeafDepth = 12;

  Function &F;
  const ExtractionInputs &In;
  ModuleFacts &Facts;
  const DataLayout &DL;
  bool Kernel;
  ExtractedFunction Out;
  /// Before Addresses: the IR gets its flags back after the builder is gone.
  std::optional<FlaglessScalarEvolution> Flagless;
  std::optional<AddressBuilder> Addresses;
  DenseSet<const BasicBlock *> Divergent;
  /// Resources of the barrier.sync calls in divergent blocks.
  BarrierIdSet SkippedNonAligned;
  /// Whether a reachable block calls a function or inline asm (found on the
  /// walk over the sites: another walk over a large kernel's IR is as slow).
  bool CallsBeyondIntrinsics = false;
  std::map<const BasicBlock *, std::vector<Condition>> Conditions;
  /// By value; node-stable (guardsOf holds one set while computing others).
  std::map<const Value *, LeafSet> Leaves;
};
} // namespace

ModuleFacts::ModuleFacts(const Module &M) : Kernels(M), Mod(M) {
  for (const Function &F : M)
    for (const Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        PartialIds.add(*CB, Kernels.isLaunchedOnly(F)); // a called kernel runs as a device function
        SharedCrossesCtas |= mapsSharedAcrossCtas(*CB);
      }
}

const DenseSet<const GlobalVariable *> &ModuleFacts::undefinedGlobals() {
  if (!UndefinedGlobals) {
    UndefinedGlobals.emplace();
    for (const GlobalVariable &GV : Mod.globals())
      if (ValueVariance::holdsOnlyUndef(GV))
        UndefinedGlobals->insert(&GV);
  }
  return *UndefinedGlobals;
}

const KernelReach &ModuleFacts::reach() {
  if (!Reach)
    Reach.emplace(Mod, Kernels);
  return *Reach;
}

bool ModuleFacts::sharedWithPartial(const Function &F, std::optional<int64_t> Id, bool InKernel) {
  // Most modules have no partial barrier: the call graph is not needed.
  if (!PartialIds.sharedWithPartial(Id, InKernel))
    return false;
  // A CTA runs one kernel's launch: the barriers of the other kernels' code
  // pair with none of F's. Code outside the module may run F beside any.
  const KernelReach &R = reach();
  ArrayRef<const Function *> Ks = R.kernelsReaching(F);
  if (Ks.empty() || R.reachedFromOutside(F))
    return true;
  return any_of(Ks, [&](const Function *K) { return R.partialIdsOf(*K).sharedWithPartial(Id, InKernel); });
}

ExtractedFunction extractFunction(Function &F, const ExtractionInputs &In, ModuleFacts &Facts) {
  return Extractor(F, In, Facts).run();
}

} // namespace xwarp::core
