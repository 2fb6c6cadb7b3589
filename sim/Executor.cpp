//===- sim/Executor.cpp ---------------------------------------------------===//
#include "sim/Executor.h"
#include "sim/Values.h"

#include "llvm/ADT/bit.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <cmath>
#include <cstring>

using namespace llvm;

namespace xwarp::sim {

namespace {
constexpr const char *WideInteger = "an integer wider than 64 bits (not modelled)";
constexpr const char *TooManyObjects = "more than 65535 objects, allocas never freed (not modelled)";
/// A strong access in PTX's memory model: atomic, or volatile (which PTX
/// treats as relaxed at system scope; CUDA code polls flags with it).
/// Strong accesses do not race with one another.
template <typename MemInst> bool isStrong(const MemInst &I) { return I.isAtomic() || I.isVolatile(); }
} // namespace

bool isCtaBarrier(StringRef Name) {
  return Name == "llvm.nvvm.barrier0" || Name.starts_with("llvm.nvvm.barrier0.") ||
         Name == "llvm.nvvm.barrier.sync" || Name == "llvm.nvvm.bar.sync" ||
         Name == "llvm.nvvm.barrier.sync.aligned" || Name == "llvm.nvvm.barrier" ||
         Name == "llvm.nvvm.barrier.sync.cnt" || Name == "llvm.nvvm.barrier.n";
}

bool isCollective(StringRef Name) {
  return Name.starts_with("llvm.nvvm.shfl.sync.") || Name.starts_with("llvm.nvvm.vote.") ||
         Name == "llvm.nvvm.bar.warp.sync";
}

bool Executor::fail(ThreadState &T, const std::string &Why) {
  if (Error.empty())
    Error = "thread " + std::to_string(T.Id) + ": " + Why;
  T.Waiting = Wait::Failed;
  return false;
}

uint64_t Executor::constant(const Value *V) {
  if (auto *CI = dyn_cast<ConstantInt>(V)) {
    if (CI->getBitWidth() <= 64)
      return CI->getValue().getZExtValue() & mask(CI->getBitWidth());
    if (Error.empty())
      Error = WideInteger;
    return 0;
  }
  if (auto *CF = dyn_cast<ConstantFP>(V))
    return CF->getValueAPF().bitcastToAPInt().getZExtValue();
  if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V) || isa<ConstantAggregateZero>(V))
    return 0;
  if (auto *GV = dyn_cast<GlobalValue>(V)) {
    auto It = Env.Globals.find(GV);
    return It == Env.Globals.end() ? 0 : makePointer(It->second, 0);
  }
  if (auto *CE = dyn_cast<ConstantExpr>(V)) {
    switch (CE->getOpcode()) {
    case Instruction::GetElementPtr: {
      uint64_t Base = constant(CE->getOperand(0));
      APInt Off(DL.getIndexTypeSizeInBits(CE->getType()), 0);
      if (cast<GEPOperator>(CE)->accumulateConstantOffset(DL, Off))
        return movePointer(DL, CE->getType(), Base, static_cast<uint64_t>(Off.getSExtValue()));
      return Base;
    }
    case Instruction::AddrSpaceCast:
    case Instruction::BitCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr:
      return constant(CE->getOperand(0)) & mask(widthOf(CE->getType()));
    default:
      break;
    }
  }
  if (Error.empty())
    Error = "constant not modelled";
  return 0;
}

