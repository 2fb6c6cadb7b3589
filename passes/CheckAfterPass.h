//===- passes/CheckAfterPass.h - Soundness checking inside opt -------------===//
//
// With -xwarp-check-after-passes, every run of an xwarp pass in an opt
// pipeline is re-checked, as Alive2's tv plugin re-checks passes: before the
// pass, each function's model and synchronization sites are recorded; after
// it, the sites that are gone are the deletions, and the checker proves or
// refutes each one against the recorded model, under the launch the pass
// assumed (its block-dim, which the pipeline parser records) unless
// -xwarp-check-block-dim names one. Certificates go to stderr.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_CHECKAFTERPASS_H
#define XWARP_PASSES_CHECKAFTERPASS_H

#include "model/Launch.h"

#include <memory>
#include <optional>

namespace llvm {
class PassInstrumentationCallbacks;
}

namespace xwarp::passes {

/// The block dimensions the dead-sync-elim passes of one pipeline assume, as
/// its parser met them; the checker checks their deletions under them.
class PipelineLaunch {
public:
  /// Records one dead-sync-elim pass's block-dim (none: any launch). False
  /// when it differs from an earlier pass's: no one launch fits them both.
  bool add(const std::optional<model::BlockDimSpec> &Dim);
  /// The block-dim of the passes recorded (none: any launch).
  const std::optional<model::BlockDimSpec> &blockDim() const { return Dim; }

private:
  bool Seen = false;
  std::optional<model::BlockDimSpec> Dim;
};

/// Registers the before/after-pass callbacks when -xwarp-check-after-passes
/// is set, and returns the launch record the pipeline parser fills for them
/// (null when the option is not set).
std::shared_ptr<PipelineLaunch> registerCheckAfterPass(llvm::PassInstrumentationCallbacks &PIC);

} // namespace xwarp::passes

#endif
