//===- passes/DeadInstructions.cpp ----------------------------------------===//
#include "passes/DeadInstructions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace xwarp::passes {

std::vector<Instruction *> growDeadSet(ArrayRef<Instruction *> Roots, SmallPtrSetImpl<Instruction *> &Dead,
                                       const Instruction *Keep) {
  std::vector<Instruction *> Visited;
  SmallPtrSet<Instruction *, 32> Seen;
  for (Instruction *I : Roots)
    if (Seen.insert(I).second)
      Visited.push_back(I);
  // Sweeps until one adds nothing: an instruction with two dying users is
  // only seen dead after the second of them.
  bool Grew = true;
  while (Grew) {
    Grew = false;
    for (size_t K = 0; K < Visited.size(); ++K) {
      Instruction *I = Visited[K];
      if (I == Keep || Dead.contains(I) || !wouldInstructionBeTriviallyDead(I))
        continue;
      if (!all_of(I->users(), [&](User *U) { return Dead.contains(cast<Instruction>(U)); }))
        continue;
      Dead.insert(I);
      Grew = true;
      for (Value *Op : I->operands())
        if (auto *OI = dyn_cast<Instruction>(Op); OI && Seen.insert(OI).second)
          Visited.push_back(OI);
    }
  }
  return Visited;
}

unsigned deadWithReplaced(Instruction *P, const Instruction *Kept, SmallPtrSetImpl<Instruction *> &Dead) {
  if (Dead.contains(P) || P == Kept || !wouldInstructionBeTriviallyDead(P))
    return 0;
  size_t Before = Dead.size();
  Dead.insert(P);
  SmallVector<Instruction *, 4> Operands;
  for (Value *Op : P->operands())
    if (auto *OI = dyn_cast<Instruction>(Op))
      Operands.push_back(OI);
  growDeadSet(Operands, Dead, Kept);
  return static_cast<unsigned>(Dead.size() - Before);
}

} // namespace xwarp::passes
