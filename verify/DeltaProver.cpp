//===- verify/DeltaProver.cpp ---------------------------------------------===//
#include "verify/DeltaProver.h"

#include "verify/IREncoder.h"
#include "verify/LinearDelta.h"
#include "verify/LoopRecurrence.h"
#include "verify/PoisonInputs.h"
#include "verify/SolverInfo.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <z3++.h>

#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace xwarp::verify {

namespace {

/// The values V is computed from, down to the ones the encoding treats as
/// inputs (not IREncoder::isComputed), in the order of first visit; a phi
/// of one value is that value (IREncoder::mergedValue).
void collectReached(const Value *V, std::set<const Value *> &Seen, std::vector<const Value *> &Order) {
  V = IREncoder::mergedValue(V);
  if (!Seen.insert(V).second)
    return;
  Order.push_back(V);
  if (!IREncoder::isComputed(V))
    return;
  if (auto *U = dyn_cast<User>(V))
    for (const Use &Op : U->operands())
      collectReached(Op.get(), Seen, Order);
}

/// The byte offset of a constant address into the global it is computed
/// from, when every inbounds step of the computation stays within the global
/// (one past its end included), as inbounds requires. Clang emits such
/// constants for a pointer moved off a shared array (`s + 26`).
std::optional<int64_t> inBoundsConstantOffset(const Value *V, const DataLayout &DL, uint64_t &Size) {
  if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    if (!GV->getValueType()->isSized())
      return std::nullopt;
    Size = DL.getTypeAllocSize(GV->getValueType()).getKnownMinValue();
    return 0;
  }
  auto *G = dyn_cast<GEPOperator>(V);
  if (!G || !isa<Constant>(G))
    return std::nullopt;
  std::optional<int64_t> Base = inBoundsConstantOffset(G->getPointerOperand(), DL, Size);
  APInt Step(DL.getIndexTypeSizeInBits(G->getType()), 0);
  int64_t Offset;
  if (!Base || !G->accumulateConstantOffset(DL, Step) || Step.getSignificantBits() > 63 ||
      __builtin_add_overflow(*Base, Step.getSExtValue(), &Offset))
    return std::nullopt;
  if (G->isInBounds() && (*Base < 0 || Offset < 0 || static_cast<uint64_t>(Offset) > Size))
    return std::nullopt;
  return Offset;
}

/// Inbounds GEPs reached from V that are not among Known and not a constant
/// shown to stay within its global. (The no-wrap part of inbounds is in the
/// encoding; this is the "within the allocated object" part.)
const Value *unprovableInbounds(const Value *V, const std::set<const Value *> &Known,
                                const DataLayout &DL, std::set<const Value *> &Seen) {
  V = IREncoder::mergedValue(V);
  if (!Seen.insert(V).second || Known.count(V) || !IREncoder::isComputed(V))
    return nullptr;
  uint64_t Size;
  if (auto *G = dyn_cast<GEPOperator>(V); G && G->isInBounds() && !inBoundsConstantOffset(G, DL, Size))
    return V;
  if (auto *U = dyn_cast<User>(V))
    for (const Use &Op : U->operands())
      if (const Value *X = unprovableInbounds(Op.get(), Known, DL, Seen))
        return X;
  return nullptr;
}

/// The inrange GEPs the accessed pointer V is directly computed from
/// (through GEP pointer operands and pointer casts): an access through V
/// stays within each one's range.
std::set<const Value *> inRangeChain(const Value *V) {
  std::set<const Value *> Out;
  while (auto *O = dyn_cast<Operator>(V)) {
    if (auto *G = dyn_cast<GEPOperator>(O)) {
      if (G->getInRange())
        Out.insert(G);
      V = G->getPointerOperand();
    } else if (O->getOpcode() == Instruction::BitCast || O->getOpcode() == Instruction::AddrSpaceCast) {
      V = O->getOperand(0);
    } else {
      break;
    }
  }
  return Out;
}

/// V as it appears as an operand in the IR (`%x`, `%12`, a constant).
std::string operandText(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, /*PrintType=*/false);
  return S;
}
} // namespace

struct DeltaProver::Impl {
  const DataLayout &DL;
  unsigned TimeoutMs;
  const DominatorTree *DT;
  unsigned SmtUnits;
};

DeltaProver::DeltaProver(const DataLayout &DL, unsigned TimeoutMs, const DominatorTree *DT, unsigned SmtUnits)
    : P(std::make_unique<Impl>(Impl{DL, TimeoutMs, DT, SmtUnits})) {}

