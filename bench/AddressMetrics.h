//===- bench/AddressMetrics.h - What address arithmetic costs --------------===//
//
// The measures of the Common Base Elimination comparison: the IR address
// instructions (core::countAddressInstructions), and the PTX llc-19 makes of
// the module for sm_80: its integer instructions and integer registers, and
// the registers ptxas -v reports when a ptxas is installed.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_BENCH_ADDRESSMETRICS_H
#define XWARP_BENCH_ADDRESSMETRICS_H

#include <optional>
#include <string>

namespace llvm {
class Module;
}

namespace xwarp::bench {

struct PtxCounts {
  /// Integer arithmetic, logic and conversions (add, sub, mul, mad, shl, shr,
  /// and, or, xor, neg, not, min, max, abs, cvt, cvta, ...) with an integer
  /// type suffix.
  unsigned IntInstructions = 0;
  /// Declared integer virtual registers (%rs, %r, %rd).
  unsigned IntRegisters = 0;
  /// ptxas -v: the most registers any kernel uses (absent without ptxas).
  std::optional<unsigned> PtxasRegisters;
};

/// Address instructions of every function of M (ThroughPhis: see
/// core::countAddressInstructions).
unsigned addressInstructions(const llvm::Module &M, bool ThroughPhis = false);

/// Emits M (a clone is compiled; M is untouched) as PTX; nullopt with Error
/// if codegen fails.
std::optional<std::string> emitPtx(const llvm::Module &M, std::string &Error);

/// Counts a PTX text; Ptxas: the ptxas binary to ask, or empty.
PtxCounts countPtx(const std::string &Ptx, const std::string &Ptxas);

/// $XWARP_PTXAS, else ptxas on PATH or under /usr/local/cuda/bin; empty if none.
std::string findPtxas();

} // namespace xwarp::bench

#endif
