//===- passes/IndexReuse.cpp ----------------------------------------------===//
#include "passes/IndexReuse.h"

#include "passes/DeadInstructions.h"
#include "passes/DefinedBefore.h"
#include "passes/DerivedAddresses.h"
#include "passes/IRText.h"
#include "verify/DeltaProver.h"
#include "verify/PoisonInputs.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace xwarp::passes {

/// P = Reused + Scale * Index + Offset, where Index is V or an extension of
/// it; without V, P = Reused + Offset (addresses whose extensions, once
/// distributed, leave the same variable part: ScalarEvolution keeps
/// `sext(4 * x + 2)` whole, and with it apart from `4 * sext(x)`).
struct IndexReuse::Candidate {
  Value *Reused = nullptr;
  /// The member Reused is the address of: its loads and stores, one of which
  /// comes before P, are the evidence that Reused is defined.
  const core::AddressMember *ReusedMember = nullptr;
  /// Else the parts of Reused that accesses before P vouch for
  /// (DefinedBefore.h definedByParts).
  verify::DefinedClaims ReusedParts;
  Value *V = nullptr;
  /// Instruction::ZExt or SExt, or 0 when V already has the index width.
  unsigned ExtOpcode = 0;
  /// An extension of V that already dominates P.
  Instruction *Existing = nullptr;
  /// When Existing has poison flags: the loads and stores before P whose
  /// address is poison if Existing is (its evidence: they would be
  /// undefined).
  std::vector<const Instruction *> ExistingEvidence;
  int64_t Scale = 0;
  /// Bytes added after the scaled index (P = Reused + Scale * Index + Offset).
  int64_t Offset = 0;
  unsigned Created = 0, Dead = 0;
};

struct IndexReuse::IndexChoice {
  /// The index as P's form has it (extended to the index width).
  const SCEV *Scev = nullptr;
  Candidate C;
};

IndexReuse::IndexReuse(Function &F, ScalarEvolution &SE, DominatorTree &DT, LoopInfo &LI, VerifyMode Verify,
                       verify::DeltaProver *Prover, IRPrinter &Printer)
    : F(F), SE(SE), DT(DT), LI(LI), Verify(Verify), Prover(Prover), Printer(Printer) {}

unsigned IndexReuse::countDead(Instruction *P, const Instruction *Kept) const {
  SmallPtrSet<Instruction *, 16> Dead(Doomed.begin(), Doomed.end());
  return deadWithReplaced(P, Kept, Dead);
}

const IndexReuse::Form *IndexReuse::formOf(const core::AddressMember &M) {
  Form *&Known = Forms[M.Pointer];
  if (!Known) {
    Form &New = FormStore.emplace_back();
    Known = &New;
    core::DecomposeOptions Opts;
    Opts.DistributeExtensions = true;
    Opts.Values = &New.Values;
    if (std::optional<core::DecomposedAddress> D = core::decomposeAddress(M.Pointer, SE, F.getDataLayout(), Opts)) {
      New.Address = D->address(SE);
      New.Variable = D->Variable;
      New.Constant = D->Constant;
    }
  }
  return Known->Address ? Known : nullptr;
}

/// The positive constant K, of at most 32 bits, with D = K * X.
static std::optional<int64_t> scaleOf(const SCEV *D, const SCEV *X, ScalarEvolution &SE) {
  if (D == X)
    return 1;
  // Only a multiple of X's constant factor can be K times X; the candidate
  // is then checked by building K * X (expressions are unique).
  APInt MD = SE.getConstantMultiple(D), MX = SE.getConstantMultiple(X);
  if (MX.isZero() || MD.isZero() || !MD.urem(MX).isZero())
    return std::nullopt;
  APInt K = MD.udiv(MX);
  if (K.getActiveBits() > 32 || K.ule(1) || SE.getMulExpr(X, SE.getConstant(K)) != D)
    return std::nullopt;
  return int64_t(K.getZExtValue());
}

