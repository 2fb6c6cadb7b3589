//===- tests/unit/core/InBoundsIterationsTest.cpp - Loop bounds from accesses ===//
#include "IRTestSupport.h"

#include "core/InBoundsIterations.h"
#include "model/Launch.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace xwarp;

namespace {

const char *Prelude = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @opaque()
declare noundef i32 @defined()
@s = internal addrspace(3) global [4096 x float] undef
@w = internal addrspace(3) global [100 x i32] undef
@b = internal addrspace(3) global [256 x i8] undef
@c = internal addrspace(3) global [200 x i8] undef
@halves = internal addrspace(3) global { [128 x i8], [128 x i8] } undef
@st = internal addrspace(3) global { i32, [64 x i32] } undef
@dyn = external addrspace(3) global [0 x float]
@tile = internal addrspace(3) global [64 x [33 x float]] undef
@grid = internal addrspace(3) global [200 x [4 x i8]] undef
)";

/// A function @f with one loop: `loop` steps i by STEP (with OP) and goes on
/// while i < n; BODY runs in it (with %x = ext(i) ready) and ends in a branch
/// to `latch` or elsewhere.
std::string loopFunction(const std::string &Type, const std::string &Start, const std::string &Step,
                         const std::string &Ext, const std::string &Body, const std::string &Op = "add") {
  return "define void @f(" + Type + " %n, i1 %c, i32 noundef %u, i32 %w) {\nentry:\n  %a = alloca [32 x i32]\n"
         "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %un = load i32, ptr %a\n"
         "  %op = call i32 @opaque()\n  %df = call i32 @defined()\n  %fr = freeze i32 undef\n"
         "  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n  %ntidz = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()\n"
         "  %twice = shl i32 %ntid, 1\n  %thrice = mul i32 %ntid, 3\n  %huge = mul i32 %ntid, 4194304\n"
         "  %ntidw = zext i32 %ntid to i64\n"
         "  %tt = " + (Type == "i32"   ? std::string("add i32 %t, 0")
                      : Type == "i64" ? std::string("zext i32 %t to i64")
                                      : "trunc i32 %t to " + Type) +
         "\n  br label %loop\n"
         "loop:\n  %i = phi " + Type + " [ " + Start + ", %entry ], [ %i.next, %latch ]\n"
         "  %x = " + Ext + " " + Type + " %i to i64\n" + Body + "\n"
         "latch:\n  %i.next = " + Op + " " + Type + " %i, " + Step + "\n  %go = icmp slt " + Type + " %i.next, %n\n"
         "  br i1 %go, label %loop, label %exit\nexit:\n  ret void\n}\n";
}

/// The bound of @f's loop.
std::optional<uint64_t> boundOf(const std::string &Text, const model::LaunchBounds &Launch = {}) {
  test::AnalyzedModule AM(std::string(Prelude) + Text);
  Function &F = AM.fn("f");
  auto &LI = AM.functionAnalyses().getResult<LoopAnalysis>(F);
  auto &DT = AM.functionAnalyses().getResult<DominatorTreeAnalysis>(F);
  EXPECT_EQ(LI.getTopLevelLoops().size(), 1u);
  const Loop &L = *LI.getTopLevelLoops().front();
  return core::iterationsBoundedByAccesses(L, DT, AM.module().getDataLayout(), Launch);
}

const char *StoreS = "  %p = getelementptr inbounds [4096 x float], ptr addrspace(3) @s, i64 0, i64 %x\n"
                     "  store float 0.0, ptr addrspace(3) %p\n  br label %latch";

} // namespace

