//===- tests/unit/passes/IRTextTest.cpp - Printing values for reports -----===//
#include "passes/IRText.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace llvm;
using xwarp::passes::IRPrinter;

namespace {
const char *Source = R"(
@s = internal addrspace(3) global [64 x i32] undef
define void @f(i32 %0) {
  %2 = add nsw i32 %0, 1
  %3 = sext i32 %2 to i64
  %4 = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i64 0, i64 %3
  store i32 0, ptr addrspace(3) %4
  ret void
}
)";

struct Parsed {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Source, Err, Ctx);
  Function &F = *M->getFunction("f");
  Instruction &at(unsigned N) { return *std::next(F.getEntryBlock().begin(), N); }
};

/// What Value::print says, numbering the function afresh.
std::string fresh(const Value &V) {
  std::string S;
  raw_string_ostream OS(S);
  V.print(OS);
  return S.substr(S.find_first_not_of(' '));
}
} // namespace

TEST(IRPrinter, PrintsWhatValuePrintPrints) {
  Parsed P;
  ASSERT_TRUE(P.M) << P.Err.getMessage().str();
  IRPrinter Printer(P.F);
  for (Instruction &I : P.F.getEntryBlock())
    EXPECT_EQ(Printer.text(&I), fresh(I));
  EXPECT_EQ(Printer.text(&P.at(2)), "%4 = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i64 0, i64 %3");
  EXPECT_EQ(Printer.operand(&P.at(1)), "%3");
  EXPECT_EQ(Printer.operand(P.M->getNamedGlobal("s")), "@s");
  EXPECT_EQ(Printer.block(&P.F.getEntryBlock()), "%1");
}

TEST(IRPrinter, KeepsTheNumbersOfItsRoundUntilRenumbered) {
  Parsed P;
  ASSERT_TRUE(P.M) << P.Err.getMessage().str();
  IRPrinter Printer(P.F);
  Instruction &Gep = P.at(2);
  EXPECT_EQ(Printer.operand(&Gep), "%4");
  // A rewrite: the sext is replaced by a named value made before the add; a
  // fresh numbering would now call the GEP %3.
  IRBuilder<> B(&P.at(0));
  Value *Ext = B.CreateSExt(P.F.getArg(0), B.getInt64Ty(), "scevcgptmp_");
  Value *Index = B.CreateAdd(Ext, B.getInt64(1), "scevcgp_idx");
  Gep.setOperand(2, Index);
  P.at(3).eraseFromParent(); // the old sext, P.at(3) now that two came before
  P.at(2).eraseFromParent(); // the old add
  EXPECT_EQ(Printer.text(&Gep),
            "%4 = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i64 0, i64 %scevcgp_idx");
  EXPECT_EQ(fresh(Gep), "%2 = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i64 0, i64 %scevcgp_idx");
  Printer.renumber();
  EXPECT_EQ(Printer.text(&Gep), fresh(Gep));
}

TEST(IRPrinter, NumbersAnUnnamedNewValueAfresh) {
  Parsed P;
  ASSERT_TRUE(P.M) << P.Err.getMessage().str();
  IRPrinter Printer(P.F);
  EXPECT_EQ(Printer.operand(&P.at(2)), "%4"); // numbered now
  IRBuilder<> B(&P.at(3));
  Value *Unnamed = B.CreateAdd(P.F.getArg(0), B.getInt32(2));
  EXPECT_EQ(Printer.text(Unnamed), fresh(*cast<Instruction>(Unnamed)));
  EXPECT_EQ(Printer.text(Unnamed), "%5 = add i32 %0, 2") << "not <badref>";
}
