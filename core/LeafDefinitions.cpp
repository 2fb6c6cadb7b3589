//===- core/LeafDefinitions.cpp -------------------------------------------===//
#include "core/LeafDefinitions.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;
using xwarp::model::LeafDef;

namespace xwarp::core {

static LeafDef binaryDefinition(unsigned Opcode) {
  switch (Opcode) {
  case Instruction::And: return LeafDef::And;
  case Instruction::Or: return LeafDef::Or;
  case Instruction::Xor: return LeafDef::Xor;
  case Instruction::LShr: return LeafDef::LShr;
  case Instruction::AShr: return LeafDef::AShr;
  case Instruction::Shl: return LeafDef::Shl;
  case Instruction::UDiv: return LeafDef::UDiv;
  case Instruction::URem: return LeafDef::URem;
  case Instruction::SDiv: return LeafDef::SDiv;
  case Instruction::SRem: return LeafDef::SRem;
  default: return LeafDef::None;
  }
}

/// A comparison's definition, and whether its operands are swapped.
static std::optional<std::pair<LeafDef, bool>> comparisonDefinition(CmpInst::Predicate P) {
  switch (P) {
  case CmpInst::ICMP_EQ: return std::make_pair(LeafDef::CmpEQ, false);
  case CmpInst::ICMP_NE: return std::make_pair(LeafDef::CmpNE, false);
  case CmpInst::ICMP_ULT: return std::make_pair(LeafDef::CmpULT, false);
  case CmpInst::ICMP_ULE: return std::make_pair(LeafDef::CmpULE, false);
  case CmpInst::ICMP_UGT: return std::make_pair(LeafDef::CmpULT, true);
  case CmpInst::ICMP_UGE: return std::make_pair(LeafDef::CmpULE, true);
  case CmpInst::ICMP_SLT: return std::make_pair(LeafDef::CmpSLT, false);
  case CmpInst::ICMP_SLE: return std::make_pair(LeafDef::CmpSLE, false);
  case CmpInst::ICMP_SGT: return std::make_pair(LeafDef::CmpSLT, true);
  case CmpInst::ICMP_SGE: return std::make_pair(LeafDef::CmpSLE, true);
  default: return std::nullopt;
  }
}

std::optional<LeafDefinition> leafDefinitionOf(const Value &V, unsigned Width) {
  LeafDefinition D;
  if (auto *BO = dyn_cast<BinaryOperator>(&V); BO && BO->getType()->isIntegerTy(Width)) {
    D.Op = binaryDefinition(BO->getOpcode());
    D.Operands = {BO->getOperand(0), BO->getOperand(1)};
  } else if (auto *Cmp = dyn_cast<ICmpInst>(&V); Cmp && Width == 1 && Cmp->getType()->isIntegerTy(1)) {
    if (std::optional<std::pair<LeafDef, bool>> C = comparisonDefinition(Cmp->getPredicate())) {
      D.Op = C->first;
      D.Operands = {Cmp->getOperand(C->second ? 1 : 0), Cmp->getOperand(C->second ? 0 : 1)};
    }
  } else if (auto *Sel = dyn_cast<SelectInst>(&V);
             Sel && Sel->getCondition()->getType()->isIntegerTy(1) && Sel->getType()->isIntegerTy(Width)) {
    D.Op = LeafDef::Select;
    D.Operands = {Sel->getCondition(), Sel->getTrueValue(), Sel->getFalseValue()};
  }
  if (D.Op == LeafDef::None)
    return std::nullopt;
  return D;
}

} // namespace xwarp::core
