//===- sim/Executor.h - One thread's instructions ---------------------------===//
//
// The semantics of the IR subset the corpus uses, for one thread at a time:
// integer and floating-point arithmetic, comparisons, casts, GEPs, loads,
// stores, atomics, allocas, PHIs, branches, calls to device functions, the
// special registers, and the math intrinsics. A thread stops at a CTA
// barrier or a warp-collective operation; the scheduler releases it with
// resume(). Values are kept as 64-bit patterns (floats by their bits).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_SIM_EXECUTOR_H
#define XWARP_SIM_EXECUTOR_H

#include "sim/Memory.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/BasicBlock.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {
class Argument;
class CallBase;
class Constant;
class DataLayout;
class Function;
class GlobalValue;
class Instruction;
class Value;
} // namespace llvm

namespace xwarp::sim {

/// What a blocked thread waits for.
enum class Wait : uint8_t { None, Barrier, Collective, Done, Failed };

struct Frame {
  const llvm::Function *F = nullptr;
  const llvm::BasicBlock *BB = nullptr;
  llvm::BasicBlock::const_iterator It;
  llvm::DenseMap<const llvm::Value *, uint64_t> Vals;
  /// The caller's call, to receive the return value.
  const llvm::CallBase *Call = nullptr;
};

struct ThreadState {
  unsigned Id = 0;
  unsigned Tid[3] = {0, 0, 0};
  std::vector<Frame> Stack;
  Wait Waiting = Wait::None;
  /// The barrier or collective call the thread waits at.
  const llvm::CallBase *At = nullptr;
  /// cmpxchg's success flags, read by extractvalue.
  llvm::DenseMap<const llvm::Value *, uint64_t> Flags;
};

/// What every thread of the CTA shares.
struct CtaEnv {
  unsigned BlockDim[3] = {1, 1, 1};
  /// The object of each global variable.
  std::map<const llvm::GlobalValue *, unsigned> Globals;
  unsigned Epoch = 0;
  /// Per warp: the __syncwarp rendezvous of the whole warp so far.
  std::vector<unsigned> WarpEpochs;
  uint64_t Steps = 0;
  uint64_t MaxSteps = 0;
};

class Executor {
public:
  Executor(const llvm::DataLayout &DL, Memory &Mem, CtaEnv &Env) : DL(DL), Mem(Mem), Env(Env) {}

  /// Starts T in Kernel with the arguments' values.
  void start(ThreadState &T, const llvm::Function &Kernel, const std::vector<uint64_t> &Args);
  /// Runs up to N instructions of T; stops early when T waits or ends.
  void run(ThreadState &T, unsigned N);
  /// Releases T from its barrier or collective: the call gets Result (if it
  /// has a value) and T goes on after it.
  void resume(ThreadState &T, uint64_t Result);
  /// The value of V in T's current frame (operands of the call T waits at).
  uint64_t value(ThreadState &T, const llvm::Value *V);
  /// Writes the bytes of a global's initializer C to Out at At (integers,
  /// floats, pointers and constant expressions of them, arrays, vectors and
  /// structs by the DataLayout; undef as zeros). Sets Error for a constant
  /// not modelled.
  void initialize(const llvm::Constant *C, std::vector<uint8_t> &Out, uint64_t At);

  /// Why a thread failed (the first failure).
  std::string Error;

private:
  bool step(ThreadState &T);
  void enter(ThreadState &T, const llvm::BasicBlock *To, const llvm::BasicBlock *From);
  bool call(ThreadState &T, const llvm::CallBase &C);
  /// A byval argument's own copy (per thread, per call) of the bytes at
  /// From, which Call (null for a kernel's parameter) reads: its pointer,
  /// or 0 after a failure.
  uint64_t byValCopy(ThreadState &T, const llvm::Argument &A, uint64_t From, const llvm::Instruction *Call);
  bool intrinsic(ThreadState &T, const llvm::CallBase &C, llvm::StringRef Name, uint64_t &Out,
                 bool &HasValue);
  bool memoryOp(ThreadState &T, const llvm::Instruction &I);
  /// llvm.memcpy, llvm.memmove, llvm.memset (Set).
  bool memoryIntrinsic(ThreadState &T, const llvm::CallBase &C, bool Set);
  uint64_t constant(const llvm::Value *V);
  bool fail(ThreadState &T, const std::string &Why);

  const llvm::DataLayout &DL;
  Memory &Mem;
  CtaEnv &Env;
};

/// The names of calls that are warp-collective (a rendezvous of the warp).
bool isCollective(llvm::StringRef Name);
/// The names of calls that are CTA barriers.
bool isCtaBarrier(llvm::StringRef Name);

} // namespace xwarp::sim

#endif
