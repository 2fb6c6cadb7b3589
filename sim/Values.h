//===- sim/Values.h - How the interpreter holds a value -------------------===//
//
// Every value is a 64-bit word: an integer of at most 64 bits (zero-extended),
// a floating-point value's bits (half, bfloat, float or double; computed
// through a double), or a pointer as (object, offset) (Memory.h).
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_SIM_VALUES_H
#define XWARP_SIM_VALUES_H

#include "llvm/ADT/bit.h"
#include "llvm/IR/InstrTypes.h"

#include <cstdint>

namespace llvm {
class DataLayout;
class Type;
} // namespace llvm

namespace xwarp::sim {

/// The low W bits.
uint64_t mask(unsigned W);
/// V's low W bits, sign-extended.
int64_t signExtend(uint64_t V, unsigned W);
/// Whether values of floating-point type T are modelled: half, bfloat,
/// float and double (each exact in a double).
bool isModelledFp(llvm::Type *T);
/// A floating-point value of type T as a double, and back (rounded to
/// nearest, ties to even). Half and bfloat arithmetic done in double and
/// rounded once is exact: a double holds more than twice their precision.
double toDouble(llvm::Type *T, uint64_t V);
uint64_t fromDouble(llvm::Type *T, double D);
/// Integer V as a value of floating-point type T, in one rounding (through
/// a double, a 64-bit integer would round twice on its way to a float).
template <typename Int> uint64_t intToFp(llvm::Type *T, Int V) {
  return T->isFloatTy() ? llvm::bit_cast<uint32_t>(static_cast<float>(V)) : fromDouble(T, static_cast<double>(V));
}
/// Bits of a value of type T. A pointer is (object, offset) in 64 bits
/// whatever its size in the DataLayout (a 32-bit shared pointer included).
unsigned widthOf(llvm::Type *T);
/// Pointer P moved by Delta bytes: the offset wraps as the pointer's own
/// index arithmetic does (modulo 2^32 for a 32-bit pointer), and never
/// spills into the object's bits.
uint64_t movePointer(const llvm::DataLayout &DL, llvm::Type *PtrTy, uint64_t P, uint64_t Delta);
/// An integer comparison of W-bit values, or a floating-point one of type T.
bool compare(llvm::CmpInst::Predicate P, uint64_t A, uint64_t B, unsigned W, llvm::Type *T);

} // namespace xwarp::sim

#endif