void Executor::initialize(const Constant *C, std::vector<uint8_t> &Out, uint64_t At) {
  auto Put = [&](const APInt &Bits, uint64_t Bytes) {
    for (uint64_t K = 0; K < Bytes && At + K < Out.size(); ++K)
      Out[At + K] = static_cast<uint8_t>(Bits.extractBitsAsZExtValue(8, 8 * K));
  };
  if (isa<UndefValue>(C) || isa<ConstantAggregateZero>(C) || isa<ConstantPointerNull>(C))
    return; // the object starts as zeros
  if (auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
    StringRef Raw = CDS->getRawDataValues();
    for (size_t K = 0; K < Raw.size() && At + K < Out.size(); ++K)
      Out[At + K] = static_cast<uint8_t>(Raw[K]);
    return;
  }
  if (auto *CS = dyn_cast<ConstantStruct>(C)) {
    const StructLayout *SL = DL.getStructLayout(CS->getType());
    for (unsigned K = 0; K < CS->getNumOperands(); ++K)
      initialize(CS->getOperand(K), Out, At + SL->getElementOffset(K));
    return;
  }
  if (isa<ConstantArray, ConstantVector>(C)) {
    Type *Elem = isa<ConstantArray>(C) ? cast<ArrayType>(C->getType())->getElementType()
                                       : cast<VectorType>(C->getType())->getElementType();
    uint64_t Stride = DL.getTypeAllocSize(Elem);
    for (unsigned K = 0; K < C->getNumOperands(); ++K)
      initialize(cast<Constant>(C->getOperand(K)), Out, At + K * Stride);
    return;
  }
  uint64_t Bytes = DL.getTypeStoreSize(C->getType());
  if (auto *CI = dyn_cast<ConstantInt>(C))
    return Put(CI->getValue().zext(8 * Bytes), Bytes);
  if (auto *CF = dyn_cast<ConstantFP>(C))
    return Put(CF->getValueAPF().bitcastToAPInt().zext(8 * Bytes), Bytes);
  // A pointer (a global, a constant expression): as a store writes it.
  Put(APInt(64, constant(C)), std::min<uint64_t>(Bytes, 8));
}

uint64_t Executor::value(ThreadState &T, const Value *V) {
  if (isa<Constant>(V))
    return constant(V);
  return T.Stack.back().Vals.lookup(V);
}

void Executor::start(ThreadState &T, const Function &Kernel, const std::vector<uint64_t> &Args) {
  Frame F;
  F.F = &Kernel;
  for (const Argument &A : Kernel.args()) {
    if (A.getType()->isIntegerTy() && A.getType()->getIntegerBitWidth() > 64)
      fail(T, WideInteger);
    F.Vals[&A] = A.getArgNo() < Args.size() ? Args[A.getArgNo()] : 0;
    if (A.hasByValAttr())
      F.Vals[&A] = byValCopy(T, A, F.Vals[&A], nullptr);
  }
  T.Stack.push_back(std::move(F));
  enter(T, &Kernel.getEntryBlock(), nullptr);
}

uint64_t Executor::byValCopy(ThreadState &T, const Argument &A, uint64_t From, const Instruction *Call) {
  uint64_t Bytes = DL.getTypeAllocSize(A.getParamByValType());
  unsigned O = objectOf(From);
  if (!O || O >= Mem.objectCount() || offsetOf(From) + Bytes > Mem.bytes(O).size()) {
    fail(T, "a byval argument out of its object's bounds");
    return 0;
  }
  if (Mem.full()) {
    fail(T, TooManyObjects);
    return 0;
  }
  // The call reads the bytes it copies (a kernel's parameters are read-only).
  if (Call && Bytes)
    Mem.record(From, static_cast<unsigned>(Bytes), /*Write=*/false, /*Atomic=*/false, T.Id, Env.Epoch,
               Env.WarpEpochs[T.Id / 32], Call);
  if (std::optional<std::string> E = Mem.foreignLocal(From, T.Id)) {
    fail(T, *E);
    return 0;
  }
  unsigned Copy = Mem.allocate(Space::Local, Bytes, "byval " + A.getName().str(), T.Id);
  const std::vector<uint8_t> &Src = Mem.bytes(O);
  std::copy_n(Src.begin() + offsetOf(From), Bytes, Mem.bytes(Copy).begin());
  return makePointer(Copy, 0);
}

void Executor::enter(ThreadState &T, const BasicBlock *To, const BasicBlock *From) {
  Frame &Fr = T.Stack.back();
  // PHIs read their incoming values all before any is written.
  std::vector<std::pair<const PHINode *, uint64_t>> In;
  for (const PHINode &P : To->phis())
    In.push_back({&P, value(T, P.getIncomingValueForBlock(From))});
  for (auto [P, V] : In)
    Fr.Vals[P] = V;
  Fr.BB = To;
  Fr.It = To->getFirstNonPHIIt();
}

void Executor::run(ThreadState &T, unsigned N) {
  for (unsigned K = 0; K < N && T.Waiting == Wait::None; ++K)
    if (!step(T))
      break;
}

