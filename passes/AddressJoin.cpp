//===- passes/AddressJoin.cpp ---------------------------------------------===//
#include "passes/AddressJoin.h"

#include "core/AddressDecomposition.h"
#include "core/AddressGroups.h"
#include "core/SourceLocation.h"
#include "passes/DeadInstructions.h"
#include "passes/DerivedAddresses.h"
#include "verify/DeltaProver.h"
#include "verify/PoisonInputs.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

#include <cstdlib>

using namespace llvm;

namespace xwarp::passes {

/// Levels of address arithmetic between an address and the join's phis.
static constexpr unsigned MaxDepth = 8;

AddressJoin::AddressJoin(Function &F, ScalarEvolution &SE, DominatorTree &DT, LoopInfo &LI,
                         const TargetTransformInfo &TTI, VerifyMode Verify, verify::DeltaProver *Prover,
                         IRPrinter &Printer)
    : F(F), SE(SE), DT(DT), LI(LI), TTI(TTI), Verify(Verify), Prover(Prover), Printer(Printer) {}

namespace {
/// Replaces whole subexpressions by others: a join's phis, as they entered
/// an address, by their values on one edge.
class Substitution : public SCEVRewriteVisitor<Substitution> {
public:
  Substitution(ScalarEvolution &SE, const DenseMap<const SCEV *, const SCEV *> &Map)
      : SCEVRewriteVisitor(SE), Map(Map) {}
  const SCEV *visit(const SCEV *S) {
    if (const SCEV *T = Map.lookup(S))
      return T;
    return SCEVRewriteVisitor<Substitution>::visit(S);
  }

private:
  const DenseMap<const SCEV *, const SCEV *> &Map;
};
} // namespace

const SCEV *AddressJoin::formOf(Value *X) {
  const SCEV *&Form = Forms[X];
  if (!Form) {
    core::DecomposeOptions Opts;
    Opts.DistributeExtensions = true;
    std::optional<core::DecomposedAddress> D = core::decomposeAddress(X, SE, F.getDataLayout(), Opts);
    Form = D ? D->address(SE) : SE.getSCEV(X);
  }
  return Form;
}

bool AddressJoin::chainBelow(Instruction *A, BasicBlock *J, std::vector<Instruction *> &Chain) const {
  SmallPtrSet<Instruction *, 16> Seen;
  bool ReadsPhi = false;
  // Postorder, so that a copy can be built operands first.
  auto Visit = [&](auto &Self, Instruction *I, unsigned Depth) -> bool {
    if (!Seen.insert(I).second)
      return true;
    if (Depth > MaxDepth || isa<PHINode>(I) || !core::isAddressOpcode(I))
      return false;
    for (Value *Op : I->operands()) {
      auto *OI = dyn_cast<Instruction>(Op);
      if (!OI)
        continue;
      if (isa<PHINode>(OI) && OI->getParent() == J) {
        ReadsPhi = true;
        continue;
      }
      if (DT.properlyDominates(OI->getParent(), J))
        continue; // the same value on the edge as at the address
      if (!DT.dominates(J, OI->getParent()) || !Self(Self, OI, Depth + 1))
        return false;
    }
    Chain.push_back(I);
    return true;
  };
  return Visit(Visit, A, 0) && ReadsPhi;
}

std::map<int64_t, AddressJoin::EdgeAddress> AddressJoin::edgeAddresses(Instruction *A, const SCEV *OnEdge,
                                                                       BasicBlock *Pred) {
  std::map<int64_t, EdgeAddress> Found;
  auto It = ByBase.find({SE.getPointerBase(OnEdge), A->getType()->getPointerAddressSpace()});
  if (It == ByBase.end())
    return Found;
  const Instruction *End = Pred->getTerminator();
  unsigned Tried = 0;
  // The latest first: the nearest to the edge.
  for (Value *X : reverse(It->second)) {
    if (X == A || X->getType() != A->getType() || Doomed.contains(dyn_cast<Instruction>(X)))
      continue;
    if (auto *XI = dyn_cast<Instruction>(X); XI && !DT.dominates(XI, End))
      continue;
    EdgeAddress E{X, {}};
    for (const Instruction *Access : Accesses.lookup(X))
      if (DT.dominates(Access, End))
        E.Evidence.push_back(Access);
    if (E.Evidence.empty())
      continue;
    if (++Tried > MaxTried)
      break;
    if (auto *C = dyn_cast<SCEVConstant>(SE.getMinusSCEV(OnEdge, formOf(X))))
      if (C->getAPInt().getSignificantBits() <= 32)
        Found.try_emplace(C->getAPInt().getSExtValue(), std::move(E));
  }
  return Found;
}

/// Splits the critical edge from TI's block to its successor SuccNo, and
/// only that edge, keeping DT and LI: the new block joins the innermost loop
/// that holds both ends. (SplitCriticalEdge given LoopInfo also keeps a
/// loop's exit blocks dedicated: the loop's other edges into the same block,
/// a loop left from its header and from its latch, move onto a block of
/// their own, which the join's phi has no value for.) Null if the edge is
/// not critical.
static BasicBlock *splitEdgeOnly(Instruction *TI, unsigned SuccNo, DominatorTree &DT, LoopInfo &LI) {
  BasicBlock *From = TI->getParent(), *To = TI->getSuccessor(SuccNo);
  BasicBlock *New = SplitCriticalEdge(TI, SuccNo, CriticalEdgeSplittingOptions(&DT));
  if (New)
    for (Loop *L = LI.getLoopFor(From); L; L = L->getParentLoop())
      if (L->contains(To)) {
        L->addBasicBlockToLoop(New, LI);
        break;
      }
  return New;
}

bool AddressJoin::planFor(Instruction *A, BasicBlock *J, Plan &P) {
  P.Join = J;
  if (!chainBelow(A, J, P.Chain))
    return false;
  SmallVector<PHINode *, 4> Phis;
  for (PHINode &Phi : J->phis())
    if (any_of(P.Chain, [&](Instruction *I) { return is_contained(I->operands(), &Phi); })) {
      if (isRefinedValue(&Phi))
        return false;
      Phis.push_back(&Phi);
    }
  // The address with extensions distributed over no-wrap arithmetic (exact
  // where it is not poison, which all the rewrite needs), and how each phi
  // entered it.
  const DataLayout &DL = F.getDataLayout();
  std::vector<core::DecomposedValue> Values;
  core::DecomposeOptions Opts;
  Opts.DistributeExtensions = true;
  Opts.Values = &Values;
  std::optional<core::DecomposedAddress> D = core::decomposeAddress(A, SE, DL, Opts);
  if (!D)
    return false;
  const SCEV *S = D->address(SE);
  if (!SCEVExprContains(S, [&](const SCEV *X) {
        auto *U = dyn_cast<SCEVUnknown>(X);
        return U && is_contained(Phis, U->getValue());
      }))
    return false;
  Opts.Values = nullptr;
  // Each edge's addresses, by distance.
  std::vector<std::pair<BasicBlock *, std::map<int64_t, EdgeAddress>>> PerEdge;
  std::map<int64_t, unsigned> Votes;
  for (BasicBlock *Pred : SmallSetVector<BasicBlock *, 4>(pred_begin(J), pred_end(J))) {
    // No path takes an edge from unreachable code: the phi takes poison there.
    if (!DT.isReachableFromEntry(Pred))
      continue;
    if (!isa<BranchInst, SwitchInst>(Pred->getTerminator()))
      return false;
    // Each phi as it entered the address (extended, or as it is), and any
    // other occurrence of it, by its value on this edge.
    DenseMap<const SCEV *, const SCEV *> Map;
    for (const core::DecomposedValue &V : Values)
      if (auto *Phi = dyn_cast<PHINode>(V.V); Phi && is_contained(Phis, Phi))
        Map.try_emplace(V.Scev, core::decomposeInteger(Phi->getIncomingValueForBlock(Pred), V.ExtOpcode,
                                                       V.Scev->getType(), SE, DL, Opts));
    for (PHINode *Phi : Phis)
      Map.try_emplace(SE.getUnknown(Phi), SE.getSCEV(Phi->getIncomingValueForBlock(Pred)));
    std::map<int64_t, EdgeAddress> Found = edgeAddresses(A, Substitution(SE, Map).visit(S), Pred);
    if (Found.empty())
      return false;
    for (auto &Entry : Found)
      ++Votes[Entry.first];
    PerEdge.push_back({Pred, std::move(Found)});
  }
  if (PerEdge.empty())
    return false;
  // The distance most edges have an address at, the smallest on a tie.
  auto Better = [](const std::pair<const int64_t, unsigned> &L, const std::pair<const int64_t, unsigned> &R) {
    if (L.second != R.second)
      return L.second > R.second;
    return std::llabs(L.first) < std::llabs(R.first);
  };
  P.Offset = std::min_element(Votes.begin(), Votes.end(), Better)->first;
  for (auto &[Pred, Found] : PerEdge) {
    if (auto It = Found.find(P.Offset); It != Found.end()) {
      P.Edges.push_back({Pred, std::move(It->second), 0});
      continue;
    }
    // A GEP of its own on the edge: the only one from Pred, or at the end of
    // Pred if J is its only successor (the phi takes one value for all of
    // Pred's edges).
    if (count(successors(Pred), J) != 1 && Pred->getUniqueSuccessor() != J)
      return false;
    auto Nearest = std::min_element(Found.begin(), Found.end(), [&](const auto &L, const auto &R) {
      return std::llabs(L.first - P.Offset) < std::llabs(R.first - P.Offset);
    });
    P.Edges.push_back({Pred, std::move(Nearest->second), Nearest->first - P.Offset});
  }
  return true;
}

unsigned AddressJoin::Plan::adjusted() const {
  return count_if(Edges, [](const Edge &E) { return E.Adjust != 0; });
}

unsigned AddressJoin::cost(const Plan &P) const {
  return (P.Offset != 0) + (Made.count(keyOf(P)) ? 0 : 1 + P.adjusted());
}

unsigned AddressJoin::targetCost(const Plan &P) const {
  if (Made.count(keyOf(P)))
    return cost(P);
  // An adjusted edge's GEP is X's register plus one constant: already counted.
  return cost(P) + count_if(P.Edges, [&](const Edge &E) { return !E.Adjust && offsetFoldedAway(E.Addr.X); });
}

bool AddressJoin::offsetFoldedAway(Value *X) const {
  auto *XI = dyn_cast<Instruction>(X);
  if (!XI)
    return false; // a constant address: no arithmetic to materialize
  core::DecomposeOptions Opts;
  Opts.DistributeExtensions = true;
  std::optional<core::DecomposedAddress> D = core::decomposeAddress(X, SE, F.getDataLayout(), Opts);
  if (!D || D->Constant.isZero() || D->Constant.getSignificantBits() > 64)
    return false;
  int64_t Offset = D->Constant.getSExtValue();
  // Every use of X, down through constant GEPs, is an access that can take
  // X's constant (plus the GEPs') as its immediate.
  auto Folds = [&](auto &Self, Value *V, int64_t Imm, unsigned Depth) -> bool {
    for (User *U : V->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        return false;
      if (auto *G = dyn_cast<GetElementPtrInst>(I); G && G->getPointerOperand() == V && Depth < 4) {
        APInt More(F.getDataLayout().getIndexTypeSizeInBits(G->getType()), 0);
        if (!G->accumulateConstantOffset(F.getDataLayout(), More) || More.getSignificantBits() > 64 ||
            !Self(Self, G, Imm + More.getSExtValue(), Depth + 1))
          return false;
        continue;
      }
      if (core::addressOperand(*I) != V)
        return false;
      if (!TTI.isLegalAddressingMode(core::accessedType(*I), nullptr, Imm, /*HasBaseReg=*/true, /*Scale=*/0,
                                     V->getType()->getPointerAddressSpace(), I))
        return false;
    }
    return true;
  };
  return Folds(Folds, XI, Offset, 0);
}

AddressJoin::PhiKey AddressJoin::keyOf(const Plan &P) {
  PhiKey K{P.Join, {}};
  for (const Edge &E : P.Edges)
    K.second.push_back({E.Pred, E.Addr.X, E.Adjust});
  return K;
}

verify::DeltaProof AddressJoin::checkEdges(Instruction *A, const Plan &P, std::string &Unsafe) {
  verify::DeltaProof All;
  All.Status = model::ProofStatus::Proved;
  for (const Edge &On : P.Edges) {
    BasicBlock *Pred = On.Pred;
    const EdgeAddress &E = On.Addr;
    // A's computation as it is on this edge, at the end of its block.
    Instruction *End = Pred->getTerminator();
    DenseMap<Value *, Value *> Copies;
    for (PHINode &Phi : P.Join->phis())
      Copies[&Phi] = Phi.getIncomingValueForBlock(Pred);
    std::vector<Instruction *> Temporary;
    for (Instruction *I : P.Chain) {
      Instruction *Copy = I->clone();
      for (Use &Op : Copy->operands())
        if (Value *Now = Copies.lookup(Op.get()))
          Op.set(Now);
      Copy->insertBefore(End);
      Copies[I] = Copy;
      Temporary.push_back(Copy);
    }
    Instruction *Original = Temporary.back();
    Value *Rewritten = E.X;
    std::set<const Value *> Created;
    if (int64_t Distance = P.Offset + On.Adjust) {
      // An instruction even off a constant X (a builder would fold it).
      Type *IndexTy = F.getDataLayout().getIndexType(A->getType());
      Instruction *Off = GetElementPtrInst::Create(Type::getInt8Ty(F.getContext()), E.X,
                                                   {ConstantInt::get(IndexTy, Distance, true)});
      Off->insertBefore(End);
      Temporary.push_back(Off);
      Created.insert(Off);
      Rewritten = Off;
    }
    verify::DefinedClaims Defined;
    if (isa<Instruction>(E.X))
      Defined[E.X] = E.Evidence;
    verify::DeltaProof Edge;
    if (Prover)
      Edge = Prover->prove(Original, Rewritten, Created, Defined);
    if (Unsafe.empty())
      Unsafe = verify::undefinedInputReason(Original, Rewritten, {E.X});
    for (Instruction *I : reverse(Temporary))
      I->eraseFromParent();

    All.Ms += Edge.Ms;
    std::string Where = "on the edge from " + Printer.block(Pred) + ": ";
    if (Edge.Status == model::ProofStatus::Refuted ||
        (Edge.Status == model::ProofStatus::Unknown && All.Status == model::ProofStatus::Proved)) {
      All.Status = Edge.Status;
      All.Reason = Where + Edge.Reason;
      All.Inputs = Edge.Inputs;
    } else if (All.Status == model::ProofStatus::Proved && All.Reason.empty()) {
      All.Reason = "each edge, as " + Where + Edge.Reason;
    }
    if (Edge.Status == model::ProofStatus::Refuted)
      break;
  }
  return All;
}

void AddressJoin::apply(Instruction *A, const Plan &P, std::vector<AddressJoinOutcome> &Out) {
  AddressJoinOutcome R;
  R.At = Accesses.lookup(A).front();
  R.Join = Printer.block(P.Join);
  std::string Phi = "phi";
  for (const Edge &E : P.Edges) {
    R.Incoming.push_back(Printer.operand(E.Addr.X) + (E.Adjust ? " + " + std::to_string(E.Adjust) : ""));
    Phi += std::string(Phi.size() > 3 ? ", " : " ") + "[ " + R.Incoming.back() + ", " + Printer.block(E.Pred) + " ]";
  }
  AddressRecord &Rec = R.Record;
  Rec.Base = Phi;
  Rec.Object = Printer.operand(getUnderlyingObject(A));
  Rec.Space = A->getType()->getPointerAddressSpace();
  Rec.Loc = core::sourceLocOf(*R.At);
  Rec.Original = Printer.text(A);
  Rec.Delta = P.Offset;

  std::string Unsafe;
  verify::DeltaProof Proof = checkEdges(A, P, Unsafe);
  if (Prover) {
    Rec.Proof.Status = model::proofStatusName(Proof.Status);
    Rec.Proof.Reason = Proof.Reason;
    Rec.Proof.Inputs = Proof.Inputs;
    Rec.Proof.Ms = Proof.Ms;
  }
  if ((Verify == VerifyMode::Strict && Rec.Proof.Status != "proved") || !Unsafe.empty()) {
    Rec.Status = "rolled-back";
    Rec.Proof.Reason = Unsafe.empty() ? Rec.Proof.Reason : Unsafe;
    Out.push_back(std::move(R));
    return;
  }

  R.Created = cost(P);
  Type *IndexTy = F.getDataLayout().getIndexType(A->getType());
  PHINode *&Q = Made[keyOf(P)];
  if (!Q) {
    // What the phi takes, by the block it comes from: an adjusted edge's GEP
    // goes at the end of its block if the join is its only successor, else on
    // the edge, split (it would otherwise run on the block's other paths too).
    DenseMap<BasicBlock *, Value *> Incoming;
    SmallVector<Instruction *, 4> EdgeGEPs;
    for (const Edge &E : P.Edges) {
      if (!E.Adjust) {
        Incoming[E.Pred] = E.Addr.X;
        continue;
      }
      BasicBlock *At = E.Pred;
      if (At->getUniqueSuccessor() != P.Join) {
        unsigned SuccNo = 0;
        while (At->getTerminator()->getSuccessor(SuccNo) != P.Join)
          ++SuccNo;
        At = splitEdgeOnly(At->getTerminator(), SuccNo, DT, LI);
        if (!At)
          break; // not split: the check below puts the rewrite back
        Split = true;
      }
      IRBuilder<> B(At->getTerminator());
      Value *GEP = B.CreateGEP(B.getInt8Ty(), E.Addr.X, ConstantInt::get(IndexTy, E.Adjust, true),
                               "scevcgp_join.edge");
      if (auto *I = dyn_cast<Instruction>(GEP))
        EdgeGEPs.push_back(I);
      Incoming[At] = GEP;
    }
    // Every edge into the join that a path takes must have its address; an
    // edge the split moved unforeseen puts the rewrite back (the split
    // blocks stay: they change no value).
    if (any_of(predecessors(P.Join),
               [&](BasicBlock *Pred) { return DT.isReachableFromEntry(Pred) && !Incoming.lookup(Pred); })) {
      for (Instruction *GEP : EdgeGEPs)
        GEP->eraseFromParent();
      Rec.Status = "rolled-back";
      Rec.Proof.Reason = "an edge into the join is not one the plan has an address for";
      Out.push_back(std::move(R));
      return;
    }
    Q = PHINode::Create(A->getType(), pred_size(P.Join), "scevcgp_join");
    Q->insertBefore(P.Join->begin());
    for (BasicBlock *Pred : predecessors(P.Join))
      Q->addIncoming(DT.isReachableFromEntry(Pred) ? Incoming.lookup(Pred) : PoisonValue::get(A->getType()), Pred);
  }
  Value *New = Q;
  if (P.Offset) {
    IRBuilder<> B(A);
    New = B.CreateGEP(B.getInt8Ty(), Q, ConstantInt::get(IndexTy, P.Offset, true), "scevcgp_join.off");
  }
  R.Removed = deadWithReplaced(A, nullptr, Doomed);
  A->replaceAllUsesWith(New);
  Replaced.push_back(A);
  Out.push_back(std::move(R));
}

std::vector<AddressJoinOutcome> AddressJoin::run() {
  std::vector<AddressJoinOutcome> Out;
  for (BasicBlock &BB : F) {
    if (!DT.isReachableFromEntry(&BB))
      continue;
    for (Instruction &I : BB)
      if (Value *Ptr = core::addressOperand(I))
        Accesses[Ptr].push_back(&I);
  }
  // The addresses below a join, and the joins their computations read.
  std::vector<std::pair<Instruction *, SmallSetVector<BasicBlock *, 2>>> Candidates;
  for (auto &[Ptr, Ops] : Accesses) {
    auto *A = dyn_cast<GetElementPtrInst>(Ptr);
    if (!A || derivesFromInRange(A) || readsRefinedValue(A))
      continue;
    SmallSetVector<BasicBlock *, 2> Joins;
    SmallVector<Value *, 8> Work(A->operands());
    for (unsigned Steps = 0; !Work.empty() && Steps < 32; ++Steps) {
      auto *OI = dyn_cast<Instruction>(Work.pop_back_val());
      if (!OI || !core::isAddressOpcode(OI))
        continue;
      if (auto *Phi = dyn_cast<PHINode>(OI)) {
        if (Phi->getNumIncomingValues() > 1 && !LI.isLoopHeader(Phi->getParent()))
          Joins.insert(Phi->getParent());
        continue;
      }
      append_range(Work, OI->operands());
    }
    if (!Joins.empty())
      Candidates.push_back({A, std::move(Joins)});
  }
  if (Candidates.empty())
    return Out;
  for (auto &[Ptr, Ops] : Accesses)
    if (!readsRefinedValue(Ptr) && !derivesFromInRange(Ptr)) {
      const SCEV *S = SE.getSCEV(Ptr);
      ByBase[{SE.getPointerBase(S), Ptr->getType()->getPointerAddressSpace()}].push_back(Ptr);
    }

  for (auto &[A, Joins] : Candidates) {
    for (BasicBlock *J : Joins) {
      Plan P;
      if (!planFor(A, J, P))
        continue;
      SmallPtrSet<Instruction *, 16> Dead(Doomed.begin(), Doomed.end());
      if (deadWithReplaced(A, nullptr, Dead) <= targetCost(P))
        continue;
      apply(A, P, Out);
      break;
    }
  }

  SmallVector<WeakTrackingVH, 16> Dead(Replaced.begin(), Replaced.end());
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead, nullptr, nullptr,
                                                        [&](Value *V) { SE.forgetValue(V); });
  return Out;
}

} // namespace xwarp::passes
