//===- passes/IRText.cpp --------------------------------------------------===//
#include "passes/IRText.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::passes {

std::string irText(const Value *V) {
  if (!isa<Instruction>(V))
    return operandText(V);
  std::string S;
  raw_string_ostream OS(S);
  V->print(OS);
  size_t First = S.find_first_not_of(' ');
  return First == std::string::npos ? S : S.substr(First);
}

std::string operandText(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, /*PrintType=*/false);
  return S;
}

std::string blockName(const BasicBlock *BB) { return operandText(BB); }

} // namespace xwarp::passes
