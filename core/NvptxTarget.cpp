//===- core/NvptxTarget.cpp -----------------------------------------------===//
#include "core/NvptxTarget.h"

#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <mutex>

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXTargetMC();

using namespace llvm;

namespace xwarp::core {

std::unique_ptr<TargetMachine> createNvptxTargetMachine(Module &M) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
  });
  if (M.getTargetTriple().empty())
    M.setTargetTriple("nvptx64-nvidia-cuda");
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(M.getTargetTriple(), Err);
  if (!T)
    return nullptr;
  return std::unique_ptr<TargetMachine>(
      T->createTargetMachine(M.getTargetTriple(), "sm_80", "", TargetOptions(), std::nullopt));
}

RetiredAtExit::~RetiredAtExit() {
  if (Module *Raw = M.release())
    Raw->~Module(); // its contents go; its storage stays allocated
}

} // namespace xwarp::core
