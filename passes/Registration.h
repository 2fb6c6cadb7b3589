//===- passes/Registration.h - Making the passes known to a PassBuilder ----===//
#ifndef XWARP_PASSES_REGISTRATION_H
#define XWARP_PASSES_REGISTRATION_H

namespace llvm {
class PassBuilder;
}

namespace xwarp::passes {

/// Registers `dead-sync-elim<variant>` and `basic-dbe` for pipeline parsing.
void registerXWarpPasses(llvm::PassBuilder &PB);

} // namespace xwarp::passes

#endif
