//===- passes/BaseRewriter.cpp --------------------------------------------===//
#include "passes/BaseRewriterState.h"
#include "passes/DeadInstructions.h"
#include "passes/DerivedAddresses.h"
#include "passes/IRText.h"
#include "passes/MemberCopy.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace xwarp::passes {

BaseRewriter::BaseRewriter(Function &F, ScalarEvolution &SE, DominatorTree &DT,
                           const BaseRewriterOptions &Opts, verify::DeltaProver *Prover,
                           IRPrinter &Printer)
    : F(F), SE(SE), DT(DT), Opts(Opts), Prover(Prover), Printer(Printer) {
  for (Instruction &I : instructions(F))
    if (isRefinedValue(&I))
      RefinedValues.push_back(&I);
}

bool BaseRewriter::isCanonical(const core::AddressClass &C) const {
  const Value *Common = nullptr;
  for (const core::AddressMember &M : C.Members) {
    const Value *B = Bases.contains(M.Pointer) ? M.Pointer : BaseOf.lookup(M.Pointer);
    if (!B || (Common && B != Common))
      return false;
    Common = B;
  }
  return true;
}

/// SCEVExpander::isSafeToExpandAt refuses an insertion point in the block of
/// an operand; dominance of each operand's definition is what matters (and
/// an add recurrence means something only inside its loop). The probe asks
/// in the mode the bases are expanded in: a recurrence expanded literally
/// needs its loop's preheader, which clang's guarded loops may lack.
bool BaseRewriter::expandableAt(const SCEV *S, Instruction *At) const {
  SCEVExpander Probe(SE, F.getDataLayout(), "scevcgptmp_", false);
  Probe.disableCanonicalMode();
  if (!Probe.isSafeToExpand(S))
    return false;
  return !SCEVExprContains(S, [&](const SCEV *X) {
    if (const auto *U = dyn_cast<SCEVUnknown>(X))
      if (auto *I = dyn_cast<Instruction>(U->getValue()))
        return !DT.dominates(I, At);
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(X))
      return !AR->getLoop()->contains(At);
    return false;
  });
}

std::optional<BaseRewriter::Placement> BaseRewriter::place(const core::AddressClass &C,
                                                            std::string &Why) {
  std::vector<Instruction *> Ops;
  for (const core::AddressMember &M : C.Members)
    Ops.insert(Ops.end(), M.MemoryOps.begin(), M.MemoryOps.end());
  // The nearest common dominator of a set of blocks is that of the first and
  // the last of them in the dominator tree's preorder: one walk up the tree
  // (folding the blocks in one by one walks it once per operation, which on
  // a long chain of blocks is quadratic).
  DT.updateDFSNumbers();
  const DomTreeNode *First = nullptr, *Last = nullptr;
  for (Instruction *I : Ops) {
    const DomTreeNode *N = DT.getNode(I->getParent());
    if (!N) {
      Why = "a memory operation is unreachable";
      return std::nullopt;
    }
    if (!First || N->getDFSNumIn() < First->getDFSNumIn())
      First = N;
    if (!Last || N->getDFSNumIn() > Last->getDFSNumIn())
      Last = N;
  }
  BasicBlock *NCD = DT.findNearestCommonDominator(First->getBlock(), Last->getBlock());
  // The first member operation in the dominator itself, else its end.
  Instruction *At = NCD->getTerminator();
  SmallPtrSet<const Instruction *, 32> IsOp(Ops.begin(), Ops.end());
  for (Instruction &I : *NCD)
    if (IsOp.contains(&I)) {
      At = &I;
      break;
    }
  unsigned Rise = 0;
  for (Instruction *I : Ops)
    Rise = std::max(Rise, DT.getNode(I->getParent())->getLevel() - DT.getNode(NCD)->getLevel());

  bool Expandable = expandableAt(C.Anchor, At);
  if (Rise <= Opts.IdomLevelLimit && Expandable)
    return Placement{At, true};
  // At a member that dominates every other operation, the anchor is at most
  // a constant away from that member's own address, which may stand for it
  // where the anchor cannot be expanded. Only At can be one: its block would
  // be a common dominator that the nearest one dominates.
  std::vector<Instruction *> Order, Drop;
  unsigned Cost;
  if (IsOp.contains(At) && all_of(Ops, [&](Instruction *O) { return O == At || DT.dominates(At, O); }) &&
      (Expandable || cheapestCopy(C, At, Order, Drop, Cost)))
    return Placement{At, false};
  Why = Rise > Opts.IdomLevelLimit
            ? "the common dominator is " + std::to_string(Rise) +
                  " levels above a use (scev-cgp-idom-level-limit) and no member dominates the others"
            : "the base cannot be computed where it would dominate every use";
  return std::nullopt;
}

