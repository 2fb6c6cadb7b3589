//===- sim/Simulator.cpp - Memory set-up, the schedule, rendezvous -----------===//
#include "sim/Simulator.h"
#include "sim/SplitMix.h"

#include "sim/Executor.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <optional>
#include <cstring>

using namespace llvm;

namespace xwarp::sim {

const char *scheduleName(Schedule S) {
  switch (S) {
  case Schedule::RoundRobin: return "round-robin";
  case Schedule::Reverse: return "reverse";
  case Schedule::WarpByWarp: return "warp-by-warp";
  case Schedule::Random: return "random";
  }
  return "?";
}

namespace {
using Random = sim::SplitMix64;

class Cta {
public:
  Cta(const Function &Kernel, const SimOptions &Opts)
      : Kernel(Kernel), Opts(Opts), DL(Kernel.getParent()->getDataLayout()), Exec(DL, Mem, Env),
        Rng(Opts.ScheduleSeed ^ 0x5eed) {}

  SimResult run() {
    SimResult R;
    setUp();
    std::vector<uint64_t> Args = arguments();
    unsigned N = Env.BlockDim[0] * Env.BlockDim[1] * Env.BlockDim[2];
    Threads.resize(N);
    Env.WarpEpochs.assign((N + 31) / 32, 0);
    for (unsigned K = 0; K < N; ++K) {
      ThreadState &T = Threads[K];
      T.Id = K;
      T.Tid[0] = K % Env.BlockDim[0];
      T.Tid[1] = (K / Env.BlockDim[0]) % Env.BlockDim[1];
      T.Tid[2] = K / (Env.BlockDim[0] * Env.BlockDim[1]);
      Exec.start(T, Kernel, Args);
    }
    while (Exec.Error.empty()) {
      std::optional<unsigned> Next = pick();
      if (Next) {
        ThreadState &T = Threads[*Next];
        Exec.run(T, slice());
        // The reverse order runs a thread until it blocks. One that spins on
        // a flag a lower thread sets never blocks: after a long slice the
        // next lower thread has its turn (until a thread blocks or ends).
        if (Opts.Order == Schedule::Reverse)
          Passed = T.Waiting == Wait::None ? Passed + 1 : 0;
        continue;
      }
      if (allDone() || !release())
        break;
    }
    R.Error = Exec.Error;
    R.Races = Mem.races();
    for (unsigned O : Buffers)
      R.Buffers.push_back(Mem.bytes(O));
    R.Steps = Env.Steps;
    R.Epochs = Env.Epoch;
    return R;
  }

private:
  void setUp() {
    for (unsigned D = 0; D < 3; ++D)
      Env.BlockDim[D] = std::max(1u, Opts.BlockDim[D]);
    Env.MaxSteps = Opts.MaxSteps;
    unsigned Unnamed = 0; // an unnamed global's IR slot
    std::optional<unsigned> DynamicShared;
    for (const GlobalVariable &G : Kernel.getParent()->globals()) {
      std::string Name = "@" + (G.hasName() ? G.getName().str() : std::to_string(Unnamed++));
      // Every extern __shared__ array is the start of dynamic shared memory.
      if (G.getAddressSpace() == 3 && G.isDeclaration() && DynamicShared) {
        Env.Globals[&G] = *DynamicShared;
        continue;
      }
      uint64_t Bytes = DL.getTypeAllocSize(G.getValueType());
      Space S = Space::Global;
      if (G.getAddressSpace() == 3) {
        S = Space::Shared;
        if (Bytes == 0 || G.isDeclaration())
          Bytes = std::max<uint64_t>(Bytes, Opts.DynamicSharedBytes);
      } else if (G.getAddressSpace() == 4 || G.isConstant()) {
        S = Space::Constant;
      }
      unsigned O = Mem.allocate(S, Bytes, Name);
      if (G.getAddressSpace() == 3 && G.isDeclaration())
        DynamicShared = O;
      Env.Globals[&G] = O;
    }
    // Once every global has its object: an initializer may point to any.
    for (const GlobalVariable &G : Kernel.getParent()->globals())
      if (G.hasInitializer() && G.getAddressSpace() != 3)
        Exec.initialize(G.getInitializer(), Mem.bytes(Env.Globals[&G]), 0);
  }

