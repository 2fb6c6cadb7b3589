//===- passes/IRText.cpp --------------------------------------------------===//
#include "passes/IRText.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::passes {

IRPrinter::IRPrinter(const Function &F) : F(F) { renumber(); }

void IRPrinter::renumber() {
  // Metadata numbered as Value::print numbers it for such an instruction (and
  // without a walk over the whole module's metadata at each renumbering).
  Slots = std::make_unique<ModuleSlotTracker>(F.getParent(), /*ShouldInitializeAllMetadata=*/false);
  Slots->incorporateFunction(F);
}

bool IRPrinter::numbered(const Value *V) {
  auto Local = [&](const Value *X) {
    return !X->hasName() && (isa<Instruction>(X) || isa<Argument>(X) || isa<BasicBlock>(X));
  };
  auto Known = [&](const Value *X) {
    return !Local(X) || (X->getType()->isVoidTy() && isa<Instruction>(X)) || Slots->getLocalSlot(X) >= 0;
  };
  if (!Known(V))
    return false;
  if (auto *I = dyn_cast<Instruction>(V))
    for (const Value *Op : I->operands())
      if (!Known(Op))
        return false;
  return true;
}

std::string IRPrinter::text(const Value *V) {
  if (!isa<Instruction>(V))
    return operand(V);
  std::string S;
  raw_string_ostream OS(S);
  if (numbered(V))
    V->print(OS, *Slots);
  else
    V->print(OS);
  // The metadata attachments (`, !dbg !38`, each `, !kind !node` at the
  // end) name nodes the reader does not see; the report gives the source
  // location apart.
  for (size_t At; (At = S.rfind(", !")) != std::string::npos &&
                  S.find(',', At + 1) == std::string::npos && S.find(" !", At + 3) != std::string::npos;)
    S.resize(At);
  size_t First = S.find_first_not_of(' ');
  return First == std::string::npos ? S : S.substr(First);
}

std::string IRPrinter::operand(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  if (numbered(V))
    V->printAsOperand(OS, /*PrintType=*/false, *Slots);
  else
    V->printAsOperand(OS, /*PrintType=*/false);
  return S;
}

std::string IRPrinter::block(const BasicBlock *BB) { return operand(BB); }

} // namespace xwarp::passes