bool BaseRewriter::accessedFirst(const core::AddressMember &Base, const core::AddressClass &C) const {
  return any_of(Base.MemoryOps, [&](Instruction *Access) {
    return all_of(C.Members, [&](const core::AddressMember &M) {
      if (&M == &Base)
        return true;
      // Before the member's address is computed, or at least before anything
      // uses it (an address hoisted out of a loop the access is in).
      auto *Def = dyn_cast<Instruction>(M.Pointer);
      bool First = !Def || DT.dominates(Access, Def) ||
                   (!Def->use_empty() && all_of(Def->uses(), [&](const Use &U) { return DT.dominates(Access, U); }));
      return First && all_of(M.MemoryOps, [&](Instruction *Op) { return DT.dominates(Access, Op); });
    });
  });
}

const core::AddressMember *BaseRewriter::cheapestCopy(const core::AddressClass &C, Instruction *At,
                                                      std::vector<Instruction *> &Order,
                                                      std::vector<Instruction *> &Drop, unsigned &Cost) const {
  if (Opts.ExpandOnly)
    return nullptr;
  return cheapestMemberCopy(
      C, At, DT, Order, Drop, Cost, [&](const core::AddressMember &M) { return accessedFirst(M, C); },
      [&](const core::AddressMember &M) { return keptAlive(M); });
}

