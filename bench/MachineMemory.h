//===- bench/MachineMemory.h - The benchmark machine's memory hierarchy ----===//
//
// Growth ratios compare a kernel whose data fit in the machine's caches with
// one whose data do not. These helpers measure the caches instead of assuming
// their size: the latency of dependent loads over buffers of growing size,
// and a way to start a run with nothing of the last one cached.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_BENCH_MACHINEMEMORY_H
#define XWARP_BENCH_MACHINEMEMORY_H

#include <cstddef>
#include <vector>

namespace xwarp::bench {

/// Evicts what the last run left in the caches, outside the timing: reads
/// every line of a 64 MiB buffer in a scattered order. (A sequential read is
/// not enough: the last-level cache keeps most of its old lines against a
/// streaming read.)
void emptyCaches();

/// The buffer sizes latency/<MiB> measures.
const std::vector<unsigned> &latencyBufferMiB();

/// Registers latency/<MiB>: one iteration is LoadsPerIteration dependent
/// loads, each from a random line of a buffer of that size, so the time per
/// load is the latency of the level the buffer fits in.
void registerLatencyBenchmarks();
constexpr std::size_t LoadsPerIteration = 1 << 20;

} // namespace xwarp::bench

#endif