void Executor::resume(ThreadState &T, uint64_t Result) {
  Frame &Fr = T.Stack.back();
  if (T.At && !T.At->getType()->isVoidTy())
    Fr.Vals[T.At] = Result;
  ++Fr.It;
  T.Waiting = Wait::None;
  T.At = nullptr;
}

bool Executor::memoryOp(ThreadState &T, const Instruction &I) {
  Frame &Fr = T.Stack.back();
  auto Access = [&](uint64_t P, Type *Ty, bool Write, bool Atomic) -> std::optional<unsigned> {
    uint64_t Size = DL.getTypeStoreSize(Ty);
    if (Size > 8 || Ty->isVectorTy() || Ty->isAggregateType()) {
      fail(T, "a memory access of a type not modelled");
      return std::nullopt;
    }
    if (std::optional<std::string> E = Mem.foreignLocal(P, T.Id)) {
      fail(T, *E);
      return std::nullopt;
    }
    Mem.record(P, static_cast<unsigned>(Size), Write, Atomic, T.Id, Env.Epoch, Env.WarpEpochs[T.Id / 32], &I);
    return static_cast<unsigned>(Size);
  };
  auto Check = [&](std::optional<std::string> E) {
    if (E)
      fail(T, *E);
    return !E;
  };
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    uint64_t P = value(T, L->getPointerOperand()), V = 0;
    std::optional<unsigned> Size = Access(P, L->getType(), false, isStrong(*L));
    if (!Size || !Check(Mem.read(P, *Size, V)))
      return false;
    Fr.Vals[L] = V & mask(widthOf(L->getType()));
    return true;
  }
  if (auto *S = dyn_cast<StoreInst>(&I)) {
    uint64_t P = value(T, S->getPointerOperand());
    std::optional<unsigned> Size = Access(P, S->getValueOperand()->getType(), true, isStrong(*S));
    return Size && Check(Mem.write(P, *Size, value(T, S->getValueOperand())));
  }
  if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    uint64_t P = value(T, A->getPointerOperand()), Old = 0, V = value(T, A->getValOperand());
    Type *Ty = A->getType();
    std::optional<unsigned> Size = Access(P, Ty, true, true);
    if (!Size || !Check(Mem.read(P, *Size, Old)))
      return false;
    unsigned W = widthOf(Ty);
    uint64_t New;
    switch (A->getOperation()) {
    case AtomicRMWInst::Xchg: New = V; break;
    case AtomicRMWInst::Add: New = Old + V; break;
    case AtomicRMWInst::Sub: New = Old - V; break;
    case AtomicRMWInst::And: New = Old & V; break;
    case AtomicRMWInst::Nand: New = ~(Old & V); break;
    case AtomicRMWInst::Or: New = Old | V; break;
    case AtomicRMWInst::Xor: New = Old ^ V; break;
    case AtomicRMWInst::Max: New = signExtend(Old, W) > signExtend(V, W) ? Old : V; break;
    case AtomicRMWInst::Min: New = signExtend(Old, W) < signExtend(V, W) ? Old : V; break;
    case AtomicRMWInst::UMax: New = std::max(Old, V); break;
    case AtomicRMWInst::UMin: New = std::min(Old, V); break;
    case AtomicRMWInst::UIncWrap: New = Old >= V ? 0 : Old + 1; break;
    case AtomicRMWInst::UDecWrap: New = (Old == 0 || Old > V) ? V : Old - 1; break;
    case AtomicRMWInst::FAdd: New = fromDouble(Ty, toDouble(Ty, Old) + toDouble(Ty, V)); break;
    case AtomicRMWInst::FSub: New = fromDouble(Ty, toDouble(Ty, Old) - toDouble(Ty, V)); break;
    default:
      return fail(T, "an atomic operation not modelled");
    }
    Fr.Vals[A] = Old;
    return Check(Mem.write(P, *Size, New & mask(W)));
  }
  auto *X = cast<AtomicCmpXchgInst>(&I);
  uint64_t P = value(T, X->getPointerOperand()), Old = 0;
  std::optional<unsigned> Size = Access(P, X->getCompareOperand()->getType(), true, true);
  if (!Size || !Check(Mem.read(P, *Size, Old)))
    return false;
  bool Swap = Old == value(T, X->getCompareOperand());
  Fr.Vals[X] = Old;
  T.Flags[X] = Swap;
  return !Swap || Check(Mem.write(P, *Size, value(T, X->getNewValOperand())));
}

