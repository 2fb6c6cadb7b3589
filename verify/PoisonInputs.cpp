//===- verify/PoisonInputs.cpp --------------------------------------------===//
#include "verify/PoisonInputs.h"

#include "verify/IREncoder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <utility>
#include <vector>

using namespace llvm;

namespace xwarp::verify {

namespace {
/// The operand a select with a constant condition picks, or null.
const Value *pickedArm(const Value *V) {
  auto *S = dyn_cast<SelectInst>(V);
  auto *C = S ? dyn_cast<ConstantInt>(S->getCondition()) : nullptr;
  return C ? (C->isOne() ? S->getTrueValue() : S->getFalseValue()) : nullptr;
}

/// Adds V and every value whose poison makes V poison, through the operands
/// the encoding computes that propagate it (not a select's arms, unless its
/// condition is a constant, nor what a freeze hides).
void addPoisonSources(const Value *V, std::set<const Value *> &Out) {
  V = IREncoder::mergedValue(V);
  if (!Out.insert(V).second || !IREncoder::isComputed(V) || !isa<Operator>(V))
    return;
  if (const Value *Arm = pickedArm(V))
    addPoisonSources(Arm, Out);
  for (const Use &U : cast<User>(V)->operands())
    if (propagatesPoison(U))
      addPoisonSources(U.get(), Out);
}

/// What an input may be by what it is itself, in any program: poison, or
/// undef. (ValueTracking's isGuaranteedNotToBePoison also reasons from the
/// accesses that follow a value, and the proof runs on the rewritten IR: the
/// rewrite's own access would vouch for its inputs.) Arithmetic makes poison
/// (flags, wide shifts) but never undef; both come in through what the
/// function reads.
class InputOrigin {
public:
  bool mayBePoison(const Value *V) { return may(V, /*Poison=*/true); }
  bool mayBeUndef(const Value *V) { return may(V, /*Poison=*/false); }

private:
  bool may(const Value *V, bool Poison) {
    auto Key = std::make_pair(V, Poison);
    if (auto It = Memo.find(Key); It != Memo.end())
      return It->second;
    // A cycle of phis adds no value of its own. While it is asked, its
    // members answer false, so what others compute meanwhile may be false
    // wrongly; but only in a question whose answer is true, and such an
    // answer ends undefinedInput's search.
    Memo[Key] = false;
    bool R = compute(V, Poison);
    return Memo[Key] = R;
  }

  bool compute(const Value *V, bool Poison) {
    if (auto *C = dyn_cast<Constant>(V)) {
      if (isa<GlobalValue>(C))
        return false;
      if (isa<PoisonValue>(C))
        return Poison;
      return isa<UndefValue>(C) || C->containsUndefOrPoisonElement() || C->containsConstantExpression();
    }
    if (auto *A = dyn_cast<Argument>(V))
      return !A->hasAttribute(Attribute::NoUndef);
    if (isa<AllocaInst, FreezeInst>(V))
      return false;
    if (auto *L = dyn_cast<LoadInst>(V))
      return !L->hasMetadata(LLVMContext::MD_noundef);
    if (auto *CB = dyn_cast<CallBase>(V)) {
      // A special register is read from the hardware.
      if (auto *F = CB->getCalledFunction(); F && F->getName().starts_with("llvm.nvvm.read.ptx.sreg."))
        return false;
      return !CB->hasRetAttr(Attribute::NoUndef);
    }
    auto *I = dyn_cast<Instruction>(V);
    if (!I || I->mayReadOrWriteMemory())
      return true;
    if (Poison && !isa<PHINode>(I) && canCreateUndefOrPoison(cast<Operator>(I), /*ConsiderFlagsAndMetadata=*/true))
      return true;
    return any_of(I->operands(), [&](const Use &Op) { return may(Op.get(), Poison); });
  }