std::vector<IndexReuse::IndexChoice> IndexReuse::indexChoices(Instruction *PI, const Form &PF) const {
  // The index is one of the values P's own computation is built from,
  // extended as P's computation extends it (ScalarEvolution may fold the
  // extension in, as zext(x /u 2) into (zext x) /u 2, or write a sext of a
  // value it knows non-negative as a zext, which a proof without that
  // knowledge could not follow). What a rewrite by it costs and frees does
  // not depend on the address reused.
  Type *IndexTy = F.getDataLayout().getIndexType(PF.Address->getType());
  std::vector<IndexChoice> Out;
  SmallPtrSet<const Value *, 8> SeenPlain, SeenSExt, SeenZExt;
  for (const core::DecomposedValue &Part : PF.Values) {
    auto *V = const_cast<Value *>(Part.V);
    if (!V->getType()->isIntegerTy() || isa<Constant>(V) || (!Part.ExtOpcode && V->getType() != IndexTy) ||
        Part.Scev->getType() != IndexTy)
      continue;
    // (The walk meets a value once per path to it, and a zext nneg twice.)
    auto &Seen = Part.ExtOpcode == Instruction::SExt   ? SeenSExt
                 : Part.ExtOpcode == Instruction::ZExt ? SeenZExt
                                                       : SeenPlain;
    if (!Seen.insert(V).second)
      continue;
    if (auto *VI = dyn_cast<Instruction>(V); VI && !DT.dominates(VI, PI))
      continue;
    IndexChoice &I = Out.emplace_back();
    I.Scev = Part.Scev;
    Candidate &C = I.C;
    C.V = V;
    C.ExtOpcode = Part.ExtOpcode;
    // An extension with poison flags (a zext nneg) serves where an access
    // through it comes before P: its flags hold there. One without serves
    // anywhere it dominates.
    if (C.ExtOpcode)
      for (User *Us : V->users()) {
        auto *Ext = dyn_cast<CastInst>(Us);
        if (!Ext || Ext->getOpcode() != C.ExtOpcode || Ext->getType() != IndexTy || !DT.dominates(Ext, PI))
          continue;
        if (!Ext->hasPoisonGeneratingFlags()) {
          C.Existing = Ext;
          C.ExistingEvidence.clear();
          break;
        }
        if (!C.Existing)
          if (std::vector<const Instruction *> Evidence = earlierAccessesThrough(Ext, PI, DT); !Evidence.empty()) {
            C.Existing = Ext;
            C.ExistingEvidence = std::move(Evidence);
          }
      }
    C.Created = 1 + (C.ExtOpcode && !C.Existing);
    // V lives on in the rewrite: as the new GEP's index, through the
    // existing extension, or through the one made for it.
    C.Dead = countDead(PI, C.Existing ? C.Existing : dyn_cast<Instruction>(V));
  }
  return Out;
}

/// Splits D into a constant and the rest (ScalarEvolution puts an add's
/// constant first); an offset beyond 32 bits is not split.
static std::pair<int64_t, const SCEV *> constantAndRest(const SCEV *D, ScalarEvolution &SE) {
  if (auto *Add = dyn_cast<SCEVAddExpr>(D))
    if (auto *C = dyn_cast<SCEVConstant>(Add->getOperand(0)); C && C->getAPInt().isSignedIntN(32))
      return {C->getAPInt().getSExtValue(), SE.getMinusSCEV(D, C)};
  return {0, D};
}

/// The object P's address is computed from, when a rewrite may start at it:
/// an argument, a global or a static alloca of P's own type. It dominates P
/// and has no flags of its own; were it poison or undef, so would be the
/// original, which reads it once, as the rewrite does. Only GEPs are looked
/// through, as the delta proof encodes them (getUnderlyingObject also
/// passes calls that return an argument: rewrites the proof refuted).
static Value *objectOf(GetElementPtrInst *P) {
  Value *O = P;
  while (auto *G = dyn_cast<GEPOperator>(O))
    O = G->getPointerOperand();
  if (O->getType() != P->getType())
    return nullptr;
  if (isa<Argument>(O) || isa<GlobalVariable>(O))
    return O;
  if (auto *A = dyn_cast<AllocaInst>(O); A && A->isStaticAlloca())
    return O;
  return nullptr;
}