void BaseRewriter::buildBase(Attempt &A, const core::AddressClass &C, Instruction *At) {
  std::vector<Instruction *> Order, Drop;
  unsigned BestCost = 0; // what only a member as it is keeps alive
  const core::AddressMember *Best = cheapestCopy(C, At, Order, Drop, BestCost);
  // place() chose At where the anchor expands, or where a member's copy
  // stands for it (a recurrence of a loop without a preheader expands not).
  bool Expand = expandableAt(C.Anchor, At);
  assert((Expand || Best) && "place() chose where nothing can stand for the anchor");
  if (Expand) {
    // The expander reuses any value of the SCEV it expands (isRefinedValue):
    // forgotten, such a value is not offered until asked for again.
    for (Value *V : RefinedValues)
      SE.forgetValue(V);
    A.Exp.disableCanonicalMode();
    A.Base = A.Exp.expandCodeFor(C.Anchor, PointerType::get(F.getContext(), C.Space), At);
    A.BaseOffset = 0;
    // The expander lists what it inserted by address: sorted, the names it
    // gets and the output are the same on every run.
    SmallVector<Instruction *> Expanded = A.Exp.getAllInsertedInstructions();
    DT.updateDFSNumbers();
    auto BlockNumber = [&](const Instruction *I) {
      const DomTreeNode *N = DT.getNode(I->getParent());
      return N ? N->getDFSNumIn() : ~0u;
    };
    llvm::sort(Expanded, [&](Instruction *X, Instruction *Y) {
      if (X->getParent() != Y->getParent())
        return BlockNumber(X) < BlockNumber(Y);
      return X->comesBefore(Y);
    });
    A.Inserted.insert(Expanded.begin(), Expanded.end());
  }
  // What the member plan costs against the expansion: a copy, its
  // instructions; the member as it is, what only it keeps alive, and its
  // own address, which the expansion's base would replace (the deltas of
  // the other members cost the same either way). An expansion that reuses
  // a value and inserts nothing never wins over a member. On a tie a member
  // away from the anchor loses: the anchor's expansion is the address the
  // backend is likelier to share with other accesses (t * 4, not t * 4 | 3).
  auto MemberNoDearer = [&] {
    if (!Order.empty())
      return Order.size() <= A.Inserted.size();
    unsigned Kept = BestCost + 1;
    return A.Inserted.empty() || Kept < A.Inserted.size() || (Kept == A.Inserted.size() && Best->Offset == 0);
  };
  if (Best && (!Expand || MemberNoDearer())) {
    // The member's own computation is no dearer than the anchor's expansion:
    // copy it, without poison flags (the copy runs where it did not), and
    // count the others' deltas from it. On a tie this wins: the expander may
    // reuse a flagged instruction that only its context makes safe, which
    // the context-free delta proof cannot show.
    A.Cleaner.cleanup();
    A.Inserted.clear();
    A.AccessedFirst = Order.empty() && accessedFirst(*Best, C) ? Best : nullptr;
    if (A.AccessedFirst)
      Drop.clear();
    // A flag also stays where every other member's own address is poison
    // whenever the flagged instruction is (its index computation, say): the
    // rewrites add no poison then, and the backend keeps what the flag lets
    // it fold in the members that share the instruction.
    SmallPtrSet<Instruction *, 8> Keep(Drop.begin(), Drop.end());
    for (const core::AddressMember &M : C.Members) {
      if (Keep.empty())
        break;
      if (&M == Best)
        continue;
      SmallPtrSet<const Value *, 32> Sources = poisonSources(M.Pointer);
      for (Instruction *I : Drop)
        if (!Sources.contains(I))
          Keep.erase(I);
    }
    llvm::erase_if(Drop, [&](Instruction *I) { return Keep.contains(I); });
    for (Instruction *I : Drop) {
      A.Dropped.push_back({I, I->clone()});
      I->dropPoisonGeneratingFlags();
    }
    DenseMap<Value *, Value *> Copy;
    for (Instruction *I : Order) {
      Instruction *K = I->clone();
      K->dropPoisonGeneratingAnnotations();
      for (Use &U : K->operands())
        if (Value *N = Copy.lookup(U.get()))
          U.set(N);
      K->insertBefore(At);
      Copy[I] = K;
      A.Inserted.insert(K);
    }
    A.Copied = true;
    A.Base = Order.empty() ? Best->Pointer : Copy[Best->Pointer];
    A.BaseOffset = Best->Offset;
  } else {
    // The expander may hand back a member's own address (ScalarEvolution
    // knows the value), flags and all; they hold where that member is
    // accessed first, and the delta proof is told so.
    auto Own = llvm::find_if(C.Members, [&](const core::AddressMember &M) { return M.Pointer == A.Base; });
    A.AccessedFirst = Own != C.Members.end() && accessedFirst(*Own, C) ? &*Own : nullptr;
  }
  for (Instruction *I : A.Inserted)
    if (I != A.Base)
      I->setName("scevcgptmp_");
  A.BaseName = "scevcgp_" + std::to_string(NextId);
  if (auto *BaseI = dyn_cast<Instruction>(A.Base)) {
    A.BaseReused = !A.Inserted.contains(BaseI);
    if (Bases.contains(BaseI))
      A.BaseName = BaseI->getName().str();
    A.ReusedOldName = BaseI->getName().str();
    BaseI->setName(A.BaseName);
    A.BaseName = BaseI->getName().str(); // as the module made it unique
  } else {
    A.BaseName = Printer.text(A.Base);
  }
}

