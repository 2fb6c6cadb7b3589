//===- core/AddressArithmetic.cpp -----------------------------------------===//
#include "core/AddressArithmetic.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace xwarp::core {

static bool isAddressArithmetic(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::GetElementPtr:
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
  case Instruction::Or:
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
  case Instruction::AddrSpaceCast:
    return true;
  default:
    return false;
  }
}

static const Value *addressOperand(const Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->getPointerOperand();
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->getPointerOperand();
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return A->getPointerOperand();
  if (auto *C = dyn_cast<AtomicCmpXchgInst>(&I))
    return C->getPointerOperand();
  if (auto *M = dyn_cast<MemIntrinsic>(&I))
    return M->getRawDest();
  return nullptr;
}

unsigned countAddressInstructions(const Function &F, bool ThroughPhis) {
  SmallPtrSet<const Instruction *, 32> Seen;
  SmallPtrSet<const PHINode *, 8> SeenPhis;
  SmallVector<const Value *, 32> Work;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const Value *P = addressOperand(I))
        Work.push_back(P);
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (auto *Phi = dyn_cast_or_null<PHINode>(I); Phi && ThroughPhis) {
      if (SeenPhis.insert(Phi).second)
        Work.append(Phi->op_begin(), Phi->op_end());
      continue;
    }
    if (!I || !isAddressArithmetic(*I) || !Seen.insert(I).second)
      continue;
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return Seen.size();
}

} // namespace xwarp::core
