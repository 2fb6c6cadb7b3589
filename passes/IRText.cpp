//===- passes/IRText.cpp --------------------------------------------------===//
#include "passes/IRText.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace xwarp::passes {

AnalysisKey ModuleNumberingAnalysis::Key;

ModuleNumberingAnalysis::Result ModuleNumberingAnalysis::run(Module &M, ModuleAnalysisManager &) {
  return {std::make_unique<ModuleSlotTracker>(&M, /*ShouldInitializeAllMetadata=*/false)};
}

IRPrinter::IRPrinter(const Function &F, const ModuleNumbering *Shared) : F(F), Shared(Shared) {}

void IRPrinter::renumber() { Slots.reset(); }

ModuleSlotTracker &IRPrinter::slots() {
  if (!Slots) {
    const Module *M = F.getParent();
    const Function *Other = nullptr;
    for (const Function &G : *M)
      if (&G != &F) {
        Other = &G;
        break;
      }
    if (Shared && Other) {
      // A view of the module's numbering that takes itself to hold another
      // function: incorporating F first drops what the shared numbering
      // holds of any function (F as it was, too), then numbers F.
      Slots = std::make_unique<ModuleSlotTracker>(*Shared->Slots->getMachine(), M, Other);
    } else {
      // Metadata numbered as Value::print numbers it for such an
      // instruction (and without a walk over the whole module's metadata).
      // A numbering walks every function of the module once, so it is made
      // only when something is printed.
      Slots = std::make_unique<ModuleSlotTracker>(M, /*ShouldInitializeAllMetadata=*/false);
    }
    Slots->incorporateFunction(F);
  }
  return *Slots;
}

bool IRPrinter::numbered(const Value *V) {
  auto Local = [&](const Value *X) {
    return !X->hasName() && (isa<Instruction>(X) || isa<Argument>(X) || isa<BasicBlock>(X));
  };
  auto Known = [&](const Value *X) {
    return !Local(X) || (X->getType()->isVoidTy() && isa<Instruction>(X)) || slots().getLocalSlot(X) >= 0;
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
  if (numbered(V)) {
    // Value::print walks every global object of the instruction's module
    // (for comdats) at each call: a copy outside the function prints the
    // same text without that walk, but not its result's name. That is V's:
    // the copy may even sit where a deleted instruction the numbering still
    // holds did, and print its number.
    Instruction *Copy = cast<Instruction>(V)->clone();
    Copy->dropUnknownNonDebugMetadata();
    Copy->setDebugLoc(DebugLoc());
    Copy->print(OS, slots());
    Copy->deleteValue();
    if (size_t At = S.find(" = "); !V->getType()->isVoidTy() && At != std::string::npos)
      S = operand(V) + S.substr(At);
  } else {
    V->print(OS);
  }
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
    V->printAsOperand(OS, /*PrintType=*/false, slots());
  else
    V->printAsOperand(OS, /*PrintType=*/false);
  return S;
}

std::string IRPrinter::block(const BasicBlock *BB) { return operand(BB); }

} // namespace xwarp::passes