/// The pointer a load, store or atomic accesses memory through.
static const Value *accessedPointer(const User *U) {
  if (auto *L = dyn_cast<LoadInst>(U))
    return L->getPointerOperand();
  if (auto *S = dyn_cast<StoreInst>(U))
    return S->getPointerOperand();
  if (auto *A = dyn_cast<AtomicRMWInst>(U))
    return A->getPointerOperand();
  if (auto *X = dyn_cast<AtomicCmpXchgInst>(U))
    return X->getPointerOperand();
  return nullptr;
}

std::set<const Value *> DeltaProver::checkedDefined(const Value *Original, const Value *Rewritten,
                                                    const DefinedClaims &Claims) const {
  std::set<const Value *> Out;
  if (!P->DT)
    return Out;
  // Before the original's definition, or before every use of the rewrite
  // (the evidence itself aside, when the rewrite is the value): either way
  // the value's latest instance was accessed before any use.
  const auto *At = dyn_cast<Instruction>(Original);
  for (const auto &Claim : Claims) {
    const Value *V = Claim.first;
    const std::vector<const Instruction *> &Accesses = Claim.second;
    auto Before = [&](const Instruction *Access) {
      if (At && P->DT->dominates(Access, At))
        return true;
      return !Rewritten->use_empty() && all_of(Rewritten->uses(), [&](const Use &U) {
               return is_contained(Accesses, U.getUser()) || P->DT->dominates(Access, U);
             });
    };
    // Through the value: the accessed address is poison whenever it is.
    auto Through = [&](const Instruction *A) {
      const Value *Ptr = accessedPointer(A);
      return Ptr && (Ptr == V || impliesPoison(V, Ptr));
    };
    if (any_of(Accesses, [&](const Instruction *A) { return Through(A) && Before(A); }))
      Out.insert(V);
  }
  return Out;
}
DeltaProver::~DeltaProver() = default;

bool DeltaProver::settle(const Value *Original, const Value *Rewritten, const std::vector<const Value *> &Abstract,
                         const std::vector<const Value *> &Defined, const std::set<const BasicBlock *> &Loops,
                         DeltaProof &R) {
  // A context of its own (a few milliseconds; most rewrites never reach
  // the solver): Z3 reuses the ids of deleted terms, so in a shared context
  // a query's ids, and with them the solver's search, would depend on the
  // memory layout of the queries before it. One query took 15 ms or ran into
  // the timeout from one run to the next.
  z3::context Ctx;
  IREncoder Enc(Ctx, P->DL);
  for (const Value *V : Abstract)
    Enc.abstract(V);
  for (const BasicBlock *Header : Loops)
    Enc.relateLoop(Header, *P->DT);
  Encoded O = Enc.encode(Original), N = Enc.encode(Rewritten);
  unsigned W = std::max(O.V.get_sort().bv_size(), N.V.get_sort().bv_size());
  auto Wide = [W](const z3::expr &E) {
    unsigned From = E.get_sort().bv_size();
    return From == W ? E : z3::zext(E, W - From);
  };
  // Refinement: the original defined implies the rewrite defined and equal.
  z3::expr_vector Query(Ctx);
  Query.push_back(!O.Poison);
  for (const z3::expr &Fact : Enc.facts())
    Query.push_back(Fact);
  for (const Value *V : Defined)
    Query.push_back(!Enc.encode(V).Poison);
  Query.push_back(N.Poison || Wide(O.V) != Wide(N.V));
  auto Solver = [&](const char *Tactic, unsigned ResourceLimit) {
    z3::solver S = z3::tactic(Ctx, Tactic).mk_solver();
    z3::params Prm(Ctx);
    Prm.set("timeout", P->TimeoutMs);
    Prm.set("rlimit", ResourceLimit);
    S.set(Prm);
    S.add(Query);
    return S;
  };
  // The smt tactic answers most of these queries in a few milliseconds, but
  // on some it searches for seconds where bit-blasting (qfbv) takes 20 ms:
  // it gets a small budget of resource units first (counted work, so the
  // switch happens at the same point on every run and machine; the queries
  // seen take 3,000 to 50,000 units; the default 200,000 is about 100 ms).
  unsigned Full = resourceLimitFor(P->TimeoutMs);
  z3::solver S = Solver("smt", Full == 0 ? P->SmtUnits : std::min(P->SmtUnits, Full));
  if (std::string Path = dumpPath("delta"); !Path.empty())
    std::ofstream(Path) << S.to_smt2();
  z3::check_result Result = S.check();
  if (Result == z3::unknown) {
    S = Solver("qfbv", Full);
    Result = S.check();
  }
  switch (Result) {
  case z3::unsat:
    R.Status = model::ProofStatus::Proved;
    R.Reason = "the rewritten address equals the original wherever the original is defined";
    return true;
  case z3::sat: {
    z3::model M = S.get_model();
    bool Poison = M.eval(N.Poison, true).is_true();
    R.Reason = Poison ? "the rewritten address is poison where the original is not"
                      : "the rewritten address differs from the original";
    // A value of a phi the proof cannot bound may be one no execution
    // reaches (a loop counter past its loop's end): no refutation then.
    std::string Phis;
    for (const std::string &Name : Enc.unboundedPhis())
      Phis += (Phis.empty() ? "" : ", ") + Name;
    if (!Phis.empty()) {
      R.Reason += " only for values of " + Phis +
                 " the proof cannot bound (the loop may never reach them)";
      return false;
    }
    R.Status = model::ProofStatus::Refuted;
    // (The low 64 bits of an input wider than that.)
    for (const auto &[Name, E] : Enc.inputs())
      R.Inputs[Name] = M.eval(E.get_sort().bv_size() > 64 ? E.extract(63, 0) : E, true).get_numeral_uint64();
    return true;
  }
  case z3::unknown:
    R.Reason = unknownReason(S.reason_unknown());
    return false;
  }
  return false;
}

