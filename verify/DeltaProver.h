//===- verify/DeltaProver.h - Is a rewritten address the same address? ----===//
//
// The delta proof of Common Base Elimination (DESIGN "The checker"): the
// original and the rewritten address computations are encoded from the IR
// itself (not from SCEV) as bit-vectors of the DataLayout's widths, each value
// with its poison condition (nsw/nuw overflow, shift amounts, GEP
// inbounds/nusw/nuw, disjoint or, exact shifts). The rewrite is correct iff
// for all inputs: the original not poison implies the rewritten not poison
// and equal. Inputs (arguments, globals, loads, phis, calls) are never undef.
// A rewritten value that is poison under conditions the encoding cannot state
// (a new inbounds GEP: object bounds), or that depends on an input the
// original does not, is Unknown.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_VERIFY_DELTAPROVER_H
#define XWARP_VERIFY_DELTAPROVER_H

#include "model/Proof.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class DataLayout;
class DominatorTree;
class Instruction;
class Value;
} // namespace llvm

namespace xwarp::verify {

struct DeltaProof {
  model::ProofStatus Status = model::ProofStatus::Unknown;
  std::string Reason;
  /// Refuted: values of the inputs under which the two addresses differ (or
  /// the rewritten one is poison), by input name.
  std::map<std::string, uint64_t> Inputs;
  /// Why the rewrite reads an input it may not take for one value (may be
  /// poison where the original is not, or undef and read twice;
  /// PoisonInputs), given the checked Defined claims; empty if none. Set
  /// whatever the status: such a rewrite may not stay in any mode.
  std::string UndefinedInput;
  double Ms = 0;
};

/// Values a rewrite claims are not poison wherever the rewritten address is
/// used, each with the loads, stores or atomics that went through it before
/// the rewrite (its evidence: an access through poison is undefined).
using DefinedClaims = std::map<const llvm::Value *, std::vector<const llvm::Instruction *>>;

class DeltaProver {
public:
  /// DT (of the function the rewrites are in) lets the proof check the
  /// Defined claims of prove(); without it they are not used. A query goes
  /// to Z3's smt tactic with a budget of SmtUnits resource units first, then,
  /// if that gives no answer, is bit-blasted with the whole TimeoutMs.
  DeltaProver(const llvm::DataLayout &DL, unsigned TimeoutMs = 2000, const llvm::DominatorTree *DT = nullptr,
              unsigned SmtUnits = 200000);
  ~DeltaProver();

  /// Proves Rewritten a refinement of Original. Created: the instructions the
  /// rewrite made (only their own flags may add poison there). Defined: the
  /// claims of values not poison; a claim is checked (one of its accesses
  /// goes through the value, its address poison whenever the value is (the
  /// value itself, or a GEP or arithmetic on it), and dominates Original or
  /// every use of Rewritten: were the value poison, that access would
  /// already be undefined) and, when it holds, the value's own flags are
  /// assumptions.
  DeltaProof prove(const llvm::Value *Original, const llvm::Value *Rewritten,
                   const std::set<const llvm::Value *> &Created, const DefinedClaims &Defined = {});

  /// What prove() sets as UndefinedInput, alone: why Rewritten reads an
  /// input it may not take for one value, given the claims that hold; empty
  /// if none.
  std::string undefinedInput(const llvm::Value *Original, const llvm::Value *Rewritten,
                             const DefinedClaims &Defined = {}) const;

  /// prove() for each (original, rewritten) pair.
  std::vector<DeltaProof> proveAll(const std::vector<std::pair<const llvm::Value *, const llvm::Value *>> &Pairs,
                                   const std::set<const llvm::Value *> &Created, const DefinedClaims &Defined = {});

private:
  /// The claimed values whose claim holds for this pair.
  std::set<const llvm::Value *> checkedDefined(const llvm::Value *Original, const llvm::Value *Rewritten,
                                               const DefinedClaims &Claims) const;

  /// Why Rewritten cannot be proved whatever the solver says (a dependence on
  /// an input the original does not use, UndefinedInput when it is not
  /// empty, a new inbounds GEP); empty if none. A loop recurrence the
  /// original does not use is no such input where the original uses another
  /// of the same loop: Loops gets their headers.
  /// Shared gets the computations both use, Reached every value either is
  /// computed from (each in the order the operands reach it).
  std::string precheck(const llvm::Value *Original, const llvm::Value *Rewritten,
                       const std::string &UndefinedInput, const std::set<const llvm::Value *> &Created,
                       const std::set<const llvm::Value *> &Defined, std::vector<const llvm::Value *> &Shared,
                       std::vector<const llvm::Value *> &Reached, std::set<const llvm::BasicBlock *> &Loops);

  /// One solver query, with the values in Abstract left unknown, those in
  /// Defined not poison, and the recurrences of the loops headed by Loops
  /// related; false if the solver gave no answer.
  bool settle(const llvm::Value *Original, const llvm::Value *Rewritten,
              const std::vector<const llvm::Value *> &Abstract, const std::vector<const llvm::Value *> &Defined,
              const std::set<const llvm::BasicBlock *> &Loops, DeltaProof &R);

  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace xwarp::verify

#endif
