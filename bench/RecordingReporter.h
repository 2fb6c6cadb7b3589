//===- bench/RecordingReporter.h - Benchmark times, kept for ratios --------===//
#ifndef XWARP_BENCH_RECORDINGREPORTER_H
#define XWARP_BENCH_RECORDINGREPORTER_H

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

namespace xwarp::bench {

/// Prints as the console reporter does, and keeps each benchmark's CPU time
/// per iteration (and its counters) so that main can print ratios after the run.
/// With --benchmark_repetitions it keeps the fastest repetition: noise on a
/// shared machine only ever adds time.
class RecordingReporter : public benchmark::ConsoleReporter {
public:
  /// Colours only on a terminal (a reporter passed to RunSpecifiedBenchmarks
  /// does not see --benchmark_color).
  RecordingReporter() : ConsoleReporter(isatty(fileno(stdout)) ? OO_ColorTabular : OO_Tabular) {}

  void ReportRuns(const std::vector<Run> &Runs) override {
    for (const Run &R : Runs)
      if (R.run_type == Run::RT_Iteration && !R.error_occurred) {
        // The name as registered: without what the run's settings add
        // ("/iterations:20" of a fixed count).
        std::string Name = R.run_name.function_name + (R.run_name.args.empty() ? "" : "/" + R.run_name.args);
        auto [It, New] = Times.try_emplace(Name, R.GetAdjustedCPUTime());
        if (!New)
          It->second = std::min(It->second, R.GetAdjustedCPUTime());
        for (const auto &[Counter, C] : R.counters)
          Counters[Name][Counter] = C.value;
      }
    ConsoleReporter::ReportRuns(Runs);
  }
  /// The time of Name (0 if it did not run).
  double time(const std::string &Name) const {
    auto It = Times.find(Name);
    return It == Times.end() ? 0.0 : It->second;
  }
  /// Counter C of Name (0 if it did not run or has no such counter).
  double counter(const std::string &Name, const std::string &C) const {
    auto It = Counters.find(Name);
    if (It == Counters.end())
      return 0.0;
    auto Value = It->second.find(C);
    return Value == It->second.end() ? 0.0 : Value->second;
  }
  std::map<std::string, double> Times;
  std::map<std::string, std::map<std::string, double>> Counters;
};

inline double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

} // namespace xwarp::bench

#endif
