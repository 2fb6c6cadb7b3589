//===- passes/BaseRewriterChecks.cpp --------------------------------------===//
//
// How BaseRewriter decides which rewrites of a merge stay: the delta proofs,
// the proofs that took another rewrite as given, the inputs that may be
// poison or undef, and strict mode.
//
//===----------------------------------------------------------------------===//
#include "passes/BaseRewriterState.h"
#include "passes/DerivedAddresses.h"
#include "passes/GivenRewrites.h"
#include "verify/DeltaProver.h"
#include "verify/PoisonInputs.h"

#include <set>

using namespace llvm;

namespace xwarp::passes {

bool BaseRewriter::checkRewrites(Attempt &A, std::vector<Rewritten> &Done, std::vector<AddressRecord> &Records) {
  // In every mode, no rewrite may read an input that may be poison or undef
  // (PoisonInputs). The base accessed first is not poison where the rewrites
  // run: with a prover its claim is checked for each pair, and the prover's
  // finding decides, so a proof and its rollback never disagree.
  std::vector<std::string> Unsafe(Done.size());
  verify::DefinedClaims Defined; // with a prover
  std::set<const Value *> Trusted; // without one
  // Why member K's rewrites may not stay whatever a proof says (PoisonInputs),
  // on the IR as it is.
  auto UnsafeNow = [&](size_t K) {
    std::string Why;
    for (size_t I = Done[K].Begin; I < Done[K].End && Why.empty(); ++I)
      Why = Prover ? Prover->undefinedInput(Done[K].M->Pointer, A.Changes[I].New, Defined)
                   : verify::undefinedInputReason(Done[K].M->Pointer, A.Changes[I].New, Trusted);
    return Why;
  };
  if (Prover) {
    // Every change of a member replaced its address by an equal construction;
    // one query proves them all when it can.
    std::set<const Value *> Created(A.Inserted.begin(), A.Inserted.end());
    Created.insert(A.Made.begin(), A.Made.end());
    std::vector<std::pair<const Value *, const Value *>> Pairs;
    std::vector<size_t> Owner;
    for (size_t K = 0; K < Done.size(); ++K)
      for (size_t I = Done[K].Begin; I < Done[K].End; ++I) {
        Pairs.push_back({Done[K].M->Pointer, A.Changes[I].New});
        Owner.push_back(K);
      }
    // The base is not poison after an access that went through it in the
    // input (A.BaseEvidence); the prover checks which come first.
    if (!A.BaseEvidence.empty())
      Defined[A.Base] = A.BaseEvidence;
    std::vector<verify::DeltaProof> Proofs = Prover->proveAll(Pairs, Created, Defined);
    for (size_t I = 0; I < Proofs.size(); ++I) {
      DeltaProofRecord &P = Done[Owner[I]].Rec.Proof;
      P.Ms += Proofs[I].Ms;
      if (Unsafe[Owner[I]].empty())
        Unsafe[Owner[I]] = Proofs[I].UndefinedInput;
      if (P.Status == "unchecked" || (P.Status == "proved" && Proofs[I].Status != model::ProofStatus::Proved)) {
        P.Status = model::proofStatusName(Proofs[I].Status);
        P.Reason = Proofs[I].Reason;
        P.Inputs = Proofs[I].Inputs;
      }
    }
    // A proof that took another member's rewrite as given holds for the
    // input only if that rewrite is proved too (strict mode may put it back).
    std::vector<const Value *> Addresses;
    std::vector<std::vector<const Instruction *>> Rewired(Done.size());
    std::vector<AddressRecord *> Recs;
    for (size_t K = 0; K < Done.size(); ++K) {
      Addresses.push_back(Done[K].M->Pointer);
      Recs.push_back(&Done[K].Rec);
      for (size_t I = Done[K].Begin; I < Done[K].End; ++I)
        for (auto [User, No] : A.Changes[I].Uses)
          if (!accessesThrough(*cast<Instruction>(User)))
            Rewired[K].push_back(cast<Instruction>(User));
    }
    withdrawGivenProofs(Recs, givenRewrites(Addresses, Rewired));
  } else {
    // The base's flags already rely on its being accessed first (buildBase).
    if (A.AccessedFirst)
      Trusted.insert(A.Base);
    for (size_t K = 0; K < Done.size(); ++K)
      Unsafe[K] = UnsafeNow(K);
  }
  auto PutBack = [&](Rewritten &D, const std::string &Why) {
    undo(A, D.Begin, D.End);
    D.Rec.Status = "rolled-back";
    D.Rec.Proof.Reason = Why.empty() ? D.Rec.Proof.Reason : Why;
    Refused.insert(D.M->Pointer);
  };
  bool RolledBack = false;
  for (size_t K = 0; K < Done.size(); ++K)
    if ((Opts.Verify == VerifyMode::Strict && Done[K].Rec.Proof.Status != "proved") || !Unsafe[K].empty()) {
      PutBack(Done[K], Unsafe[K]);
      RolledBack = true;
    }
  // A member's check read its computation as the merge had rewired it (an
  // address built on another member's reads that one's rewrite): once a
  // rewrite is put back, which restores the input's computations built on
  // it, the others are checked again (campaign 33: a[i+1] put back for a
  // poison input of the base, a[i+1] + 4 kept reading it).
  for (bool Again = RolledBack; Again;) {
    Again = false;
    for (size_t K = 0; K < Done.size(); ++K)
      if (Done[K].Rec.Status != "rolled-back")
        if (std::string Why = UnsafeNow(K); !Why.empty()) {
          PutBack(Done[K], Why);
          Again = true;
        }
  }
  for (Rewritten &D : Done)
    Records.push_back(D.Rec);
  return RolledBack;
}

} // namespace xwarp::passes