void BaseRewriter::rewriteMember(Attempt &A, const core::AddressMember &M) {
  Value *Cur = M.Pointer;
  Type *IndexTy = F.getDataLayout().getIndexType(A.Base->getType());
  auto Make = [&](BasicBlock::iterator Where) -> Value * {
    IRBuilder<> B(Where->getParent(), Where);
    // A delta or cast this merge made for another member serves every use
    // it dominates (two members at one distance from the base share it). A
    // delta that does not dominate this use moves up to the nearest block
    // that dominates both (it only adds a constant to the base, which
    // dominates both, so computing it on more paths is harmless).
    auto Earlier = [&](auto Matches, bool Hoist) -> Value * {
      for (Instruction *I : A.Made) {
        if (!Matches(*I))
          continue;
        if (DT.dominates(I, &*Where))
          return I;
        if (Hoist) {
          BasicBlock *Common = DT.findNearestCommonDominator(I->getParent(), Where->getParent());
          I->moveBefore(Common == Where->getParent() ? &*Where : Common->getTerminator());
          return I;
        }
      }
      return nullptr;
    };
    SmallVector<Instruction *, 2> Fresh;
    Value *V = A.Base;
    if (int64_t Delta = M.Offset - A.BaseOffset) {
      Constant *D = ConstantInt::get(IndexTy, Delta, /*IsSigned=*/true);
      V = Earlier([&](const Instruction &I) {
        auto *G = dyn_cast<GetElementPtrInst>(&I);
        return G && G->getPointerOperand() == A.Base && G->getNumIndices() == 1 && G->getOperand(1) == D &&
               G->getSourceElementType() == B.getInt8Ty();
      }, /*Hoist=*/true);
      if (!V) {
        // Named after the base's IR name (BaseName is the reports' text,
        // "%b" for an argument).
        std::string Stem = A.Base->hasName() ? A.Base->getName().str() : "scevcgp";
        V = B.CreatePtrAdd(A.Base, D, Stem + ".d" + (Delta < 0 ? "m" + std::to_string(-Delta) : std::to_string(Delta)));
        if (auto *I = dyn_cast<Instruction>(V)) // else folded into a constant
          Fresh.push_back(I);
      }
    }
    if (M.Cast) {
      Value *From = V;
      V = Earlier([&](const Instruction &I) {
        return isa<AddrSpaceCastInst>(I) && I.getOperand(0) == From && I.getType() == Cur->getType();
      }, /*Hoist=*/false);
      if (!V) {
        V = B.CreateAddrSpaceCast(From, Cur->getType(), "bitCastEnd");
        if (auto *I = dyn_cast<Instruction>(V))
          Fresh.push_back(I);
      }
    }
    for (Instruction *I : Fresh) {
      A.Made.push_back(I);
      BaseOf[I] = A.Base;
    }
    return V;
  };
  if (Cur == A.Base && !M.Cast)
    return; // this member's own address became the base
  if (BaseOf.lookup(Cur) == A.Base)
    return; // already this base plus this offset

  // Every use of an address instruction the base dominates becomes the
  // rewrite (addresses built on it become shallow for the next round);
  // otherwise only the memory operations' address operands do.
  auto *CurI = dyn_cast<Instruction>(Cur);
  auto *BaseI = dyn_cast<Instruction>(A.Base);
  if (CurI && !CurI->isTerminator() && !A.Inserted.contains(CurI) && CurI != A.Base) {
    BasicBlock::iterator After =
        isa<PHINode>(CurI) ? CurI->getParent()->getFirstInsertionPt() : std::next(CurI->getIterator());
    if (After != CurI->getParent()->end() && (!BaseI || DT.dominates(BaseI, &*After))) {
      Value *New = Make(After);
      SmallPtrSet<Instruction *, 4> Fresh;
      for (Value *X = New; X != A.Base && isa<Instruction>(X); X = cast<Instruction>(X)->getOperand(0))
        Fresh.insert(cast<Instruction>(X));
      Change C{Cur, New, {}};
      for (Use &U : Cur->uses()) {
        auto *User = cast<Instruction>(U.getUser());
        if (!Fresh.contains(User) && !A.Inserted.contains(User) && User != A.Base)
          C.Uses.push_back({User, U.getOperandNo()});
      }
      for (auto [User, No] : C.Uses)
        User->setOperand(No, New);
      A.Changes.push_back(std::move(C));
      return;
    }
  }
  for (Instruction *Op : M.MemoryOps) {
    Value *New = nullptr;
    for (size_t I = A.MemberStart.back(); I < A.Changes.size() && !New; ++I)
      if (auto *Prev = dyn_cast<Instruction>(A.Changes[I].New); Prev && DT.dominates(Prev, Op))
        New = Prev;
    if (!New)
      New = Make(Op->getIterator());
    unsigned Idx = isa<StoreInst>(Op) ? 1 : 0;
    Op->setOperand(Idx, New);
    A.Changes.push_back({Cur, New, {{Op, Idx}}});
  }
}

