//===- core/AddressArithmetic.h - Counting address arithmetic ---------------===//
#ifndef XWARP_CORE_ADDRESSARITHMETIC_H
#define XWARP_CORE_ADDRESSARITHMETIC_H

namespace llvm {
class Function;
}

namespace xwarp::core {

/// The number of instructions that compute addresses: GEPs and the integer
/// add/sub/mul/shl/or/sext/zext/trunc instructions whose results flow, through
/// such instructions only, into the pointer operand of a memory operation.
/// ThroughPhis: through phis as well (phis are not counted), so that an
/// index computed before a join, as GVN's PRE leaves it, counts too.
unsigned countAddressInstructions(const llvm::Function &F, bool ThroughPhis = false);

} // namespace xwarp::core

#endif
