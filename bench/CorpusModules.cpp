//===- bench/CorpusModules.cpp --------------------------------------------===//
#include "CorpusModules.h"

#include "Config.h"
#include "Expectations.h"
#include "InputLoader.h"

#include "core/CtaUniformity.h"
#include "core/NvptxTarget.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>

#include <malloc.h>

using namespace llvm;

namespace xwarp::bench {

std::unique_ptr<PreparedModule> PreparedModule::load(const std::string &Path, std::string &Error) {
  std::unique_ptr<PreparedModule> P(new PreparedModule());
  P->Name = sys::path::filename(Path).str();
  Expected<tools::CorpusFile> File = tools::readCorpusFile(Path);
  if (!File) {
    Error = toString(File.takeError());
    return nullptr;
  }
  P->BlockDim = File->BlockDim;
  tools::CudaOptions Cuda{XWARP_CLANG_PATH, XWARP_CUDA_HEADER, {}};
  Expected<std::unique_ptr<Module>> M = tools::loadInput(Path, P->Ctx, Cuda);
  if (!M) {
    Error = toString(M.takeError());
    return nullptr;
  }
  P->M = std::move(*M);
  P->prepare();
  return P;
}

std::unique_ptr<PreparedModule> PreparedModule::fromIR(const std::string &Name, const std::string &IR,
                                                       std::optional<model::BlockDimSpec> BlockDim,
                                                       std::string &Error) {
  std::unique_ptr<PreparedModule> P(new PreparedModule());
  P->Name = Name;
  P->BlockDim = BlockDim;
  // Generated text names its values for people; clang's release builds
  // never make the names, and an unnamed value costs more to print in a
  // report. The text goes through bitcode into a context that discards them
  // (dropping them after parsing would leave the heap full of freed names).
  SMDiagnostic Diag;
  LLVMContext TextCtx;
  std::unique_ptr<Module> Named = parseAssemblyString(IR, Diag, TextCtx);
  if (!Named) {
    Error = Name + ":" + std::to_string(Diag.getLineNo()) + ": " + Diag.getMessage().str();
    return nullptr;
  }
  SmallVector<char, 0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(*Named, OS);
  P->Ctx.setDiscardValueNames(true);
  size_t HeapBefore = mallinfo2().uordblks;
  Expected<std::unique_ptr<Module>> M =
      parseBitcodeFile(MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()), Name), P->Ctx);
  P->IRBytes = mallinfo2().uordblks - HeapBefore;
  if (!M) {
    Error = Name + ": " + toString(M.takeError());
    return nullptr;
  }
  P->M = std::move(*M);
  P->prepare();
  return P;
}

void PreparedModule::prepare() {
  TM = core::createNvptxTargetMachine(*M);
  PB = std::make_unique<PassBuilder>(TM.get());
  PB->registerModuleAnalyses(MAM);
  PB->registerCGSCCAnalyses(CGAM);
  PB->registerFunctionAnalyses(FAM);
  core::registerCtaUniformity(FAM, MAM);
  PB->registerLoopAnalyses(LAM);
  PB->crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  MPM.addPass(createModuleToFunctionPassAdaptor(InferAddressSpacesPass()));
  MPM.run(*M, MAM);
  MAM.getResult<core::ThreadOrderingAnalysis>(*M); // once for every function's uniformity
  Facts = std::make_unique<core::ModuleFacts>(*M);
}

PreparedModule::~PreparedModule() {
  FAM.clear();
  MAM.clear();
}

std::vector<Function *> PreparedModule::functions() {
  std::vector<Function *> Out;
  for (Function &F : *M)
    if (!F.isDeclaration())
      Out.push_back(&F);
  return Out;
}

core::ExtractionInputs PreparedModule::inputs(Function &F, bool Addresses, bool ObjectsOnly) {
  core::ExtractionInputs In(FAM.getResult<LoopAnalysis>(F));
  if (Addresses)
    In.DT = &FAM.getResult<DominatorTreeAnalysis>(F);
  In.PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
  In.Uniformity = &FAM.getResult<core::CtaUniformityAnalysis>(F);
  In.BlockDim = BlockDim;
  In.ObjectsOnly = ObjectsOnly;
  return In;
}

std::vector<std::string> corpusFiles(const std::string &Dir) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC))
    if (sys::path::extension(It->path()) == ".cu")
      Files.push_back(It->path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

std::string corpusDirFromArgs(int argc, char **argv, const std::map<std::string, std::string *> &Extra) {
  std::string Corpus = std::string(XWARP_SOURCE_DIR) + "/corpus";
  std::vector<char *> Args;
  for (int I = 0; I < argc; ++I) {
    std::string A = argv[I];
    if (auto It = Extra.find(A); It != Extra.end() && I + 1 < argc)
      *It->second = argv[++I];
    else if (A == "--corpus" && I + 1 < argc)
      Corpus = argv[++I];
    else if (A.rfind("--corpus=", 0) == 0)
      Corpus = A.substr(9);
    else
      Args.push_back(argv[I]);
  }
  int N = static_cast<int>(Args.size());
  benchmark::Initialize(&N, Args.data());
  return Corpus;
}

std::vector<std::unique_ptr<PreparedModule>> loadCorpus(const std::string &Dir, const char *Tool) {
  std::vector<std::unique_ptr<PreparedModule>> Modules;
  for (const std::string &File : corpusFiles(Dir)) {
    std::string Error;
    if (auto P = PreparedModule::load(File, Error))
      Modules.push_back(std::move(P));
    else
      std::fprintf(stderr, "%s: %s\n", Tool, Error.c_str());
  }
  return Modules;
}

} // namespace xwarp::bench