std::optional<IndexReuse::Candidate> IndexReuse::bestFor(const std::vector<core::AddressMember> &Group,
                                                         size_t Pos, const std::vector<Candidate> &PutBack) {
  const core::AddressMember &P = Group[Pos];
  auto *PI = cast<GetElementPtrInst>(P.Pointer);
  const Form *PF = formOf(P);
  if (!PF)
    return std::nullopt;
  std::optional<std::vector<IndexChoice>> Choices; // made at the first distance asked
  std::optional<unsigned> AllDead;                  // P's computation, made when first asked
  std::optional<Candidate> Best;
  // Of the rewrites of P, the one that saves the most; on a tie the one that
  // creates the least (no offset), then one off an object (a global's
  // address is a constant the backend folds into the access, an argument's
  // and an entry-block alloca's are live anyway; an earlier address is a
  // register kept live until P for it), then the nearest reused address,
  // then the value met first.
  auto Rank = [](const Candidate &C) {
    bool OffObject = !isa<Instruction>(C.Reused) || isa<AllocaInst>(C.Reused);
    return std::make_tuple(int(C.Dead) - int(C.Created), -int(C.Created), OffObject);
  };
  auto Offer = [&](const Candidate &C) {
    bool Before = any_of(PutBack, [&](const Candidate &T) {
      return T.Reused == C.Reused && T.V == C.V && T.ExtOpcode == C.ExtOpcode && T.Scale == C.Scale &&
             T.Offset == C.Offset;
    });
    if (!Before && (!Best || Rank(C) > Rank(*Best)))
      Best = C;
  };
  // P = Reused + D, D a scaled value of P's computation and a constant.
  auto Consider = [&](Value *Reused, const core::AddressMember *ReusedMember, const verify::DefinedClaims &Parts,
                      const SCEV *ReusedAddress, bool OnlyIfPays) {
    const SCEV *D = SE.getMinusSCEV(PF->Address, ReusedAddress);
    if (isa<SCEVCouldNotCompute>(D))
      return;
    auto [SplitOffset, Rest] = constantAndRest(D, SE);
    if (Rest->isZero())
      return;
    if (!Choices)
      Choices = indexChoices(PI, *PF);
    for (const IndexChoice &I : *Choices) {
      // The whole distance (the value may hold the constant, as k + 1),
      // else the distance but for its constant.
      int64_t Offset = 0;
      std::optional<int64_t> Scale = scaleOf(D, I.Scev, SE);
      if (!Scale && SplitOffset) {
        Offset = SplitOffset;
        Scale = scaleOf(Rest, I.Scev, SE);
      }
      if (!Scale)
        continue;
      Candidate C = I.C;
      C.Created += Offset != 0; // the offset is a GEP of its own
      if (OnlyIfPays && C.Dead <= C.Created)
        continue;
      C.Reused = Reused;
      C.ReusedMember = ReusedMember;
      C.ReusedParts = Parts;
      C.Scale = *Scale;
      C.Offset = Offset;
      Offer(C);
    }
  };
  // P = Q + a constant: one byte GEP, and all of P's computation freed.
  auto ConsiderConstant = [&](const core::AddressMember &Q, const verify::DefinedClaims &Parts, const Form &QF) {
    APInt D = PF->Constant - QF.Constant;
    if (D.isZero() || !D.isSignedIntN(32))
      return;
    if (!AllDead)
      AllDead = countDead(PI, nullptr);
    Candidate C;
    C.Reused = Q.Pointer;
    C.ReusedMember = &Q;
    C.ReusedParts = Parts;
    C.Offset = D.getSExtValue();
    C.Created = 1;
    C.Dead = *AllDead;
    Offer(C);
  };
  // The nearest earlier addresses defined at P, a bounded number: a group
  // may hold thousands of addresses. Defined by their parts, a bounded
  // number apart (a walk each).
  unsigned Tried = 0, TriedParts = 0;
  // Only an address no rewrite replaces may be defined by its parts: a
  // rewrite gives it another computation, which the walk did not see.
  std::optional<SmallPtrSet<const Value *, 32>> PoisonOfP; // made when first asked
  auto ByParts = [&](const Value *Q, verify::DefinedClaims &Parts) {
    auto *QI = dyn_cast<Instruction>(Q);
    if (!QI || !(Kept->contains(Q) || Rewrites.contains(Q) || !isa<GetElementPtrInst>(QI)) || !DT.dominates(QI, PI))
      return false;
    if (!PoisonOfP)
      PoisonOfP = poisonSources(PI);
    return definedByParts(Q, PI, *PoisonOfP, DT, Parts);
  };
  for (size_t K = Pos; K-- > 0 && Tried < MaxReusedTried;) {
    const core::AddressMember &Q = Group[K];
    if (Q.Cast || Q.Pointer == P.Pointer || derivesFromInRange(Q.Pointer) || readsRefinedValue(Q.Pointer))
      continue;
    verify::DefinedClaims Parts;
    if (!accessedBefore(Q, PI, DT) && (TriedParts++ >= MaxReusedTried || !ByParts(Q.Pointer, Parts)))
      continue;
    ++Tried;
    const Form *QF = formOf(Q);
    if (!QF || QF->Address->getType() != PF->Address->getType())
      continue;
    // Addresses with the same variable part differ by a constant, which no
    // index explains (and which costs nothing to find: a group may be one
    // merged class of thousands).
    if (QF->Variable == PF->Variable)
      ConsiderConstant(Q, Parts, *QF);
    else
      Consider(Q.Pointer, &Q, Parts, QF->Address, false);
  }
  // Last, the object itself: an address alone on its object can still be
  // rebuilt from an extension another address made (floats[t + 1] off
  // the zext(t) of ints[t]). Only when that pays by itself: it is no
  // candidate for sharing a new extension (run()), which it must not
  // displace by saving more than those.
  if (Value *O = objectOf(PI))
    if (const SCEV *OS = SE.getSCEV(O); OS->getType() == PF->Address->getType())
      Consider(O, nullptr, {}, OS, true);
  return Best;
}

