//===- sim/ExecutorIntrinsics.cpp - The calls the interpreter knows -------===//
//
// Special registers, integer and math intrinsics: Executor::intrinsic.
//
//===----------------------------------------------------------------------===//
#include "sim/Executor.h"
#include "sim/Values.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/IR/InstrTypes.h"

#include <cmath>

using namespace llvm;

namespace xwarp::sim {

bool Executor::intrinsic(ThreadState &T, const CallBase &C, StringRef Name, uint64_t &Out, bool &HasValue) {
  HasValue = !C.getType()->isVoidTy();
  auto Arg = [&](unsigned K) { return value(T, C.getArgOperand(K)); };
  auto Dim = [](StringRef N) { return N.ends_with(".x") ? 0 : N.ends_with(".y") ? 1 : 2; };
  if (Name.consume_front("llvm.nvvm.read.ptx.sreg.")) {
    unsigned Linear = T.Tid[0] + Env.BlockDim[0] * (T.Tid[1] + Env.BlockDim[1] * T.Tid[2]);
    if (Name.starts_with("tid."))
      Out = T.Tid[Dim(Name)];
    else if (Name.starts_with("ntid."))
      Out = Env.BlockDim[Dim(Name)];
    else if (Name.starts_with("ctaid."))
      Out = 0;
    else if (Name.starts_with("nctaid."))
      Out = 1;
    else if (Name == "laneid")
      Out = Linear % 32;
    else if (Name == "warpid")
      Out = Linear / 32;
    else if (Name == "warpsize")
      Out = 32;
    else
      return fail(T, ("special register not modelled: " + Name).str());
    return true;
  }
  if (Name.starts_with("llvm.nvvm.membar") || Name.starts_with("llvm.nvvm.fence") ||
      Name.starts_with("llvm.lifetime") || Name.starts_with("llvm.assume") ||
      Name.starts_with("llvm.dbg") || Name.starts_with("llvm.experimental.noalias") ||
      Name.starts_with("llvm.invariant"))
    return true;
  if (Name.starts_with("llvm.memcpy.") || Name.starts_with("llvm.memmove.") || Name.starts_with("llvm.memset."))
    return memoryIntrinsic(T, C, Name.starts_with("llvm.memset."));
  Type *Ty = C.getType();
  unsigned W = HasValue ? widthOf(Ty) : 0;
  if (Name.starts_with("llvm.smin.") || Name.starts_with("llvm.smax.")) {
    int64_t A = signExtend(Arg(0), W), B = signExtend(Arg(1), W);
    Out = static_cast<uint64_t>(Name.starts_with("llvm.smin.") ? std::min(A, B) : std::max(A, B)) & mask(W);
    return true;
  }
  if (Name.starts_with("llvm.umin."))
    return Out = std::min(Arg(0), Arg(1)), true;
  if (Name.starts_with("llvm.umax."))
    return Out = std::max(Arg(0), Arg(1)), true;
  if (Name.starts_with("llvm.abs."))
    // In unsigned arithmetic: abs(INT_MIN) is INT_MIN (or poison), not host UB.
    return Out = (signExtend(Arg(0), W) < 0 ? 0 - Arg(0) : Arg(0)) & mask(W), true;
  if (Name.starts_with("llvm.ctpop."))
    return Out = static_cast<uint64_t>(__builtin_popcountll(Arg(0))), true;
  auto Float1 = [&](double (*Fn)(double)) { Out = fromDouble(Ty, Fn(toDouble(Ty, Arg(0)))); return true; };
  if (Name.starts_with("llvm.sqrt.") || Name.starts_with("llvm.nvvm.sqrt"))
    return Float1([](double X) { return std::sqrt(X); });
  if (Name.starts_with("llvm.fabs."))
    return Float1([](double X) { return std::fabs(X); });
  if (Name.starts_with("llvm.fma.") || Name.starts_with("llvm.fmuladd.")) {
    // Fused, as the GPU computes fmuladd too: one rounding, in the type's own
    // precision (a double's product rounded to float would round twice).
    if (Ty->isFloatTy())
      Out = llvm::bit_cast<uint32_t>(std::fma(llvm::bit_cast<float>(static_cast<uint32_t>(Arg(0))),
                                              llvm::bit_cast<float>(static_cast<uint32_t>(Arg(1))),
                                              llvm::bit_cast<float>(static_cast<uint32_t>(Arg(2)))));
    else if (Ty->isDoubleTy())
      Out = llvm::bit_cast<uint64_t>(std::fma(toDouble(Ty, Arg(0)), toDouble(Ty, Arg(1)), toDouble(Ty, Arg(2))));
    else {
      APFloat A(Ty->getFltSemantics(), APInt(W, Arg(0)));
      A.fusedMultiplyAdd(APFloat(Ty->getFltSemantics(), APInt(W, Arg(1))),
                         APFloat(Ty->getFltSemantics(), APInt(W, Arg(2))), APFloat::rmNearestTiesToEven);
      Out = A.bitcastToAPInt().getZExtValue();
    }
    return true;
  }
  if (Name.starts_with("llvm.minnum.") || Name.starts_with("llvm.maxnum.")) {
    double A = toDouble(Ty, Arg(0)), B = toDouble(Ty, Arg(1));
    Out = fromDouble(Ty, Name.starts_with("llvm.minnum.") ? std::fmin(A, B) : std::fmax(A, B));
    return true;
  }
  return fail(T, ("call not modelled: " + Name).str());
}

} // namespace xwarp::sim