  /// Pointer parameters get buffers of seeded small integers; integers come
  /// from the options (default: the CTA's thread count); floats are 1.0.
  std::vector<uint64_t> arguments() {
    std::vector<uint64_t> Args;
    Random Fill(Opts.Seed);
    unsigned IntK = 0;
    uint64_t Threads = uint64_t(Env.BlockDim[0]) * Env.BlockDim[1] * Env.BlockDim[2];
    unsigned Unnamed = 0; // an unnamed argument's IR slot
    for (const Argument &A : Kernel.args()) {
      Type *T = A.getType();
      std::string Name = "%" + (A.hasName() ? A.getName().str() : std::to_string(Unnamed++));
      if (T->isPointerTy()) {
        unsigned O = Mem.allocate(Space::Global, Opts.BufferBytes, Name);
        std::vector<uint8_t> &B = Mem.bytes(O);
        // A struct passed by value (each thread copies it) holds sizes and
        // offsets more often than data: its words stay small integers.
        bool Floats = Opts.Contents == SimOptions::Fill::Floats && !A.hasByValAttr();
        for (size_t K = 0; K + 4 <= B.size(); K += 4) {
          uint32_t Word = Fill.below(16);
          if (Floats) {
            float F = static_cast<float>(static_cast<int>(Word) - 8) / 4.0f;
            std::memcpy(&Word, &F, 4);
          }
          std::memcpy(&B[K], &Word, 4);
        }
        Buffers.push_back(O);
        Args.push_back(makePointer(O, 0));
      } else if (T->isIntegerTy()) {
        int64_t V = IntK < Opts.IntArgs.size() ? Opts.IntArgs[IntK] : static_cast<int64_t>(Threads);
        ++IntK;
        Args.push_back(static_cast<uint64_t>(V) &
                       (T->getIntegerBitWidth() >= 64 ? ~0ULL : (1ULL << T->getIntegerBitWidth()) - 1));
      } else if (T->isFloatTy()) {
        float F = 1.0f;
        uint32_t Bits;
        std::memcpy(&Bits, &F, 4);
        Args.push_back(Bits);
      } else if (T->isDoubleTy()) {
        double D = 1.0;
        uint64_t Bits;
        std::memcpy(&Bits, &D, 8);
        Args.push_back(Bits);
      } else {
        Args.push_back(0);
      }
    }
    return Args;
  }

  bool live(const ThreadState &T) const { return T.Waiting != Wait::Done && T.Waiting != Wait::Failed; }
  bool allDone() const {
    return std::none_of(Threads.begin(), Threads.end(), [&](const ThreadState &T) { return live(T); });
  }

  unsigned slice() {
    switch (Opts.Order) {
    case Schedule::Random: return 1 + Rng.below(16);
    case Schedule::Reverse: return 1u << 16; // until it blocks, or spins
    default: return 1;
    }
  }

  std::optional<unsigned> pick() {
    unsigned N = static_cast<unsigned>(Threads.size());
    auto Runs = [&](unsigned K) { return Threads[K].Waiting == Wait::None; };
    switch (Opts.Order) {
    case Schedule::Reverse: {
      std::vector<unsigned> Ready; // highest first
      for (unsigned K = N; K-- > 0;)
        if (Runs(K))
          Ready.push_back(K);
      if (Ready.empty())
        return std::nullopt;
      return Ready[Passed % Ready.size()];
    }
    case Schedule::WarpByWarp:
      for (unsigned Warp = 0; Warp * 32 < N; ++Warp)
        for (unsigned K = 0; K < 32 && Warp * 32 + K < N; ++K) {
          unsigned T = Warp * 32 + (Cursor + K) % std::min(32u, N - Warp * 32);
          if (Runs(T)) {
            ++Cursor;
            return T;
          }
        }
      return std::nullopt;
    case Schedule::Random: {
      std::vector<unsigned> Ready;
      for (unsigned K = 0; K < N; ++K)
        if (Runs(K))
          Ready.push_back(K);
      if (Ready.empty())
        return std::nullopt;
      return Ready[Rng.below(static_cast<unsigned>(Ready.size()))];
    }
    case Schedule::RoundRobin:
      for (unsigned K = 0; K < N; ++K) {
        unsigned T = (Cursor + K) % N;
        if (Runs(T)) {
          Cursor = T + 1;
          return T;
        }
      }
      return std::nullopt;
    }
    return std::nullopt;
  }

