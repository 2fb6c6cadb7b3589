//===- core/SourceLocation.h - Where a site is in the kernel's source ------===//
#ifndef XWARP_CORE_SOURCELOCATION_H
#define XWARP_CORE_SOURCELOCATION_H

#include "model/Access.h"

#include <string>

namespace llvm {
class DILocation;
class Instruction;
}

namespace xwarp::core {

/// A place that reports keep (it owns its file name).
struct SourceLoc {
  std::string File;
  unsigned Line = 0, Col = 0;
  bool known() const { return Line != 0; }
  /// "file:line:col", or "<unknown>".
  std::string str() const;
};

/// I's debug location at the outermost call site it was inlined at (its own
/// when it was not inlined); null without debug information.
const llvm::DILocation *outermostLocation(const llvm::Instruction &I);

/// The place of I in the kernel's own source: for code inlined from a header
/// or a device function, the outermost call site it was inlined at. The file
/// name is borrowed from I's debug information.
model::SourcePlace sourcePlaceOf(const llvm::Instruction &I);

/// sourcePlaceOf(I), owning its file name.
SourceLoc sourceLocOf(const llvm::Instruction &I);

} // namespace xwarp::core

#endif