TEST(InBoundsIterations, BlockStrideLoopOverASharedArray) {
  // ext(i) in [0, 4095], steps of 1 to 1024 ntid: at most 4096 iterations
  // complete, whatever n is.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", StoreS)), 4096u);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "zext", StoreS)), 4096u);
  // ntid.z is at most 64; the bound rests on the least step, 1, alike.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntidz", "sext", StoreS)), 4096u);
  // Multiples of ntid step by at least the multiple, unless the product may wrap.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%twice", "sext", StoreS)), 2048u); // 4095 / 2 + 1
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%thrice", "sext", StoreS)), 1366u);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%huge", "sext", StoreS)), std::nullopt);
  // Reverse loops: i -= ntid.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", StoreS, "sub")), 4096u);
  // Unsigned, i - ntid from [0, 4095] wraps above 2^32 - 1025: out of bounds.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "zext", StoreS, "sub")), 4096u);
}

TEST(InBoundsIterations, KnownBlockSizesBoundTheStep) {
  // ntid.x = 64 (reqntid, --block-dim): steps of exactly 64, 128 or 2^28.
  model::LaunchBounds Exact;
  Exact.setExact(model::Dim::X, 64);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", StoreS), Exact), 64u); // 4095 / 64 + 1
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%twice", "sext", StoreS), Exact), 32u);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "zext", StoreS, "sub"), Exact), 64u);
  // 1024 * 2^22 may wrap; 64 * 2^22 cannot, and no step lands back in bounds.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%huge", "sext", StoreS), Exact), 1u);
  // Only ntid.x is known: a step of ntid.z still rests on its least value.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntidz", "sext", StoreS), Exact), 4096u);
  // A cap (maxntid, launch_bounds) leaves the least step at 1.
  model::LaunchBounds Capped;
  Capped.capThreads(128);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", StoreS), Capped), 4096u);
  Capped.capDim(model::Dim::X, 16);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%huge", "sext", StoreS), Capped), 1u);
}

TEST(InBoundsIterations, ConstantStepsDivideTheRange) {
  const char *Body = "  %p = getelementptr [100 x i32], ptr addrspace(3) @w, i64 0, i64 %x\n"
                     "  %v = load i32, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "4", "sext", Body)), 25u); // 99 / 4 + 1
  // Counting down: from ext(i) = 0, i - 1 is -1 signed, and 2^32 - 1
  // unsigned, out of bounds either way.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "-1", "sext", Body)), 100u);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "-1", "zext", Body)), 100u);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "3", "sext", Body, "sub")), 34u); // 99 / 3 + 1
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "-3", "zext", Body, "sub")), 34u);
  // No step, or one that may be anything, gives nothing.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "0", "sext", Body)), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%i", "sext", Body)), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%n", "sext", Body)), std::nullopt);
}

TEST(InBoundsIterations, FieldOffsetsShiftTheRange) {
  // Byte offset 4 + 4 * ext(i) in [0, 256] of 260 bytes: ext(i) in [-1, 63].
  const char *Body = "  %p = getelementptr { i32, [64 x i32] }, ptr addrspace(3) @st, i64 0, i32 1, i64 %x\n"
                     "  store i32 0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "1", "sext", Body)), 65u);
  // Zero extension: ext(i) >= 0.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "1", "zext", Body)), 64u);
}

TEST(InBoundsIterations, AStepThatCanWrapPastTheTopGivesNothing) {
  // An i8 counter over 256 bytes: from 255, i + 1 wraps to 0 (from 0,
  // i - 1 to 255) and the sequence starts again, in bounds all along.
  const char *All = "  %p = getelementptr [256 x i8], ptr addrspace(3) @b, i64 0, i64 %x\n"
                    "  store i8 0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "1", "zext", All)), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "1", "zext", All, "sub")), std::nullopt);
  // Signed, over bytes -128 .. 127 of the middle of 256: 127 + 1 wraps to -128.
  const char *Middle = "  %p = getelementptr { [128 x i8], [128 x i8] }, ptr addrspace(3) @halves, i64 0, i32 1, i64 %x\n"
                       "  store i8 0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "1", "sext", Middle)), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "2", "sext", Middle, "sub")), std::nullopt);
  // Over 200 bytes, 199 + 1 is exact; as a signed index, 127 + 1 wraps to
  // -128, below the array, where no iteration completes.
  const char *Part = "  %p = getelementptr [200 x i8], ptr addrspace(3) @c, i64 0, i64 %x\n"
                     "  store i8 0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "1", "zext", Part)), 200u);
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "1", "sext", Part)), 128u);
  // Steps of 57 over 200 bytes: 199 + 57 - 256 = 0 lands back in bounds.
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "57", "zext", Part)), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "56", "zext", Part)), 4u); // 199 / 56 + 1
  // A 32-bit counter, ntid steps: the array would need 2^31 - 1024 words.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", StoreS)), 4096u);
}

