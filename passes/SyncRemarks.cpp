//===- passes/SyncRemarks.cpp ---------------------------------------------===//
#include "passes/SyncRemarks.h"

#include "passes/SyncResults.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::passes {

std::string flagsText(const model::AccessFlags &F) {
  auto B = [](bool X) { return X ? "1" : "0"; };
  return std::string("Read above: ") + B(F.ReadAbove) + ", Write above: " + B(F.WriteAbove) +
         ", Read below: " + B(F.ReadBelow) + ", Write below: " + B(F.WriteBelow);
}

/// Where a remark about I points: the kernel's own source line, as the
/// report and -print-dead-sync-elim give it, not the header a fence's call
/// was inlined from (every __threadfence_block would share one place).
static DiagnosticLocation remarkPlace(const Instruction &I) {
  const DILocation *DL = core::outermostLocation(I);
  return DL ? DiagnosticLocation(DebugLoc(DL)) : DiagnosticLocation();
}

void reportRemoval(OptimizationRemarkEmitter &ORE, const char *PassName, const Instruction &I,
                   const model::AccessFlags &Flags, const std::string &Reason, bool Print) {
  StringRef Fn = I.getFunction()->getName();
  ORE.emit([&] {
    return OptimizationRemark(PassName, "DeadSyncRemoved", remarkPlace(I), I.getParent())
           << "Removed dead synch: in function " << Fn << ": " << flagsText(Flags) << " ("
           << Reason << ")";
  });
  if (Print)
    errs() << "Removed dead synch: [" << core::sourceLocOf(I).str() << "] in function " << Fn
           << "\n  " << flagsText(Flags) << "\n";
}

void reportCertificate(OptimizationRemarkEmitter &ORE, const char *PassName, const Instruction &I,
                       const ProofRecord &Proof) {
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(PassName, "DeadSyncCertificate", remarkPlace(I), I.getParent());
    R << "Certificate for removed synch in function " << I.getFunction()->getName() << ": "
      << Proof.Status << " (" << Proof.Reason << ")";
    if (Proof.Cex && Proof.Cex->Collision)
      R << "; t=" << Proof.Cex->Collision->T.str() << " t'=" << Proof.Cex->Collision->TPrime.str();
    return R;
  });
}

void reportKept(OptimizationRemarkEmitter &ORE, const char *PassName, const Instruction &I,
                const std::string &Reason) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, "DeadSyncKept", remarkPlace(I), I.getParent())
           << "Kept synch in function " << I.getFunction()->getName() << ": " << Reason;
  });
}

} // namespace xwarp::passes