/// Address instructions P's computation is built from (through the opcode
/// set), bounded.
static void chainOf(Instruction *P, SmallPtrSetImpl<Instruction *> &Out) {
  std::vector<Instruction *> Work{P};
  while (!Work.empty() && Out.size() < 32) {
    Instruction *I = Work.back();
    Work.pop_back();
    if (!Out.insert(I).second)
      continue;
    for (Value *Op : I->operands())
      if (auto *OI = dyn_cast<Instruction>(Op); OI && core::isAddressOpcode(OI) && !isa<PHINode>(OI))
        Work.push_back(OI);
  }
}

/// As late as dominates every user, so that the backend sees the extension
/// beside the address arithmetic it folds into (an extension in another
/// block stays a separate instruction, computed on paths that need none),
/// but out of loops V is not in, to be computed once.
Instruction *IndexReuse::extensionPoint(Value *V, ArrayRef<Instruction *> Users) const {
  BasicBlock *B = Users.front()->getParent();
  for (Instruction *U : Users.drop_front())
    B = DT.findNearestCommonDominator(B, U->getParent());
  auto *VI = dyn_cast<Instruction>(V);
  BasicBlock *VB = VI ? VI->getParent() : &F.getEntryBlock();
  // V dominates every user, so this walk stops at V's block at the latest.
  while (B != VB) {
    const Loop *L = LI.getLoopFor(B);
    if (!L || L->contains(VB))
      break;
    B = DT.getNode(B)->getIDom()->getBlock();
  }
  Instruction *At = B->getTerminator();
  for (Instruction *U : Users)
    if (U->getParent() == B && U->comesBefore(At))
      At = U;
  return At;
}