TEST(InBoundsIterations, SixtyFourBitCounters) {
  // `for (long i = threadIdx.x; i < n; i += blockDim.x)`: the index is i
  // itself, and the offset 4 * i modulo 2^64 lies in [0, 16380].
  const char *Direct = "  %p = getelementptr [4096 x float], ptr addrspace(3) @s, i64 0, i64 %i\n"
                       "  store float 0.0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i64", "%tt", "%ntidw", "bitcast", Direct)), 4096u); // 16380 / 4 + 1
  EXPECT_EQ(boundOf(loopFunction("i64", "%tt", "%ntidw", "bitcast", Direct, "sub")), 4096u);
  EXPECT_EQ(boundOf(loopFunction("i64", "%tt", "3", "bitcast", Direct)), 1366u); // 16380 / 12 + 1
  EXPECT_EQ(boundOf(loopFunction("i64", "%tt", "-3", "bitcast", Direct)), 1366u);
  // A step of 4 * (2^62 - 4096) = 2^64 - 16384 bytes leaves the array from
  // every offset in it; one of 2^64 - 16380 comes back from 16380 to 0.
  EXPECT_EQ(boundOf(loopFunction("i64", "%tt", "4611686018427383808", "bitcast", Direct)), 1u);
  EXPECT_EQ(boundOf(loopFunction("i64", "%tt", "4611686018427383809", "bitcast", Direct)), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i64", "%tt", "4611686018427387904", "bitcast", Direct)), std::nullopt);
  // Started from undef, i bounds nothing (as with 32 bits).
  EXPECT_EQ(boundOf(loopFunction("i64", "undef", "%ntidw", "bitcast", Direct)), std::nullopt);
}

TEST(InBoundsIterations, IndicesTheGepExtends) {
  // A narrower index is sign-extended by the GEP itself.
  const char *Implicit = "  %p = getelementptr [4096 x float], ptr addrspace(3) @s, i64 0, i32 %i\n"
                         "  store float 0.0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Implicit)), 4096u);
  // i16 in [-32768, 32767]: sign-extended, never more than 4096 in bounds.
  const char *Short = "  %p = getelementptr [4096 x float], ptr addrspace(3) @s, i64 0, i16 %i\n"
                      "  store float 0.0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i16", "%tt", "1", "sext", Short)), 4096u);
  // An i8 index over 256 bytes: sign-extended, only 0 .. 127 are in
  // bounds, and the wrap from 127 to -128 leaves them.
  const char *Byte = "  %p = getelementptr [256 x i8], ptr addrspace(3) @b, i64 0, i8 %i\n"
                     "  store i8 0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "1", "sext", Byte)), 128u);
}