std::string DeltaProver::precheck(const Value *Original, const Value *Rewritten,
                                  const std::string &UndefinedInput, const std::set<const Value *> &Created,
                                  const std::set<const Value *> &Defined,
                                  std::vector<const Value *> &Shared,
                                  std::vector<const Value *> &Reached, std::set<const BasicBlock *> &Loops) {
  // The rewrite may use inputs only the original uses (arguments, globals
  // and allocas are the launch's own; that no input the rewrite uses is
  // poison or undef where the original is defined is prove()'s
  // UndefinedInput), and no inbounds GEP the original does not contain (its
  // object bounds cannot be shown).
  std::set<const Value *> SeenA, SeenB, SeenC;
  std::vector<const Value *> OrderA, OrderB;
  collectReached(Original, SeenA, OrderA);
  collectReached(Rewritten, SeenB, OrderB);
  // A call that returns its argument (`returned`) is that argument to
  // ScalarEvolution, which may have grouped an address through it with one
  // through the argument; to the encoding it is an input of its own, and a
  // refutation would give it another value than LLVM allows.
  auto OneSidedCall = [](const std::vector<const Value *> &Order, const std::set<const Value *> &Other) {
    for (const Value *V : Order)
      if (auto *CB = dyn_cast<CallBase>(V); CB && CB->getReturnedArgOperand() && !Other.count(V))
        return V;
    return static_cast<const Value *>(nullptr);
  };
  const Value *Call = OneSidedCall(OrderA, SeenB);
  if (!Call)
    Call = OneSidedCall(OrderB, SeenA);
  if (Call)
    return "not modelled: " + (Call->hasName() ? "%" + Call->getName().str() + ", " : std::string()) +
           "a call that returns its argument";
  // A loop recurrence (`p += 64`) the original does not use is related to
  // one of the same loop it uses (the counter `i`).
  auto Recurrence = [&](const Value *V) {
    auto *Phi = dyn_cast<PHINode>(V);
    return P->DT && Phi && loopRecurrence(*Phi, *P->DT, P->DL);
  };
  // The headers of the original's recurrences, each with whether it may be
  // related: the encoding states of every such phi it reads what holds
  // where the phi is not poison, so of the original's only where the
  // original is poison whenever they are (not through a freeze, or a
  // select's arm).
  std::map<const BasicBlock *, bool> OriginalLoops;
  for (const Value *A : OrderA)
    if (Recurrence(A))
      OriginalLoops.try_emplace(cast<PHINode>(A)->getParent(), true).first->second &= impliesPoison(A, Original);
  bool Foreign = false, New = false;
  for (const Value *V : OrderB)
    if (!IREncoder::isComputed(V) && !SeenA.count(V) && !isa<Argument>(V) && !isa<GlobalValue>(V) &&
        !isa<AllocaInst>(V)) {
      if (auto It = Recurrence(V) ? OriginalLoops.find(cast<PHINode>(V)->getParent()) : OriginalLoops.end();
          It != OriginalLoops.end() && It->second) {
        Loops.insert(It->first);
        continue;
      }
      Foreign = true;
      New |= Created.count(V) != 0;
    }
  if (Foreign)
    return std::string("the rewritten address depends on ") + (New ? "a new" : "another") +
           " value the original does not use";
  if (!UndefinedInput.empty())
    return UndefinedInput;
  // The flags of a defined value (inbounds included) hold.
  std::set<const Value *> Known = SeenA;
  Known.insert(Defined.begin(), Defined.end());
  if (const Value *G = unprovableInbounds(Rewritten, Known, P->DL, SeenC))
    return "the rewritten address uses an inbounds GEP (" + operandText(G) +
           ") whose object bounds cannot be shown";
  // An access through a pointer derived from an inrange GEP must stay in its
  // range: only the original's own chain is known to (any use counts for the
  // rewrite, its pointer arithmetic included).
  std::set<const Value *> InRange = inRangeChain(Original);
  for (const Value *V : OrderB)
    if (auto *G = dyn_cast<GEPOperator>(V); G && G->getInRange() && !InRange.count(V))
      return "the rewritten address is computed from an inrange GEP (" + operandText(G) +
             ") the original's access is not known to stay within";
  // Computations both addresses share are abstracted first (each an unknown
  // value that may be poison): a proof of the abstraction is a proof, and it
  // spares the solver e.g. the products of a thread index. Both lists follow
  // the IR's operands, so every run asks the solver the same query.
  for (const Value *V : OrderA)
    if (SeenB.count(V) && !Created.count(V) && !isa<Constant>(V) && IREncoder::isComputed(V))
      Shared.push_back(V);
  Reached = std::move(OrderA);
  for (const Value *V : OrderB)
    if (!SeenA.count(V))
      Reached.push_back(V);
  return "";
}