bool Executor::memoryIntrinsic(ThreadState &T, const CallBase &C, bool Set) {
  // Byte by byte, each byte an access of the call: the source is read whole
  // before the destination is written, which is memmove's meaning and, for
  // the disjoint operands memcpy requires, memcpy's.
  uint64_t Dst = value(T, C.getArgOperand(0)), Len = value(T, C.getArgOperand(2));
  if (Len > (uint64_t(1) << 24))
    return fail(T, "a memory intrinsic of " + std::to_string(Len) + " bytes (more than 16 MiB)");
  uint64_t Source = value(T, C.getArgOperand(1)); // memset: the byte
  std::vector<uint8_t> Bytes(Len, static_cast<uint8_t>(Set ? Source : 0));
  const auto *I = cast<Instruction>(&C);
  unsigned Epoch = Env.Epoch, WarpEpoch = Env.WarpEpochs[T.Id / 32];
  if (!Set)
    for (uint64_t K = 0; K < Len; ++K) {
      uint64_t Src = movePointer(DL, C.getArgOperand(1)->getType(), Source, K), Byte = 0;
      if (std::optional<std::string> E = Mem.foreignLocal(Src, T.Id))
        return fail(T, *E);
      Mem.record(Src, 1, /*Write=*/false, /*Atomic=*/false, T.Id, Epoch, WarpEpoch, I);
      if (std::optional<std::string> E = Mem.read(Src, 1, Byte))
        return fail(T, *E);
      Bytes[K] = static_cast<uint8_t>(Byte);
    }
  for (uint64_t K = 0; K < Len; ++K) {
    uint64_t To = movePointer(DL, C.getArgOperand(0)->getType(), Dst, K);
    if (std::optional<std::string> E = Mem.foreignLocal(To, T.Id))
      return fail(T, *E);
    Mem.record(To, 1, /*Write=*/true, /*Atomic=*/false, T.Id, Epoch, WarpEpoch, I);
    if (std::optional<std::string> E = Mem.write(To, 1, Bytes[K]))
      return fail(T, *E);
  }
  return true;
}

bool Executor::call(ThreadState &T, const CallBase &C) {
  const Function *Callee = C.getCalledFunction();
  if (!Callee)
    return fail(T, C.isInlineAsm() ? "inline asm not modelled" : "indirect call not modelled");
  StringRef Name = Callee->getName();
  if (isCtaBarrier(Name) || isCollective(Name)) {
    T.Waiting = isCtaBarrier(Name) ? Wait::Barrier : Wait::Collective;
    T.At = &C;
    return false;
  }
  if (Name == "llvm.nvvm.exit") {
    T.Waiting = Wait::Done;
    return false;
  }
  if (Name == "llvm.trap")
    return fail(T, "trap");
  if (Callee->isDeclaration()) {
    uint64_t Out = 0;
    bool HasValue = false;
    if (!intrinsic(T, C, Name, Out, HasValue))
      return false;
    if (HasValue)
      T.Stack.back().Vals[&C] = Out & mask(widthOf(C.getType()));
    ++T.Stack.back().It;
    return true;
  }
  if (T.Stack.size() > 64)
    return fail(T, "call depth over 64");
  Frame F;
  F.F = Callee;
  F.Call = &C;
  for (const Argument &A : Callee->args()) {
    F.Vals[&A] = value(T, C.getArgOperand(A.getArgNo()));
    if (A.hasByValAttr())
      F.Vals[&A] = byValCopy(T, A, F.Vals[&A], &C);
  }
  if (T.Waiting == Wait::Failed)
    return false;
  T.Stack.push_back(std::move(F));
  enter(T, &Callee->getEntryBlock(), nullptr);
  return true;
}