TEST(InBoundsIterations, RowsOfATileAtAnInvariantColumn) {
  // tile[i][col], col one value throughout the loop: offsets 132 * ext(i) +
  // 4 * col in [0, 8444] move by exactly 132 * s, so 8444 / 132 + 1 = 64.
  auto Tile = [](const std::string &Col) {
    return "  %cw = zext i32 " + Col + " to i64\n"
           "  %p = getelementptr [64 x [33 x float]], ptr addrspace(3) @tile, i64 0, i64 %x, i64 %cw\n"
           "  store float 0.0, ptr addrspace(3) %p\n  br label %latch";
  };
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Tile("%t"))), 64u);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Tile("%u"))), 64u);
  // A column that changes in the loop, or may be undef (another value in
  // each iteration), moves the window with the counter.
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Tile("%i"))), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Tile("%w"))), std::nullopt);
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Tile("%un"))), std::nullopt);
  // An i8 row counter of grid[200][4]: a wrap moves the offset back by
  // 4 * (256 - s), past the start of the grid only when s < 56.
  const char *Grid = "  %cw = zext i32 %u to i64\n"
                     "  %p = getelementptr [200 x [4 x i8]], ptr addrspace(3) @grid, i64 0, i64 %x, i64 %cw\n"
                     "  store i8 0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "1", "zext", Grid)), 200u); // 799 / 4 + 1
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "56", "zext", Grid)), 4u);
  EXPECT_EQ(boundOf(loopFunction("i8", "%tt", "57", "zext", Grid)), std::nullopt); // 199 + 57 - 256 = 0
}

TEST(InBoundsIterations, OnlyAccessesEveryIterationMakes) {
  // A store some iterations skip says nothing of them.
  std::string Skipped = std::string("  br i1 %c, label %then, label %latch\nthen:\n") +
                        "  %p = getelementptr [4096 x float], ptr addrspace(3) @s, i64 0, i64 %x\n"
                        "  store float 0.0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Skipped)), std::nullopt);
  // Nor does a volatile one (LLVM allows it outside any object).
  const char *Volatile = "  %p = getelementptr [4096 x float], ptr addrspace(3) @s, i64 0, i64 %x\n"
                         "  store volatile float 0.0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Volatile)), std::nullopt);
}

TEST(InBoundsIterations, OnlyObjectsOfExactSize) {
  const char *Dynamic = "  %p = getelementptr [0 x float], ptr addrspace(3) @dyn, i64 0, i64 %x\n"
                        "  store float 0.0, ptr addrspace(3) %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Dynamic)), std::nullopt);
  const char *Stack = "  %p = getelementptr [32 x i32], ptr %a, i64 0, i64 %x\n"
                      "  store i32 0, ptr %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "2", "sext", Stack)), 16u); // 31 / 2 + 1
  // The generic address of an object is the same object.
  const char *Generic = "  %p = getelementptr [4096 x float], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %x\n"
                        "  store float 0.0, ptr %p\n  br label %latch";
  EXPECT_EQ(boundOf(loopFunction("i32", "%t", "%ntid", "sext", Generic)), 4096u);
}

TEST(InBoundsIterations, OnlyRecurrencesOfOneValue) {
  // Started from undef, i may be another value at each use (campaign BF:
  // at the add one value, at the access another, one more iteration in
  // bounds): undef itself, a load of memory never written, a call's result
  // or an argument without noundef.
  for (const char *Start : {"undef", "%un", "%op", "%w"})
    EXPECT_EQ(boundOf(loopFunction("i32", Start, "%ntid", "sext", StoreS)), std::nullopt) << Start;
  // A noundef argument or result, and a frozen undef, are one value.
  for (const char *Start : {"%u", "%df", "%fr"})
    EXPECT_EQ(boundOf(loopFunction("i32", Start, "%ntid", "sext", StoreS)), 4096u) << Start;
  // Two latches: the loop needs its only latch to step i.
  std::string TwoLatches = loopFunction("i32", "%t", "%ntid", "sext", StoreS);
  std::string::size_type At = TwoLatches.find("  br i1 %go, label %loop, label %exit");
  TwoLatches.replace(At, std::string("  br i1 %go, label %loop, label %exit").size(),
                     "  br i1 %go, label %loop, label %other\nother:\n  %j = add i32 %i.next, 1\n"
                     "  br i1 %c, label %loop, label %exit");
  TwoLatches.replace(TwoLatches.find("[ %i.next, %latch ]"), std::string("[ %i.next, %latch ]").size(),
                     "[ %i.next, %latch ], [ %j, %other ]");
  EXPECT_EQ(boundOf(TwoLatches), std::nullopt);
}