void BaseRewriter::undo(Attempt &A, size_t Begin, size_t End) {
  for (size_t K = End; K-- > Begin;) {
    Change &C = A.Changes[K];
    if (C.Undone)
      continue;
    for (auto [User, No] : C.Uses)
      User->setOperand(No, C.Old);
    C.Undone = true;
  }
  // Deltas and casts nothing uses any more. A cast may use a delta listed
  // before or after it (members share them), so sweep until none is freed.
  for (bool Freed = true; Freed;) {
    Freed = false;
    for (size_t K = 0; K < A.Made.size();) {
      if (!A.Made[K]->use_empty()) {
        ++K;
        continue;
      }
      BaseOf.erase(A.Made[K]);
      A.Made[K]->eraseFromParent();
      A.Made.erase(A.Made.begin() + K);
      Freed = true;
    }
  }
}

/// Instructions that die with the rewrite (replaced addresses and the
/// computations only they used), and address computations that survive with
/// fewer users (shared with another class, which may free them next).
BaseRewriter::Removal BaseRewriter::countRemovable(const Attempt &A) const {
  SmallVector<Instruction *, 16> Replaced;
  for (const Change &C : A.Changes)
    if (auto *I = dyn_cast<Instruction>(C.Old); I && !C.Undone)
      Replaced.push_back(I);
  SmallPtrSet<Instruction *, 32> Dead;
  std::vector<Instruction *> Visited = growDeadSet(Replaced, Dead);
  Removal R;
  R.Dead = Dead.size();
  // Address computations the rewrite reaches but does not free: another
  // class's addresses still need them, now with fewer users of their own.
  // A value anything else uses (a compare, a store's value, a call: the
  // thread index of a 2D kernel) would outlive every rewrite.
  auto OnlyForAddresses = [&](const Instruction *I) {
    return all_of(I->uses(), [&](const Use &U) {
      auto *UI = cast<Instruction>(U.getUser());
      return Dead.contains(UI) || (core::isAddressOpcode(UI) && !isa<PHINode>(UI)) || core::addressOperand(*UI) == I;
    });
  };
  for (Instruction *I : Visited)
    if (!Dead.contains(I) && core::isAddressOpcode(I) && !isa<PHINode>(I) && !A.Inserted.contains(I) &&
        OnlyForAddresses(I))
      ++R.Thinned;
  return R;
}

