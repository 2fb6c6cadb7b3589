//===- tools/xwarp/LLVMOptions.h - LLVM's own options, checked -------------===//
//
// xwarp accepts LLVM's options (-pass-remarks=..., -debug-counter=...), whose
// parsers report a bad value in their own ways: a debug counter's by a line on
// stderr and nothing else, a remark's regular expression by a fatal error
// (exit 1, which for `xwarp check` means a refuted deletion). Here both
// become bad input: one line and exit status 2, before any output is made.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_TOOLS_LLVMOPTIONS_H
#define XWARP_TOOLS_LLVMOPTIONS_H

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace xwarp::tools {

/// Before parsing: a -debug-counter value whose chunks are not numbers
/// ("=abc"), which LLVM reports as "Failed to parse int at : abc"; empty if
/// none.
std::string badDebugCounterText(llvm::ArrayRef<const char *> Args);

/// After parsing: whether every -debug-counter item of Args set its counter
/// (LLVM has printed why one did not: no '=', no such counter, chunks out of
/// order).
bool debugCountersSet(llvm::ArrayRef<const char *> Args);

/// While one exists, a fatal error (an option's parser gives up) is bad
/// input: "xwarp: error: <reason>" and exit status 2.
class FatalErrorsAreBadInput {
public:
  FatalErrorsAreBadInput();
  ~FatalErrorsAreBadInput();
  FatalErrorsAreBadInput(const FatalErrorsAreBadInput &) = delete;
  FatalErrorsAreBadInput &operator=(const FatalErrorsAreBadInput &) = delete;
};

} // namespace xwarp::tools

#endif
