//===- passes/IRText.h - IR values and blocks as remarks and reports print them -===//
//
// Printing one value with Value::print numbers every unnamed value of its
// function first; a pass that prints an address for each rewrite would make
// its report quadratic in the function's size. IRPrinter numbers the function
// once, at the first print after it is made or told to renumber: the numbers
// are those of the IR at that point. They stay right for every value that existed then, and for
// every value made since that has a name (the passes name all they create);
// a value with neither is printed the slow way, numbered afresh.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_IRTEXT_H
#define XWARP_PASSES_IRTEXT_H

#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class Value;
} // namespace llvm

namespace xwarp::passes {

/// One numbering of a module's globals, metadata and attribute groups,
/// shared by the printers of its functions: LLVM numbers the whole module
/// for each new ModuleSlotTracker, so a numbering per function made printing
/// quadratic in the number of functions.
struct ModuleNumbering {
  std::unique_ptr<llvm::ModuleSlotTracker> Slots;
};

/// Computed by a module pipeline before common-base-elim's functions
/// (addCommonBaseElim), read by each function's printer from the cache.
class ModuleNumberingAnalysis : public llvm::AnalysisInfoMixin<ModuleNumberingAnalysis> {
  friend llvm::AnalysisInfoMixin<ModuleNumberingAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = ModuleNumbering;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

class IRPrinter {
public:
  /// With Shared (F's module's), only F itself is numbered.
  explicit IRPrinter(const llvm::Function &F, const ModuleNumbering *Shared = nullptr);

  /// Numbers the function again, as it stands at the next print.
  void renumber();

  /// An instruction as printed IR ("%5 = add i32 %3, %4"), any other value
  /// as an operand ("%0", "@g").
  std::string text(const llvm::Value *V);
  /// V as an operand, without its type ("%5", "@g", "42").
  std::string operand(const llvm::Value *V);
  /// "%entry", or "%7" for an unnamed block.
  std::string block(const llvm::BasicBlock *BB);

private:
  /// The numbering, made now if there is none.
  llvm::ModuleSlotTracker &slots();
  /// Whether the numbering can print V (and, for an instruction, its
  /// operands).
  bool numbered(const llvm::Value *V);

  const llvm::Function &F;
  const ModuleNumbering *Shared;
  std::unique_ptr<llvm::ModuleSlotTracker> Slots;
};

} // namespace xwarp::passes

#endif
