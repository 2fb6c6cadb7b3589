//===- sim/SplitMix.h - A seeded, portable random sequence ----------------===//
//
// SplitMix64: the same sequence for a seed on every platform and standard
// library (std::mt19937's distributions are not), for the simulator's inputs
// and schedules and the benchmarks' synthetic kernels.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_SIM_SPLITMIX_H
#define XWARP_SIM_SPLITMIX_H

#include <cstdint>

namespace xwarp::sim {

class SplitMix64 {
public:
  explicit SplitMix64(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  /// A number below N (0 when N is 0).
  unsigned below(unsigned N) { return N ? static_cast<unsigned>(next() % N) : 0; }

private:
  uint64_t State;
};

} // namespace xwarp::sim

#endif
