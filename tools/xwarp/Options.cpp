//===- tools/xwarp/Options.cpp --------------------------------------------===//
#include "Options.h"

#include "Config.h"

#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace xwarp::tools {

cl::OptionCategory InputCategory("Input options");
cl::OptionCategory AnalysisCategory("Analysis options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<inputs>"));

static cl::opt<std::string> VariantName(
    "variant", cl::init("dataflow"), cl::value_desc("name"), cl::cat(AnalysisCategory),
    cl::desc(std::string("Dead Sync Elimination variant: ") + passes::variantList()));

static cl::opt<std::string> ClangPath("clang", cl::init(XWARP_CLANG_PATH), cl::value_desc("path"),
                                      cl::cat(InputCategory),
                                      cl::desc("clang used to compile .cu inputs"));
static cl::opt<std::string> CudaHeader("cuda-header", cl::init(XWARP_CUDA_HEADER),
                                       cl::value_desc("path"), cl::cat(InputCategory),
                                       cl::desc("Device header force-included into .cu inputs"));
static cl::list<std::string> ClangArgs("cc-arg", cl::value_desc("arg"), cl::cat(InputCategory),
                                       cl::desc("Extra argument for clang when compiling .cu inputs"));

Expected<passes::Variant> selectedVariant() {
  if (std::optional<passes::Variant> V = passes::parseVariant(VariantName))
    return *V;
  return make_error<StringError>("unknown variant '" + VariantName + "' (expected " +
                                     passes::variantList() + ")",
                                 inconvertibleErrorCode());
}

CudaOptions cudaOptions() {
  return CudaOptions{ClangPath, CudaHeader, std::vector<std::string>(ClangArgs.begin(), ClangArgs.end())};
}

int badInput(const Twine &Msg) {
  WithColor::error(errs(), "xwarp") << Msg << "\n";
  return ExitBadInput;
}

} // namespace xwarp::tools
