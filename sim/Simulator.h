//===- sim/Simulator.h - An executable reference semantics for kernels -----===//
//
// Runs one CTA of a kernel's LLVM IR for a concrete small launch under a
// chosen schedule of its threads: independent thread scheduling (threads
// interleave at any instruction between barriers), CTA barriers as epochs,
// warp-collective operations (shuffles, votes, __syncwarp) as rendezvous of
// the warp's live threads. Memory is sequentially consistent. Races between
// threads within one barrier epoch are reported (sim/Memory.h).
//
// Independent of the model and the passes: it reads only the IR.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_SIM_SIMULATOR_H
#define XWARP_SIM_SIMULATOR_H

#include "sim/Memory.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Function;
}

namespace xwarp::sim {

enum class Schedule : uint8_t {
  RoundRobin, ///< one instruction per thread in turn
  Reverse,    ///< the highest thread id runs until it blocks
  WarpByWarp, ///< the lowest warp runs (round robin inside) until it blocks
  Random,     ///< a random thread for a random number of instructions
};
const char *scheduleName(Schedule S);

struct SimOptions {
  unsigned BlockDim[3] = {64, 1, 1};
  Schedule Order = Schedule::Random;
  /// Seeds the inputs (buffer contents), and the random schedule.
  uint64_t Seed = 1;
  uint64_t ScheduleSeed = 1;
  /// What the buffers hold: small non-negative integers (0..15 in every
  /// 32-bit word), or floats in [-2, 2) by quarters (signs and fractions for
  /// floating-point kernels).
  enum class Fill : uint8_t { Ints, Floats } Contents = Fill::Ints;
  /// Bytes of the buffer each pointer parameter gets.
  uint64_t BufferBytes = 1 << 20;
  /// Bytes of an `extern __shared__` array of unknown size.
  uint64_t DynamicSharedBytes = 1 << 14;
  /// Integer parameters in order; missing ones are the CTA's thread count.
  std::vector<int64_t> IntArgs;
  /// Instructions executed at most (all threads together).
  uint64_t MaxSteps = 20'000'000;
};

struct SimResult {
  /// Empty on success; else what stopped the run (out of bounds, deadlock,
  /// an operation not modelled, the step limit).
  std::string Error;
  std::vector<Race> Races;
  /// The final bytes of each pointer parameter's buffer, in order.
  std::vector<std::vector<uint8_t>> Buffers;
  uint64_t Steps = 0;
  unsigned Epochs = 0;
};

/// Runs Kernel for one CTA (blockIdx = 0, gridDim = 1).
SimResult simulate(const llvm::Function &Kernel, const SimOptions &Opts);

} // namespace xwarp::sim

#endif
