//===- bench/MachineMemory.cpp --------------------------------------------===//
#include "MachineMemory.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <numeric>
#include <random>
#include <string>

namespace xwarp::bench {

namespace {
constexpr std::size_t LineWords = 64 / sizeof(uint64_t);
} // namespace

void emptyCaches() {
  static std::vector<uint64_t> Buffer((64u << 20) / sizeof(uint64_t), 1);
  std::size_t Lines = Buffer.size() / LineWords;
  // A stride of a prime number of lines visits every line once, in an order
  // no prefetcher follows. Reads only: no dirty lines for the next run to
  // write back.
  uint64_t Sum = 0;
  for (std::size_t K = 0, L = 0; K < Lines; ++K, L = (L + 1000003) % Lines)
    Sum += Buffer[L * LineWords];
  benchmark::DoNotOptimize(Sum);
}

const std::vector<unsigned> &latencyBufferMiB() {
  static const std::vector<unsigned> Sizes = {1, 2, 4, 8, 16, 32, 64};
  return Sizes;
}

void registerLatencyBenchmarks() {
  for (unsigned MiB : latencyBufferMiB()) {
    std::string Name = "latency/" + std::to_string(MiB);
    benchmark::RegisterBenchmark(Name.c_str(), [MiB](benchmark::State &State) {
      // One cycle through all lines in a random order: each line holds the
      // index of the next, so every load waits for the one before it.
      std::size_t Lines = (std::size_t(MiB) << 20) / 64;
      std::vector<uint64_t> Next(Lines * LineWords);
      std::vector<uint64_t> Order(Lines);
      std::iota(Order.begin(), Order.end(), 0);
      std::shuffle(Order.begin() + 1, Order.end(), std::mt19937_64(2026));
      for (std::size_t I = 0; I < Lines; ++I)
        Next[Order[I] * LineWords] = Order[(I + 1) % Lines] * LineWords;
      uint64_t P = 0;
      for (std::size_t I = 0; I < Lines; ++I) // once through, to warm what fits
        P = Next[P];
      for (auto _ : State)
        for (std::size_t I = 0; I < LoadsPerIteration; ++I)
          P = Next[P];
      benchmark::DoNotOptimize(P);
    })->Unit(benchmark::kMillisecond);
  }
}

} // namespace xwarp::bench