  std::map<std::pair<const Value *, bool>, bool> Memo;
};

/// Whether ScalarEvolution may read through V to its operands where the
/// encoding takes V for one input: a phi (all incomings one value, a loop's
/// start), an intrinsic of values (min, max, abs). Through them one undef
/// value can reach a root by paths the encoding does not see: SCEV folds
/// n - smax(n, n) to 0, which undef n need not be.
bool scevLooksThrough(const Value *V) {
  if (isa<PHINode>(V))
    return true;
  auto *II = dyn_cast<IntrinsicInst>(V);
  return II && II->arg_size() > 0 && !II->mayReadOrWriteMemory();
}

/// The encoding's inputs reached from Root, each with the number of paths
/// from Root to it (counted up to 2); a freeze is one value, an input, and so
/// is a value of Stop. ThroughOpaque: also through what scevLooksThrough, to
/// the values beneath.
class PathCounter {
public:
  PathCounter(const Value *Root, bool ThroughOpaque, const std::set<const Value *> *Stop = nullptr)
      : Root(Root), ThroughOpaque(ThroughOpaque), Stop(Stop) {
    visit(Root);
  }

  std::vector<const Value *> Inputs;

  unsigned paths(const Value *V) {
    if (V == Root)
      return 1;
    auto [It, New] = Memo.try_emplace(V, 0);
    if (!New)
      return It->second;
    unsigned N = 0;
    for (const Value *User : Users.lookup(V))
      N = std::min(2u, N + paths(User));
    return Memo[V] = N;
  }

private:
  void visit(const Value *V) {
    if (!Seen.insert(V).second)
      return;
    // A phi of one value is that value, read once.
    if (const Value *Same = IREncoder::mergedValue(V); Same != V) {
      Users[Same].push_back(V);
      visit(Same);
      return;
    }
    // An undef constant is an input: each use may read another value. So
    // is a freeze, in both walks: one value, never poison nor undef, however
    // its operand may be.
    bool Input = !IREncoder::isComputed(V) || isa<UndefValue>(V);
    if (ThroughOpaque)
      Input = Input && !scevLooksThrough(V);
    Input |= isa<FreezeInst>(V) || (Stop && Stop->count(V));
    if (Input) {
      Inputs.push_back(V);
      return;
    }
    const Value *Arm = pickedArm(V);
    if (auto *U = dyn_cast<User>(V))
      for (const Use &Op : U->operands()) {
        // The arm a constant condition does not pick is never read.
        if (Arm && Op.getOperandNo() > 0 && Op.get() != Arm)
          continue;
        Users[Op.get()].push_back(V); // once per operand slot: a * a has two paths to a
        visit(Op.get());
      }
  }

  const Value *Root;
  bool ThroughOpaque;
  const std::set<const Value *> *Stop;
  std::set<const Value *> Seen;
  DenseMap<const Value *, SmallVector<const Value *, 2>> Users;
  DenseMap<const Value *, unsigned> Memo;
};
} // namespace

const Value *undefinedInput(const Value *Original, const Value *Rewritten, const std::set<const Value *> &Defined,
                            bool &MayBeUndef) {
  std::set<const Value *> NotPoison;
  addPoisonSources(Original, NotPoison);
  for (const Value *D : Defined)
    addPoisonSources(D, NotPoison);
  // A value the original's poison follows is not poison where the original
  // is defined, whatever its operands are (a select's other arm): the walk
  // stops there.
  PathCounter Paths(Rewritten, /*ThroughOpaque=*/false, &NotPoison);
  InputOrigin Origin;
  for (const Value *V : Paths.Inputs)
    if (!NotPoison.count(V) && Origin.mayBePoison(V)) {
      MayBeUndef = false;
      return V;
    }
  // Undef is counted where ScalarEvolution may see it: a value that is not
  // poison may still be undef (an access through the base does not fix it).
  PathCounter Deep(Rewritten, /*ThroughOpaque=*/true);
  for (const Value *V : Deep.Inputs)
    if (Deep.paths(V) > 1 && Origin.mayBeUndef(V)) {
      MayBeUndef = true;
      return V;
    }
  return nullptr;
}

bool mayBePoisonItself(const Value *V) { return InputOrigin().mayBePoison(V); }

std::string undefinedInputReason(const Value *Original, const Value *Rewritten, const std::set<const Value *> &Defined) {
  bool Undef = false;
  const Value *V = undefinedInput(Original, Rewritten, Defined, Undef);
  if (!V)
    return "";
  std::string Name;
  raw_string_ostream OS(Name);
  V->printAsOperand(OS, /*PrintType=*/false);
  return "the rewritten address uses " + Name +
         (Undef ? " more than once, and it may be undef (each use may read another value)"
                : ", which may be poison where the original is not");
}

} // namespace xwarp::verify
