//===- core/FlaglessScalarEvolution.h - SCEV that reads no IR no-wrap flags -===//
//
// ScalarEvolution keeps one expression per shape: `{0,+,1}<%loop>` stands for
// every value of that shape in the loop. The no-wrap flag one instruction's
// `add nsw` earns is written onto that shared expression, and then read for
// every other value of the same shape, though the flag only holds for the
// first where it is not poison (a trunc of a wider counter wraps without
// poison; llvm-project#80430). A sign extension folded on the strength of
// such a flag gives an address that no thread computes, and a needed barrier
// could go with a proof.
//
// So xwarp's passes ask a ScalarEvolution of their own, whose expressions are
// built while the function's instructions are stripped of the flags
// ScalarEvolution reads (nsw, nuw, exact, GEP no-wrap, nneg, disjoint). Its
// flags are then only the ones it proves from ranges and trip counts, which
// hold for every value of a shape.
//
// Two ways to use it. Extraction, which changes no IR, keeps the flags
// stripped for the object's lifetime, and they come back when it is
// destroyed. Common Base Elimination rewrites the IR and proves its rewrites
// from the IR's flags: it calls prime(), which builds the expressions of the
// values addresses and conditions are computed from while stripped and gives
// the flags back at once, and again after each change to the IR.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_FLAGLESSSCALAREVOLUTION_H
#define XWARP_CORE_FLAGLESSSCALAREVOLUTION_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/GEPNoWrapFlags.h"

#include <memory>
#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class Instruction;
class LoopInfo;
} // namespace llvm

namespace xwarp::core {

class FlaglessScalarEvolution {
public:
  /// Strips F's flags and builds the ScalarEvolution; DT and LI are F's.
  /// The flags stay stripped until prime() or destruction: nothing may
  /// change the IR meanwhile.
  FlaglessScalarEvolution(llvm::Function &F, llvm::DominatorTree &DT, llvm::LoopInfo &LI);
  /// Drops the ScalarEvolution, then gives every instruction its flags back.
  ~FlaglessScalarEvolution();
  /// Builds, without flags (stripping them again if they are back), the
  /// expression of every value an address or a condition is computed from,
  /// then gives the flags back. Expressions already built stay; a value the
  /// ScalarEvolution has forgotten is built anew.
  void prime();
  FlaglessScalarEvolution(const FlaglessScalarEvolution &) = delete;
  FlaglessScalarEvolution &operator=(const FlaglessScalarEvolution &) = delete;

  llvm::ScalarEvolution &get() { return *SE; }

  /// Whether I was an `or disjoint` when the flags were last stripped. The
  /// flag holds for I's own value (an overlap makes it poison), so a walk
  /// over I may read it as an add.
  bool wasDisjoint(const llvm::Instruction &I) const { return Disjoint.contains(&I); }

private:
  struct SavedFlags {
    llvm::Instruction *I;
    bool NUW = false, NSW = false, Exact = false, NonNeg = false, IsDisjoint = false;
    llvm::GEPNoWrapFlags GEP = llvm::GEPNoWrapFlags::none();
  };
  /// Gives S.I the flags in S and S the flags S.I had; whether it had any.
  /// With S empty this strips S.I; with what that left in S, restores it.
  static bool exchange(SavedFlags &S);
  void stripAll();
  void restoreAll();

  llvm::Function &F;
  bool Stripped = false;
  std::vector<SavedFlags> Saved;
  llvm::DenseSet<const llvm::Instruction *> Disjoint;
  llvm::TargetLibraryInfoImpl TLII;
  llvm::TargetLibraryInfo TLI;
  llvm::AssumptionCache AC;
  std::unique_ptr<llvm::ScalarEvolution> SE;
};

} // namespace xwarp::core

#endif
