//===- passes/IRText.h - IR values and blocks as remarks and reports print them -===//
//
// Printing one value with Value::print numbers every unnamed value of its
// function first; a pass that prints an address for each rewrite would make
// its report quadratic in the function's size. IRPrinter numbers the function
// once, when it is made or told to renumber: the numbers are those of the IR
// at that point. They stay right for every value that existed then, and for
// every value made since that has a name (the passes name all they create);
// a value with neither is printed the slow way, numbered afresh.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_PASSES_IRTEXT_H
#define XWARP_PASSES_IRTEXT_H

#include "llvm/IR/ModuleSlotTracker.h"

#include <memory>
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class Value;
} // namespace llvm

namespace xwarp::passes {

class IRPrinter {
public:
  explicit IRPrinter(const llvm::Function &F);

  /// Numbers the function again, as it stands now.
  void renumber();

  /// An instruction as printed IR ("%5 = add i32 %3, %4"), any other value
  /// as an operand ("%0", "@g").
  std::string text(const llvm::Value *V);
  /// V as an operand, without its type ("%5", "@g", "42").
  std::string operand(const llvm::Value *V);
  /// "%entry", or "%7" for an unnamed block.
  std::string block(const llvm::BasicBlock *BB);

private:
  /// Whether the numbering made at construction can print V (and, for an
  /// instruction, its operands).
  bool numbered(const llvm::Value *V);

  const llvm::Function &F;
  std::unique_ptr<llvm::ModuleSlotTracker> Slots;
};

} // namespace xwarp::passes

#endif