  /// Nobody can run: a warp whose live threads all wait at a collective
  /// meets; else, if every live thread waits at a barrier, the epoch ends.
  /// False (with an error) when neither: a deadlock.
  bool release() {
    unsigned N = static_cast<unsigned>(Threads.size());
    bool Met = false;
    for (unsigned Warp = 0; Warp * 32 < N; ++Warp) {
      std::vector<ThreadState *> Lanes;
      bool Ready = true, Any = false;
      for (unsigned K = Warp * 32; K < std::min(N, Warp * 32 + 32); ++K) {
        ThreadState &T = Threads[K];
        if (!live(T))
          continue;
        Lanes.push_back(&T);
        Any |= T.Waiting == Wait::Collective;
        Ready &= T.Waiting == Wait::Collective;
      }
      if (Any && Ready) {
        if (!collective(Lanes))
          return false;
        Met = true;
      }
    }
    if (Met)
      return true;
    std::vector<ThreadState *> Live;
    for (ThreadState &T : Threads)
      if (live(T))
        Live.push_back(&T);
    if (std::all_of(Live.begin(), Live.end(), [](ThreadState *T) { return T->Waiting == Wait::Barrier; })) {
      // One hardware barrier: the same resource for every thread (barrier 0
      // and barrier 1 wait for each other's threads forever), and a count,
      // if any, of all of them (a smaller one completes for a subset).
      std::optional<uint64_t> Resource;
      for (ThreadState *T : Live) {
        uint64_t R = resourceOf(*T);
        if (Resource && *Resource != R) {
          Exec.Error = "deadlock: threads wait at different barrier resources (" + std::to_string(*Resource) +
                       " and " + std::to_string(R) + ")";
          return false;
        }
        Resource = R;
        if (T->At->arg_size() == 2 && Exec.value(*T, T->At->getArgOperand(1)) != Live.size()) {
          Exec.Error = "a barrier counting fewer threads than wait at it is not modelled";
          return false;
        }
      }
      barrier(Live);
      return true;
    }
    // A collective whose mask leaves out live lanes of its warp meets without
    // them, which the rendezvous above does not model: not a deadlock.
    for (ThreadState *T : Live)
      if (T->Waiting == Wait::Collective && !masksLiveLanes(*T)) {
        Exec.Error = "a warp collective whose mask leaves out live lanes is not modelled";
        return false;
      }
    Exec.Error = "deadlock: threads wait at different barriers or collectives (divergent synchronization)";
    return false;
  }

  /// Whether the mask of the collective T waits at (its first argument, as
  /// in every one modelled) names each live lane of T's warp.
  bool masksLiveLanes(ThreadState &T) {
    uint64_t Mask = Exec.value(T, T.At->getArgOperand(0));
    unsigned Warp = T.Id / 32, N = static_cast<unsigned>(Threads.size());
    for (unsigned K = Warp * 32; K < std::min(N, Warp * 32 + 32); ++K)
      if (live(Threads[K]) && !((Mask >> (K % 32)) & 1))
        return false;
    return true;
  }

  /// The barrier resource a waiting thread's barrier uses (barrier0 and
  /// __syncthreads_count/and/or use 0).
  uint64_t resourceOf(ThreadState &T) {
    if (T.At->getCalledFunction()->getName().starts_with("llvm.nvvm.barrier0") || T.At->arg_size() == 0)
      return 0;
    return Exec.value(T, T.At->getArgOperand(0));
  }

  void barrier(const std::vector<ThreadState *> &Live) {
    // __syncthreads_count/and/or: every live thread's predicate.
    StringRef Name = Live.front()->At->getCalledFunction()->getName();
    uint64_t Count = 0;
    for (ThreadState *T : Live)
      if (T->At->arg_size() && Name.starts_with("llvm.nvvm.barrier0."))
        Count += Exec.value(*T, T->At->getArgOperand(0)) != 0;
    uint64_t Result = Name.ends_with(".popc") ? Count
                      : Name.ends_with(".and") ? Count == Live.size()
                      : Name.ends_with(".or")  ? Count != 0
                                               : 0;
    ++Env.Epoch;
    for (ThreadState *T : Live)
      Exec.resume(*T, Result);
  }