Instruction *IndexReuse::apply(core::AddressMember &P, const Candidate &C, Instruction *SharedExt,
                               Instruction *ExtAt, std::vector<IndexReuseOutcome> &Out, bool *Stands) {
  auto *PI = cast<GetElementPtrInst>(P.Pointer);
  // The reused address may itself have been rewritten meanwhile (a bundle).
  Value *Reused = C.Reused;
  if (Value *Now = ReplacedBy.lookup(Reused))
    Reused = Now;
  IndexReuseOutcome R;
  R.At = P.MemoryOps[0];
  R.Reused = Printer.operand(Reused);
  if (C.V)
    R.Index = C.ExtOpcode ? std::string(Instruction::getOpcodeName(C.ExtOpcode)) + "(" + Printer.operand(C.V) + ")"
                          : Printer.operand(C.V);
  R.Scale = C.Scale;
  AddressRecord &Rec = R.Record;
  Rec.Base = R.Reused;
  Rec.Object = Printer.operand(getUnderlyingObject(PI));
  Rec.Space = PI->getType()->getPointerAddressSpace();
  Rec.Loc = core::sourceLocOf(*P.MemoryOps[0]);
  Rec.Original = Printer.text(PI);
  Rec.Index = R.Index;
  Rec.Scale = R.Scale;
  Rec.Delta = C.Offset;

  // A new extension goes where the caller placed it for the whole bundle.
  const DataLayout &DL = F.getDataLayout();
  Type *IndexTy = DL.getIndexType(PI->getType());
  Value *Index = C.V;
  Instruction *MadeExt = nullptr;
  if (C.ExtOpcode && (C.Existing || SharedExt)) {
    Index = C.Existing ? C.Existing : SharedExt;
  } else if (C.ExtOpcode) {
    MadeExt = CastInst::Create(Instruction::CastOps(C.ExtOpcode), C.V, IndexTy, "scevcgptmp_");
    MadeExt->insertBefore(ExtAt);
    Index = MadeExt;
  }
  IRBuilder<> B(PI);
  // An earlier rewrite may have made the same GEP (two addresses of one
  // object a constant apart, each rebuilt off the object). A constant
  // distance needs none.
  Instruction *Made = nullptr, *Indexed = nullptr;
  if (C.V) {
    // The element type of the original GEP when it has the scale's size,
    // else bytes: either way without poison flags.
    Type *Elem = PI->getResultElementType();
    if (!Elem->isSized() || DL.getTypeAllocSize(Elem) != uint64_t(C.Scale))
      Elem = C.Scale == 1 ? B.getInt8Ty() : static_cast<Type *>(ArrayType::get(B.getInt8Ty(), C.Scale));
    if (auto It = MadeIndexed.find({Reused, Index, C.Scale}); It != MadeIndexed.end() && DT.dominates(It->second, PI))
      Made = It->second;
    Indexed = Made ? Made : cast<Instruction>(B.CreateGEP(Elem, Reused, Index, "scevcgp_idx"));
  }
  bool Shared = Made != nullptr;
  // The constant last, where the backend folds it into the access.
  Value *Start = C.V ? static_cast<Value *>(Indexed) : Reused;
  Instruction *New = Indexed;
  if (C.Offset)
    New = cast<Instruction>(
        B.CreateGEP(B.getInt8Ty(), Start, ConstantInt::get(IndexTy, C.Offset, true), "scevcgp_off"));
  // P's own uses, which a rollback gives back: New may be a shared GEP with
  // uses of its own.
  SmallPtrSet<const Use *, 8> PUses;
  for (const Use &U : PI->uses())
    PUses.insert(&U);
  PI->replaceAllUsesWith(New);

  // Asked only whether it stands: the proof decides that in strict mode alone.
  if (Prover && (!Stands || Verify == VerifyMode::Strict)) {
    std::set<const Value *> Created{New};
    if (Indexed)
      Created.insert(Indexed);
    if (MadeExt)
      Created.insert(MadeExt);
    // The reused address's flags hold where one of its accesses comes
    // first, and so do a flagged extension's (the proof checks which do).
    verify::DefinedClaims Defined;
    if (C.ReusedMember && isa<Instruction>(Reused))
      Defined[Reused].assign(C.ReusedMember->MemoryOps.begin(), C.ReusedMember->MemoryOps.end());
    for (const auto &[Part, Evidence] : C.ReusedParts)
      Defined[Part] = Evidence;
    if (!C.ExistingEvidence.empty())
      Defined[C.Existing] = C.ExistingEvidence;
    verify::DeltaProof Proof = Prover->prove(PI, New, Created, Defined);
    Rec.Proof.Status = model::proofStatusName(Proof.Status);
    Rec.Proof.Reason = Proof.Reason;
    Rec.Proof.Inputs = Proof.Inputs;
    Rec.Proof.Ms = Proof.Ms;
  }
  // In every mode: no input that may be poison or undef (PoisonInputs); the
  // reused address is defined at P (DefinedBefore.h).
  std::set<const Value *> Trusted{Reused};
  if (!C.ExistingEvidence.empty())
    Trusted.insert(C.Existing);
  std::string Unsafe = verify::undefinedInputReason(PI, New, Trusted);
  bool Stays = (Verify != VerifyMode::Strict || Rec.Proof.Status == "proved") && Unsafe.empty();
  if (Stands || !Stays) {
    New->replaceUsesWithIf(PI, [&](Use &U) { return PUses.contains(&U); });
    if (New != Indexed)
      New->eraseFromParent();
    if (Indexed && !Shared)
      Indexed->eraseFromParent();
    if (MadeExt)
      MadeExt->eraseFromParent();
    if (Stands) {
      *Stands = Stays;
      return nullptr;
    }
    Rec.Status = "rolled-back";
    Rec.Proof.Reason = Unsafe.empty() ? Rec.Proof.Reason : Unsafe;
    Out.push_back(std::move(R));
    return nullptr;
  }
  R.Created = (Indexed && !Shared) + (New != Indexed) + (MadeExt != nullptr);
  if (MadeExt)
    MadeCasts.emplace_back(MadeExt);
  if (Indexed && !Shared)
    MadeIndexed[{Reused, Index, C.Scale}] = Indexed;
  R.Removed = deadWithReplaced(PI, nullptr, Doomed);
  Replaced.push_back(PI);
  ReplacedBy[PI] = New;
  // The rewrite stands for P's address from here on.
  Form *Same = Forms.lookup(PI);
  if (!Same)
    Same = Forms[PI] = &FormStore.emplace_back();
  Forms[New] = Same;
  P.Pointer = New;
  Rewrites.insert(New);
  Out.push_back(std::move(R));
  return MadeExt ? MadeExt : SharedExt;
}

