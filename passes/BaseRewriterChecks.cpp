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
    verify::DefinedClaims Defined;
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
    std::set<const Value *> Defined;
    if (A.AccessedFirst)
      Defined.insert(A.Base);
    for (size_t K = 0; K < Done.size(); ++K)
      for (size_t I = Done[K].Begin; I < Done[K].End && Unsafe[K].empty(); ++I)
        Unsafe[K] = verify::undefinedInputReason(Done[K].M->Pointer, A.Changes[I].New, Defined);
  }
  bool RolledBack = false;
  for (size_t K = 0; K < Done.size(); ++K) {
    Rewritten &D = Done[K];
    if ((Opts.Verify == VerifyMode::Strict && D.Rec.Proof.Status != "proved") || !Unsafe[K].empty()) {
      undo(A, D.Begin, D.End);
      D.Rec.Status = "rolled-back";
      D.Rec.Proof.Reason = Unsafe[K].empty() ? D.Rec.Proof.Reason : Unsafe[K];
      Refused.insert(D.M->Pointer);
      RolledBack = true;
    }
    Records.push_back(D.Rec);
  }
  return RolledBack;
}

} // namespace xwarp::passes