void BaseRewriter::commit(Attempt &A) {
  A.Cleaner.markResultUsed();
  A.Exp.clear(); // it holds handles on what it inserted
  for (Instruction *I : A.Inserted)
    if (isa<CastInst>(I))
      MadeCasts.emplace_back(I);
  SmallVector<WeakTrackingVH, 16> Dead;
  for (const Change &C : A.Changes)
    if (auto *I = dyn_cast<Instruction>(C.Old); I && !C.Undone && isInstructionTriviallyDead(I))
      Dead.push_back(I);
  for (Instruction *I : A.Inserted)
    if (I != A.Base && isInstructionTriviallyDead(I))
      Dead.push_back(I);
  // (An erased instruction leaves RoundFreed: a new one may take its place.)
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead, nullptr, nullptr, [&](Value *V) {
    SE.forgetValue(V);
    RoundFreed.erase(cast<Instruction>(V));
  });
  // The expander may have dropped poison flags of instructions it reused:
  // forget what ScalarEvolution inferred from them.
  std::vector<Value *> Work{A.Base};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.back());
    Work.pop_back();
    if (!I || !Seen.insert(I).second || isa<PHINode>(I))
      continue;
    SE.forgetValue(I);
    Work.insert(Work.end(), I->op_begin(), I->op_end());
  }
  if (Opts.RecordBases)
    SE.getSCEV(A.Base);
  Bases.insert(A.Base);
  if (auto *BaseI = dyn_cast<Instruction>(A.Base))
    ++BasesIn[BaseI->getParent()];
}

void BaseRewriter::beginRound(const std::vector<core::AddressClass> &Classes) {
  // The members off their class's anchor become deltas of a base: what they
  // are computed from dies with them unless something else needs it (an
  // anchor's computation most often is its class's base). Found before any
  // merge of the round erases a member.
  RoundFreed.clear();
  for (const core::AddressClass &C : Classes)
    if (C.Members.size() > 1)
      for (const core::AddressMember &M : C.Members)
        if (auto *I = dyn_cast<Instruction>(M.Pointer); I && M.Offset != 0)
          deadWithReplaced(I, nullptr, RoundFreed);
}

unsigned BaseRewriter::keptAlive(const core::AddressMember &Member) const {
  auto *P = dyn_cast<Instruction>(Member.Pointer);
  if (!P || !RoundFreed.contains(P))
    return 0;
  SmallPtrSet<Instruction *, 16> Seen;
  SmallVector<Instruction *, 16> Work{P};
  unsigned Kept = 0;
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!Seen.insert(I).second)
      continue;
    Kept += I != P;
    for (Value *Op : I->operands())
      if (auto *OI = dyn_cast<Instruction>(Op); OI && RoundFreed.contains(OI))
        Work.push_back(OI);
  }
  return Kept;
}

