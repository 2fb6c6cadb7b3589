//===- passes/CheckAfterPass.h - Soundness checking inside opt -------------===//
//
// With -xwarp-check-after-passes, every run of an xwarp pass in an opt
// pipeline is re-checked, as Alive2's tv plugin re-checks passes: before the
// pass, each function's model and synchronization sites are recorded; after
// it, the sites that are gone are the deletions, and the checker proves or
// refutes each one against the recorded model. Certificates go to stderr.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_CHECKAFTERPASS_H
#define XWARP_PASSES_CHECKAFTERPASS_H

namespace llvm {
class PassInstrumentationCallbacks;
}

namespace xwarp::passes {

/// Registers the before/after-pass callbacks when -xwarp-check-after-passes is set.
void registerCheckAfterPass(llvm::PassInstrumentationCallbacks &PIC);

} // namespace xwarp::passes

#endif