bool Executor::step(ThreadState &T) {
  Frame &Fr = T.Stack.back();
  if (Fr.It == Fr.BB->end())
    return fail(T, "a block without terminator");
  if (++Env.Steps > Env.MaxSteps)
    return fail(T, "step limit reached (" + std::to_string(Env.MaxSteps) + " instructions)");
  const Instruction &I = *Fr.It;
  Type *Ty = I.getType();
  unsigned W = Ty->isIntegerTy() || Ty->isPointerTy() || isModelledFp(Ty) ? widthOf(Ty) : 0;
  auto Op = [&](unsigned K) { return value(T, I.getOperand(K)); };
  auto Set = [&](uint64_t V) {
    Fr.Vals[&I] = V & mask(W);
    ++Fr.It;
    return true;
  };
  if (!Ty->isVoidTy() && !W && !isa<AtomicCmpXchgInst>(I) && !isa<CallBase>(I))
    return fail(T, "a value of a type not modelled");
  // Values are 64-bit words: a wider integer is not modelled (shifts and
  // the overflow test would leave the word). A wide operand is a wide
  // result, parameter or constant, each refused where it is made.
  if (W > 64)
    return fail(T, WideInteger);

  if (I.isBinaryOp()) {
    if (Ty->isFloatingPointTy()) {
      double A = toDouble(Ty, Op(0)), B = toDouble(Ty, Op(1)), R;
      switch (I.getOpcode()) {
      case Instruction::FAdd: R = A + B; break;
      case Instruction::FSub: R = A - B; break;
      case Instruction::FMul: R = A * B; break;
      case Instruction::FDiv: R = A / B; break;
      default: R = std::fmod(A, B); break;
      }
      // Single precision rounds every operation, as the GPU does.
      return Set(fromDouble(Ty, R));
    }
    uint64_t A = Op(0), B = Op(1);
    switch (I.getOpcode()) {
    case Instruction::Add: return Set(A + B);
    case Instruction::Sub: return Set(A - B);
    case Instruction::Mul: return Set(A * B);
    case Instruction::And: return Set(A & B);
    case Instruction::Or: return Set(A | B);
    case Instruction::Xor: return Set(A ^ B);
    case Instruction::Shl: return Set(B >= W ? 0 : A << B);
    case Instruction::LShr: return Set(B >= W ? 0 : A >> B);
    case Instruction::AShr: return Set(B >= W ? 0 : static_cast<uint64_t>(signExtend(A, W) >> B));
    default:
      break;
    }
    if (B == 0)
      return fail(T, "division by zero");
    bool Signed = I.getOpcode() == Instruction::SDiv || I.getOpcode() == Instruction::SRem;
    if (Signed && signExtend(B, W) == -1 && signExtend(A, W) == signExtend(uint64_t(1) << (W - 1), W))
      return fail(T, "signed division overflow"); // undefined behaviour (and SIGFPE on the host)
    switch (I.getOpcode()) {
    case Instruction::UDiv: return Set(A / B);
    case Instruction::URem: return Set(A % B);
    case Instruction::SDiv: return Set(static_cast<uint64_t>(signExtend(A, W) / signExtend(B, W)));
    default: return Set(static_cast<uint64_t>(signExtend(A, W) % signExtend(B, W)));
    }
  }
  switch (I.getOpcode()) {
  case Instruction::FNeg: // flips the sign bit only (a NaN's payload stays)
    return Set(Op(0) ^ (uint64_t(1) << (W - 1)));
  case Instruction::ICmp:
  case Instruction::FCmp: {
    Type *OpTy = I.getOperand(0)->getType();
    return Set(compare(cast<CmpInst>(I).getPredicate(), Op(0), Op(1), widthOf(OpTy), OpTy));
  }
  case Instruction::Select:
    return Set(Op(0) ? Op(1) : Op(2));
  case Instruction::Freeze:
    return Set(Op(0));
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::AddrSpaceCast:
    return Set(Op(0));
  case Instruction::BitCast:
    return Set(Op(0));
  case Instruction::SExt:
    return Set(static_cast<uint64_t>(signExtend(Op(0), widthOf(I.getOperand(0)->getType()))));
  case Instruction::FPTrunc:
  case Instruction::FPExt:
    return Set(fromDouble(Ty, toDouble(I.getOperand(0)->getType(), Op(0))));
  case Instruction::FPToSI:
  case Instruction::FPToUI: {
    double D = std::trunc(toDouble(I.getOperand(0)->getType(), Op(0)));
    // Out of the result's range the result is poison, which may be any
    // value: clang hoists a conversion above the select that discards it
    // there. PTX's cvt saturates (NaN to 0), and so does the run.
    bool Signed = I.getOpcode() == Instruction::FPToSI;
    double Lo = Signed ? -std::ldexp(1.0, W - 1) : 0.0, Hi = std::ldexp(1.0, Signed ? W - 1 : W);
    if (std::isnan(D))
      return Set(0);
    if (D < Lo)
      return Set(Signed ? uint64_t(1) << (W - 1) : 0);
    if (D >= Hi)
      return Set(Signed ? mask(W - 1) : mask(W));
    return Set(Signed ? static_cast<uint64_t>(static_cast<int64_t>(D)) : static_cast<uint64_t>(D));
  }
  case Instruction::SIToFP:
    return Set(intToFp(Ty, signExtend(Op(0), widthOf(I.getOperand(0)->getType()))));
  case Instruction::UIToFP:
    return Set(intToFp(Ty, Op(0)));
  case Instruction::GetElementPtr: {
    const auto &G = cast<GEPOperator>(I);
    uint64_t Delta = 0;
    for (gep_type_iterator GTI = gep_type_begin(G), E = gep_type_end(G); GTI != E; ++GTI) {
      const Value *Idx = GTI.getOperand();
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        Delta += DL.getStructLayout(ST)->getElementOffset(cast<ConstantInt>(Idx)->getZExtValue());
        continue;
      }
      int64_t K = signExtend(value(T, Idx), Idx->getType()->getIntegerBitWidth());
      Delta += static_cast<uint64_t>(K) * GTI.getSequentialElementStride(DL).getFixedValue();
    }
    return Set(movePointer(DL, G.getType(), value(T, G.getPointerOperand()), Delta));
  }
  case Instruction::ExtractValue: {
    const auto &EV = cast<ExtractValueInst>(I);
    if (!isa<AtomicCmpXchgInst>(EV.getAggregateOperand()) || EV.getNumIndices() != 1)
      return fail(T, "extractvalue not modelled");
    const Value *Agg = EV.getAggregateOperand();
    return Set(EV.getIndices()[0] == 0 ? Fr.Vals.lookup(Agg) : T.Flags.lookup(Agg));
  }
  case Instruction::Alloca: {
    const auto &A = cast<AllocaInst>(I);
    auto *Count = dyn_cast<ConstantInt>(A.getArraySize());
    if (!Count)
      return fail(T, "a dynamic alloca");
    uint64_t Bytes = DL.getTypeAllocSize(A.getAllocatedType()) * Count->getZExtValue();
    if (Mem.full())
      return fail(T, TooManyObjects);
    return Set(makePointer(Mem.allocate(Space::Local, Bytes, A.getName().str(), T.Id), 0));
  }
  case Instruction::Load:
  case Instruction::Store:
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
    if (!memoryOp(T, I))
      return false;
    ++Fr.It;
    return true;
  case Instruction::Fence:
    ++Fr.It;
    return true;
  case Instruction::Call:
    return call(T, cast<CallBase>(I));
  case Instruction::Br: {
    const auto &B = cast<BranchInst>(I);
    const BasicBlock *To = B.isUnconditional() || Op(0) ? B.getSuccessor(0) : B.getSuccessor(1);
    enter(T, To, Fr.BB);
    return true;
  }
  case Instruction::Switch: {
    const auto &S = cast<SwitchInst>(I);
    uint64_t V = Op(0);
    const BasicBlock *To = S.getDefaultDest();
    for (const auto &Case : S.cases())
      if ((Case.getCaseValue()->getZExtValue() & mask(Case.getCaseValue()->getBitWidth())) == V)
        To = Case.getCaseSuccessor();
    enter(T, To, Fr.BB);
    return true;
  }
  case Instruction::Ret: {
    const auto &R = cast<ReturnInst>(I);
    uint64_t V = R.getReturnValue() ? value(T, R.getReturnValue()) : 0;
    const CallBase *Call = Fr.Call;
    T.Stack.pop_back();
    if (T.Stack.empty()) {
      T.Waiting = Wait::Done;
      return false;
    }
    if (!Call->getType()->isVoidTy())
      T.Stack.back().Vals[Call] = V;
    ++T.Stack.back().It;
    return true;
  }
  case Instruction::Unreachable:
    return fail(T, "reached unreachable");
  default:
    return fail(T, std::string("instruction not modelled: ") + I.getOpcodeName());
  }
}

} // namespace xwarp::sim
