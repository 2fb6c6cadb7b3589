//===- passes/IRText.h - IR values and blocks as remarks and reports print them -===//
#ifndef XWARP_PASSES_IRTEXT_H
#define XWARP_PASSES_IRTEXT_H

#include <string>

namespace llvm {
class BasicBlock;
class Value;
} // namespace llvm

namespace xwarp::passes {

/// An instruction as printed IR ("%5 = add i32 %3, %4"), any other value as
/// an operand ("%0", "@g").
std::string irText(const llvm::Value *V);

/// V as an operand, without its type ("%5", "@g", "42").
std::string operandText(const llvm::Value *V);

/// "%entry", or "%7" for an unnamed block.
std::string blockName(const llvm::BasicBlock *BB);

} // namespace xwarp::passes

#endif
