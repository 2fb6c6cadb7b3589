//===- passes/SyncRemarks.h - The texts of removals ------------------------===//
//
// The remark every removal emits and the -print-dead-sync-elim dump share one
// wording (an interface: scripts read it; see README "Remarks"):
//   Removed dead synch: in function <F>: Read above: 0, Write above: 1, Read below: 0, Write below: 0
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_SYNCREMARKS_H
#define XWARP_PASSES_SYNCREMARKS_H

#include "core/SourceLocation.h"
#include "model/Conflict.h"

#include <string>

namespace llvm {
class Instruction;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace xwarp::passes {

struct ProofRecord;

/// "Read above: 0, Write above: 1, Read below: 0, Write below: 0".
std::string flagsText(const model::AccessFlags &F);

/// Emits the removal remark for I (before it is erased) under PassName and,
/// when Print is set, the same dump on stderr with the source location.
void reportRemoval(llvm::OptimizationRemarkEmitter &ORE, const char *PassName,
                   const llvm::Instruction &I, const model::AccessFlags &Flags,
                   const std::string &Reason, bool Print);

/// An analysis remark with a deletion's certificate (soundness-checking mode).
void reportCertificate(llvm::OptimizationRemarkEmitter &ORE, const char *PassName,
                       const llvm::Instruction &I, const ProofRecord &Proof);

/// A missed-optimization remark for a kept barrier, with the reason.
void reportKept(llvm::OptimizationRemarkEmitter &ORE, const char *PassName,
                const llvm::Instruction &I, const std::string &Reason);

} // namespace xwarp::passes

#endif