MergeOutcome BaseRewriter::merge(const core::AddressClass &C) {
  MergeOutcome Out;
  Out.At = C.Members[0].MemoryOps[0];
  std::optional<Placement> P = place(C, Out.Reason);
  if (!P)
    return Out;
  if (BasesIn.lookup(P->At->getParent()) >= Opts.CrossBlockLimit) {
    Out.Reason = "block " + Printer.block(P->At->getParent()) + " already has " +
                 std::to_string(Opts.CrossBlockLimit) + " bases (scev-cgp-cross-block-limit)";
    return Out;
  }

  Attempt A(SE, F.getDataLayout());
  buildBase(A, C, P->At);
  // The accesses that went through the base in the input, through its own
  // member or a member computed from it (poison whenever the base is): the
  // delta proofs' evidence that the base is not poison after them. Taken
  // before any member is rewritten (a rewrite rewires the computations
  // built on a member). A base the merge made has none.
  if (auto *BaseI = dyn_cast<Instruction>(A.Base); !BaseI || !A.Inserted.contains(BaseI))
    for (const core::AddressMember &M : C.Members)
      if (M.Pointer == A.Base || poisonSources(M.Pointer).contains(A.Base))
        A.BaseEvidence.insert(A.BaseEvidence.end(), M.MemoryOps.begin(), M.MemoryOps.end());
  std::vector<Rewritten> Done;
  // Each member's address as the input computes it: rewriting one member
  // rewires the computations of those built on it.
  std::vector<std::string> OriginalText;
  for (const core::AddressMember &M : C.Members)
    OriginalText.push_back(Refused.contains(M.Pointer) ? "" : Printer.text(M.Pointer));
  for (size_t K = 0; K < C.Members.size(); ++K) {
    const core::AddressMember &M = C.Members[K];
    if (Refused.contains(M.Pointer))
      continue;
    size_t Begin = A.Changes.size();
    A.MemberStart.push_back(Begin);
    rewriteMember(A, M);
    if (A.Changes.size() == Begin)
      continue; // already this base plus its offset
    AddressRecord Rec;
    Rec.Base = A.BaseName;
    Rec.Object = C.Object ? Printer.operand(C.Object) : "";
    Rec.Space = C.Space;
    Rec.Loc = core::sourceLocOf(*M.MemoryOps[0]);
    Rec.Original = std::move(OriginalText[K]);
    Rec.Delta = M.Offset - A.BaseOffset;
    Done.push_back({&M, Begin, A.Changes.size(), std::move(Rec)});
  }

  // Instructions this merge adds against those it lets go.
  auto Profitable = [&] {
    Out.Created = Out.Removed = 0;
    for (Instruction *I : A.Inserted)
      Out.Created += !I->use_empty() || I == A.Base;
    for (Instruction *I : A.Made)
      Out.Created += !I->use_empty();
    Removal R = countRemovable(A);
    Out.Removed = R.Dead;
    // A break-even merge still pays when it thins computations another class
    // shares: rewriting that class then frees them (the i+1, i+2 ... of an
    // unrolled loop feed one address in each of two arrays).
    return any_of(A.Changes, [](const Change &X) { return !X.Undone; }) &&
           (Out.Removed > Out.Created || (Out.Removed == Out.Created && R.Thinned > 0));
  };
  auto GiveUp = [&](std::string Why) {
    Out.Reason = std::move(Why);
    undo(A, 0, A.Changes.size());
    A.restoreFlags();
    if (A.BaseReused)
      cast<Instruction>(A.Base)->setName(A.ReusedOldName);
    // The cleaner removes what the expander inserted; copies are ours (each
    // uses only earlier ones).
    if (A.Copied)
      for (Instruction *I : reverse(A.Inserted))
        if (I->use_empty())
          I->eraseFromParent();
    Out.Created = Out.Removed = 0;
    return Out;
  };
  auto Unprofitable = [&] {
    return "unprofitable: " + std::to_string(Out.Created) + " instructions for " +
           std::to_string(Out.Removed) + " removed";
  };
  // The expander may hand back an existing address computed from an inrange
  // GEP, off which the other members' accesses could leave the range.
  if (derivesFromInRange(A.Base))
    return GiveUp("the base would be computed from an inrange GEP");
  if (Done.empty())
    return GiveUp("every address already is this base plus a constant");
  if (!Profitable())
    return GiveUp(Unprofitable());

  // The delta proofs; strict mode puts back every address not proved, and
  // keeps the merge only if what remains still pays.
  bool RolledBack = checkRewrites(A, Done, Out.Records);
  if (RolledBack && !Profitable()) {
    bool Any = any_of(A.Changes, [](const Change &X) { return !X.Undone; });
    // The rest is undone too: every rewrite of the attempt stays on record,
    // put back, each with its proof.
    for (AddressRecord &R : Out.Records)
      R.Status = "rolled-back";
    return GiveUp(Any ? Unprofitable() + " once what was not shown was put back"
                      : "no rewritten address was shown right");
  }
  Out.Merged = true;
  Out.BaseName = A.BaseName;
  Out.Reason = (P->Hoisted ? "at the common dominator " : "at the dominating member in ") +
               Printer.block(P->At->getParent());
  commit(A);
  ++NextId;
  return Out;
}

} // namespace xwarp::passes