std::vector<IndexReuseOutcome> IndexReuse::run(std::vector<std::vector<core::AddressMember>> Groups,
                                               const SmallPtrSetImpl<const Value *> &Keep) {
  std::vector<IndexReuseOutcome> Out;
  Kept = &Keep;
  DenseMap<const Value *, std::pair<size_t, size_t>> Where;
  for (size_t G = 0; G < Groups.size(); ++G)
    for (size_t K = 0; K < Groups[G].size(); ++K)
      Where[Groups[G][K].Pointer] = {G, K};
  // Unreachable addresses are left alone (the dominator tree has no node
  // for their blocks).
  auto Eligible = [&](const core::AddressMember &P) {
    return isa<GetElementPtrInst>(P.Pointer) && !P.Cast && !Keep.contains(P.Pointer) &&
           !Rewrites.contains(P.Pointer) && DT.isReachableFromEntry(cast<Instruction>(P.Pointer)->getParent());
  };

  for (size_t G = 0; G < Groups.size(); ++G)
    for (size_t K = 0; K < Groups[G].size(); ++K) {
      core::AddressMember &P = Groups[G][K];
      if (!Eligible(P))
        continue;
      std::optional<Candidate> C = bestFor(Groups[G], K);
      if (!C)
        continue;
      if (C->Dead > C->Created) {
        // One put back (strict mode, an input that may be poison) gives way
        // to the next best that pays, a few times (r = p + 4 * sext(k) is
        // refuted, r = q + 4 * sext(j + k) holds).
        auto *PI = cast<Instruction>(P.Pointer);
        std::vector<Candidate> Tried;
        while (C && C->Dead > C->Created && Tried.size() < 3) {
          apply(P, *C, nullptr, C->ExtOpcode && !C->Existing ? extensionPoint(C->V, PI) : nullptr, Out);
          if (P.Pointer != PI)
            break;
          Tried.push_back(*C);
          C = bestFor(Groups[G], K, Tried);
        }
        continue;
      }
      // A new extension of V may pay for several addresses together: those
      // whose computations share P's (a[i + n] and b[i + n] from one i + n)
      // and that would reuse with the same index.
      if (!C->ExtOpcode || C->Existing)
        continue;
      SmallPtrSet<Instruction *, 32> Chain;
      chainOf(cast<Instruction>(P.Pointer), Chain);
      std::vector<std::pair<core::AddressMember *, Candidate>> Bundle{{&P, *C}};
      SmallPtrSet<const Value *, 8> InBundle{P.Pointer};
      for (Instruction *I : Chain)
        for (User *U : I->users()) {
          auto It = Where.find(U);
          if (It == Where.end() || InBundle.contains(U))
            continue;
          auto [G2, K2] = It->second;
          core::AddressMember &P2 = Groups[G2][K2];
          if (P2.Pointer != U || !Eligible(P2))
            continue;
          std::optional<Candidate> C2 = bestFor(Groups[G2], K2);
          if (C2 && C2->V == C->V && C2->ExtOpcode == C->ExtOpcode && !C2->Existing) {
            Bundle.push_back({&P2, *C2});
            InBundle.insert(U);
          }
        }
      // Whether the bundle pays: the extension once, and each address's GEPs.
      auto Pays = [&] {
        if (Bundle.size() < 2)
          return false;
        SmallPtrSet<Instruction *, 32> Dead(Doomed.begin(), Doomed.end());
        unsigned Freed = 0, Cost = 1;
        for (auto &[M, Cand] : Bundle) {
          Freed += deadWithReplaced(cast<Instruction>(M->Pointer), dyn_cast<Instruction>(C->V), Dead);
          Cost += Cand.Created - 1;
        }
        return Freed > Cost;
      };
      auto ExtensionPoint = [&] {
        SmallVector<Instruction *, 8> Users;
        for (auto &[M, Cand] : Bundle)
          Users.push_back(cast<Instruction>(M->Pointer));
        return extensionPoint(C->V, Users);
      };
      if (!Pays())
        continue;
      // What would be put back (strict mode, an input that may be poison)
      // leaves the bundle first: the others may not pay without it.
      Instruction *ExtAt = ExtensionPoint();
      llvm::erase_if(Bundle, [&](auto &E) {
        bool Stays = false;
        apply(*E.first, E.second, nullptr, ExtAt, Out, &Stays);
        return !Stays;
      });
      if (!Pays())
        continue;
      ExtAt = ExtensionPoint();
      Instruction *Ext = nullptr;
      for (auto &[M, Cand] : Bundle) {
        Ext = apply(*M, Cand, Ext, ExtAt, Out);
        if (!Ext)
          break; // put back after all (off a member rewritten meanwhile): the others would not pay
      }
    }

  SmallVector<WeakTrackingVH, 16> Dead(Replaced.begin(), Replaced.end());
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead, nullptr, nullptr,
                                                        [&](Value *V) { SE.forgetValue(V); });
  Replaced.clear();
  ReplacedBy.clear();
  Rewrites.clear();
  MadeIndexed.clear();
  Doomed.clear();
  Forms.clear();
  FormStore.clear();
  return Out;
}

} // namespace xwarp::passes