  /// Shuffles, votes and __syncwarp of the warp's live threads.
  bool collective(const std::vector<ThreadState *> &Lanes) {
    StringRef Name = Lanes.front()->At->getCalledFunction()->getName();
    for (ThreadState *T : Lanes)
      if (T->At->getCalledFunction()->getName() != Name) {
        Exec.Error = "deadlock: one warp's threads wait at different collectives";
        return false;
      }
    std::map<unsigned, ThreadState *> ByLane;
    for (ThreadState *T : Lanes)
      ByLane[T->Id % 32] = T;
    auto Arg = [&](ThreadState *T, unsigned K) { return Exec.value(*T, T->At->getArgOperand(K)); };
    // A __syncwarp orders the memory accesses of the lanes in its mask. Only
    // a full-mask one met by every lane of the warp (none exited) counts:
    // partial masks are not modelled, so they leave more races, never fewer.
    unsigned Warp = Lanes.front()->Id / 32;
    unsigned Size = std::min(32u, static_cast<unsigned>(Threads.size()) - Warp * 32);
    if (Name == "llvm.nvvm.bar.warp.sync" && Lanes.size() == Size &&
        std::all_of(Lanes.begin(), Lanes.end(), [&](ThreadState *T) { return (Arg(T, 0) & 0xffffffffu) == 0xffffffffu; }))
      ++Env.WarpEpochs[Warp];
    std::vector<uint64_t> Results;
    for (ThreadState *T : Lanes) {
      unsigned Lane = T->Id % 32;
      uint64_t R = 0;
      if (Name.starts_with("llvm.nvvm.shfl.sync.")) {
        uint64_t B = Arg(T, 2) & 31, C = Arg(T, 3);
        uint64_t Mask = (C >> 8) & 31, Clamp = C & 31;
        uint64_t MaxLane = (Lane & Mask) | (Clamp & ~Mask), MinLane = Lane & Mask;
        uint64_t J = Lane;
        bool Valid;
        if (Name.contains(".up.")) {
          J = Lane - B;
          Valid = static_cast<int64_t>(J) >= static_cast<int64_t>(MaxLane);
        } else if (Name.contains(".down.")) {
          J = Lane + B;
          Valid = J <= MaxLane;
        } else if (Name.contains(".bfly.")) {
          J = Lane ^ B;
          Valid = J <= MaxLane;
        } else {
          J = MinLane | (B & ~Mask);
          Valid = J <= MaxLane;
        }
        auto Src = ByLane.find(static_cast<unsigned>(Valid ? J : Lane));
        R = Src == ByLane.end() ? Arg(T, 1) : Arg(Src->second, 1);
      } else if (Name.starts_with("llvm.nvvm.vote.")) {
        uint64_t Ballot = 0;
        for (auto [L, U] : ByLane)
          if (Arg(U, 1))
            Ballot |= uint64_t(1) << L;
        uint64_t All = 0;
        for (auto [L, U] : ByLane)
          All |= uint64_t(1) << L;
        R = Name.contains("ballot") ? Ballot
            : Name.contains("all")  ? Ballot == All
            : Name.contains("any")  ? Ballot != 0
                                    : (Ballot == 0 || Ballot == All);
      }
      Results.push_back(R);
    }
    for (size_t K = 0; K < Lanes.size(); ++K)
      Exec.resume(*Lanes[K], Results[K]);
    return true;
  }

  const Function &Kernel;
  const SimOptions &Opts;
  const DataLayout &DL;
  Memory Mem;
  CtaEnv Env;
  Executor Exec;
  Random Rng;
  std::vector<ThreadState> Threads;
  std::vector<unsigned> Buffers;
  unsigned Cursor = 0;
  /// Reverse order: the threads passed over for spinning since one last
  /// blocked or ended.
  unsigned Passed = 0;
};
} // namespace

SimResult simulate(const Function &Kernel, const SimOptions &Opts) { return Cta(Kernel, Opts).run(); }

} // namespace xwarp::sim
