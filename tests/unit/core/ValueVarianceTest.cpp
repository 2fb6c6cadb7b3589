//===- tests/unit/core/ValueVarianceTest.cpp - Memory that holds undef ----===//
#include "IRTestSupport.h"

#include "core/ValueVariance.h"

#include "llvm/IR/Instructions.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace xwarp;

namespace {

const char *ModuleText = R"(
@never = internal addrspace(3) global [4 x i32] undef
@written = internal addrspace(3) global [4 x i32] undef
@undef_stored = internal addrspace(3) global i32 undef
@defined = internal addrspace(3) global i32 7
@part = internal addrspace(4) constant { i32, i32 } { i32 1, i32 undef }
@outside = addrspace(3) global i32 undef
@host = internal addrspace(1) externally_initialized global i32 undef
@escapes = internal addrspace(3) global i32 undef
@sink = internal global ptr addrspace(3) @escapes
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @f(ptr %arg, i32 %v) {
entry:
  %loaded_slot = alloca i32
  %undef_slot = alloca i32
  %set_slot = alloca [4 x i8]
  %a = getelementptr [4 x i32], ptr addrspace(3) @never, i32 0, i32 1
  %l1 = load i32, ptr addrspace(3) %a
  %g = addrspacecast ptr addrspace(3) @written to ptr
  store i32 %v, ptr %g
  store i32 undef, ptr addrspace(3) @undef_stored
  %l2 = load i32, ptr addrspace(3) @defined
  %l3 = load i32, ptr addrspace(4) @part
  %l4 = load i32, ptr addrspace(3) @outside
  %l5 = load i32, ptr addrspace(1) @host
  %l6 = load i32, ptr %loaded_slot
  store i32 undef, ptr %undef_slot
  %l7 = load i32, ptr %undef_slot
  call void @llvm.memset.p0.i64(ptr %set_slot, i8 0, i64 4, i1 false)
  %l8 = load i32, ptr %arg
  ret void
}
)";

bool holdsOnlyUndefNamed(test::AnalyzedModule &AM, StringRef Name) {
  llvm::Module &M = AM.module();
  if (const GlobalVariable *GV = M.getGlobalVariable(Name, /*AllowInternal=*/true))
    return core::ValueVariance::holdsOnlyUndef(*GV);
  for (const Argument &A : AM.fn("f").args())
    if (A.getName() == Name)
      return core::ValueVariance::holdsOnlyUndef(A);
  for (const Instruction &I : AM.fn("f").getEntryBlock())
    if (I.getName() == Name)
      return core::ValueVariance::holdsOnlyUndef(I);
  ADD_FAILURE() << "no value " << Name.str();
  return false;
}

} // namespace

TEST(ValueVariance, MemoryThatHoldsNothingButUndef) {
  test::AnalyzedModule AM(ModuleText);
  // Never written, or written only with undef: each load reads undef.
  for (const char *Name : {"never", "undef_stored", "part", "loaded_slot", "undef_slot"})
    EXPECT_TRUE(holdsOnlyUndefNamed(AM, Name)) << Name;
  // Written (through a cast too), a defined initializer, linkage or the
  // host that let others write it, an escape, a memset, or no object.
  for (const char *Name : {"written", "defined", "outside", "host", "escapes", "set_slot", "arg"})
    EXPECT_FALSE(holdsOnlyUndefNamed(AM, Name)) << Name;
}