std::string DeltaProver::undefinedInput(const Value *Original, const Value *Rewritten,
                                        const DefinedClaims &Claimed) const {
  return undefinedInputReason(Original, Rewritten, checkedDefined(Original, Rewritten, Claimed));
}

DeltaProof DeltaProver::prove(const Value *Original, const Value *Rewritten,
                              const std::set<const Value *> &Created, const DefinedClaims &Claimed) {
  auto Start = std::chrono::steady_clock::now();
  DeltaProof R;
  std::set<const Value *> Defined = checkedDefined(Original, Rewritten, Claimed);
  std::vector<const Value *> Shared, Reached;
  std::set<const BasicBlock *> Loops;
  std::string Undefined = undefinedInputReason(Original, Rewritten, Defined);
  R.Reason = precheck(Original, Rewritten, Undefined, Created, Defined, Shared, Reached, Loops);
  // The defined values the addresses are computed from (a fact about any
  // other would be about variables of its own), in the IR's order.
  std::vector<const Value *> DefinedReached;
  for (const Value *V : Reached)
    if (Defined.count(V))
      DefinedReached.push_back(V);
  if (R.Reason.empty() && linearlyEqual(Original, Rewritten, P->DL, Defined)) {
    R.Status = model::ProofStatus::Proved;
    R.Reason = "the rewritten address equals the original wherever the original is defined (linear forms)";
  } else if (R.Reason.empty()) {
    try {
      // Anything the abstraction does not prove is decided on the full encoding.
      if (Shared.empty() || !settle(Original, Rewritten, Shared, DefinedReached, Loops, R) ||
          R.Status != model::ProofStatus::Proved) {
        R = DeltaProof();
        settle(Original, Rewritten, {}, DefinedReached, Loops, R);
      }
    } catch (const Unmodelled &U) {
      R.Reason = "not modelled: " + U.What;
    } catch (const z3::exception &E) {
      R.Reason = std::string("solver error: ") + E.msg();
    }
  }
  R.UndefinedInput = std::move(Undefined);
  R.Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  return R;
}

std::vector<DeltaProof> DeltaProver::proveAll(const std::vector<std::pair<const Value *, const Value *>> &Pairs,
                                              const std::set<const Value *> &Created,
                                              const DefinedClaims &Defined) {
  // One query per pair: a single query over a whole class (measured on the
  // synthetic kernels) is slower than its parts, and most pairs never reach
  // the solver (linear forms).
  std::vector<DeltaProof> Out;
  for (const auto &[Original, Rewritten] : Pairs)
    Out.push_back(prove(Original, Rewritten, Created, Defined));
  return Out;
}

} // namespace xwarp::verify
