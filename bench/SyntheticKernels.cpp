//===- bench/SyntheticKernels.cpp -----------------------------------------===//
#include "SyntheticKernels.h"
#include "sim/SplitMix.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace xwarp::bench {

namespace {
using Random = sim::SplitMix64;

constexpr unsigned Threads = 256; // a slot holds one word per thread
constexpr unsigned Slots = 64;

class Writer {
public:
  explicit Writer(const SyntheticParams &P) : P(P), R(P.Seed) {}

  std::string run() {
    OS << "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
       << "target triple = \"nvptx64-nvidia-cuda\"\n\n"
       << "@s = internal addrspace(3) global [" << Threads * Slots << " x i32] undef\n\n"
       << "declare void @llvm.nvvm.barrier0()\n"
       << "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\n";
    std::vector<std::string> Names;
    for (unsigned K = 0; K < std::max(P.Kernels, 1u); ++K) {
      Names.push_back(K ? "synthetic." + std::to_string(K) : "synthetic");
      kernel(Names.back());
    }
    OS << "!nvvm.annotations = !{";
    for (unsigned K = 0; K < 2 * Names.size(); ++K)
      OS << (K ? ", !" : "!") << K;
    OS << "}\n";
    for (unsigned K = 0; K < Names.size(); ++K)
      OS << "!" << 2 * K << " = !{ptr @" << Names[K] << ", !\"kernel\", i32 1}\n"
         << "!" << 2 * K + 1 << " = !{ptr @" << Names[K] << ", !\"maxntidx\", i32 " << Threads << "}\n";
    return OS.str();
  }

private:
  void kernel(const std::string &Name) {
    OS << "define void @" << Name << "(ptr addrspace(1) %out, i32 %n) {\n"
       << "entry:\n"
       << "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n";
    Current = "entry";
    unsigned Done = 0;
    while (Done < P.Barriers) {
      unsigned Group = P.LoopDepth ? std::min(P.LoopGroup ? P.LoopGroup : 1, P.Barriers - Done)
                                   : P.Barriers - Done;
      std::vector<std::string> Loops;
      for (unsigned L = 0; L < P.LoopDepth; ++L)
        Loops.push_back(openLoop());
      for (unsigned K = 0; K < Group; ++K)
        barrierAndRegion(Done + K);
      for (unsigned L = P.LoopDepth; L-- > 0;)
        closeLoop(Loops[L]);
      Done += Group;
    }
    OS << "  %tx = zext i32 %t to i64\n"
       << "  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tx\n"
       << "  store i32 %t, ptr addrspace(1) %o, align 4\n"
       << "  ret void\n}\n\n";
  }

  std::string fresh(const char *Prefix) { return std::string(Prefix) + std::to_string(Next++); }

  void block(const std::string &Label) { OS << Label << ":\n"; }

  /// A counted loop (uniform trip count %n); returns its name.
  std::string openLoop() {
    std::string L = fresh("loop"), Pre = Current;
    OS << "  br label %" << L << "\n";
    block(L);
    OS << "  %" << L << ".i = phi i32 [ 0, %" << Pre << " ], [ %" << L << ".next, %" << L
       << ".latch ]\n";
    Current = L;
    return L;
  }
  void closeLoop(const std::string &L) {
    OS << "  br label %" << L << ".latch\n";
    block(L + ".latch");
    OS << "  %" << L << ".next = add nuw nsw i32 %" << L << ".i, 1\n"
       << "  %" << L << ".again = icmp slt i32 %" << L << ".next, %n\n"
       << "  br i1 %" << L << ".again, label %" << L << ", label %" << L << ".exit\n";
    block(L + ".exit");
    Current = L + ".exit";
  }

  /// One shared access: a thread's own slot, or its neighbour's.
  void access(bool Cross) {
    unsigned Slot = R.below(Slots);
    bool Store = R.below(2) == 0;
    std::string A = fresh("a"), X = fresh("x"), Ptr = fresh("p");
    OS << "  %" << A << " = add nuw nsw i32 %t, " << Slot * Threads + (Cross ? 1 : 0) << "\n"
       << "  %" << X << " = zext i32 %" << A << " to i64\n"
       << "  %" << Ptr << " = getelementptr inbounds [" << Threads * Slots
       << " x i32], ptr addrspace(3) @s, i64 0, i64 %" << X << "\n";
    if (Store)
      OS << "  store i32 %t, ptr addrspace(3) %" << Ptr << ", align 4\n";
    else
      OS << "  %" << fresh("v") << " = load i32, ptr addrspace(3) %" << Ptr << ", align 4\n";
  }

  /// A barrier, then its region: inside a cascade run only private accesses,
  /// at a run's end some cross-thread ones.
  void barrierAndRegion(unsigned Index) {
    OS << "  call void @llvm.nvvm.barrier0()\n";
    bool RunEnd = P.CascadeDepth == 0 || Index % (P.CascadeDepth + 1) == P.CascadeDepth;
    unsigned Diamonds = P.DiamondsPerRegion;
    for (unsigned K = 0; K < P.AccessesPerRegion; ++K) {
      bool Cross = RunEnd && R.below(1000) < P.CrossThreadPerMille;
      // The last accesses of the region go into the diamonds' then-blocks.
      bool InDiamond = Diamonds && P.AccessesPerRegion - K <= Diamonds;
      if (!InDiamond) {
        access(Cross);
        continue;
      }
      std::string C = fresh("c"), Then = fresh("then"), Join = fresh("join");
      OS << "  %" << C << " = icmp slt i32 %n, " << R.below(64) << "\n"
         << "  br i1 %" << C << ", label %" << Then << ", label %" << Join << "\n";
      block(Then);
      access(Cross);
      OS << "  br label %" << Join << "\n";
      block(Join);
      Current = Join;
      --Diamonds;
    }
  }

  const SyntheticParams &P;
  Random R;
  std::ostringstream OS;
  std::string Current = "entry";
  unsigned Next = 0;
};
} // namespace

std::string syntheticKernel(const SyntheticParams &P) { return Writer(P).run(); }

} // namespace xwarp::bench
