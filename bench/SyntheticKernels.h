//===- bench/SyntheticKernels.h - Seeded NVPTX kernels of any size ---------===//
//
// A deterministic generator of NVPTX IR kernels for the scaling benchmarks:
// a sequence of regions separated by CTA barriers, each region some shared
// memory accesses, private (a thread's own slots) or cross-thread (a
// neighbour's slot, written or read), spread over branch diamonds and
// wrapped in counted loops; runs of barriers with only private accesses
// between them become dead one after another (the cascade). The same seed
// and parameters give the same text on every machine (a fixed generator, no
// standard-library distributions).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_BENCH_SYNTHETICKERNELS_H
#define XWARP_BENCH_SYNTHETICKERNELS_H

#include <cstdint>
#include <string>

namespace xwarp::bench {

struct SyntheticParams {
  uint64_t Seed = 1;
  /// CTA barriers in the kernel.
  unsigned Barriers = 100;
  /// Shared-memory accesses between two barriers.
  unsigned AccessesPerRegion = 4;
  /// Branch diamonds per region (0: straight-line regions).
  unsigned DiamondsPerRegion = 1;
  /// Loops nested around each group of LoopGroup barriers (0: none).
  unsigned LoopDepth = 1;
  unsigned LoopGroup = 10;
  /// Per mille of accesses that touch another thread's slot.
  unsigned CrossThreadPerMille = 300;
  /// Length of the runs of barriers with only private accesses between them.
  unsigned CascadeDepth = 4;
  /// Kernels in the module, each of Barriers barriers (a module of many
  /// functions grows in another dimension than one large kernel).
  unsigned Kernels = 1;
};

/// The kernel @synthetic as LLVM IR text (1D blocks of at most 256 threads);
/// with more Kernels, @synthetic, @synthetic.1, @synthetic.2, ... sharing
/// one shared array.
std::string syntheticKernel(const SyntheticParams &P);

} // namespace xwarp::bench

#endif
