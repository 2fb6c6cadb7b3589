//===- tools/xwarp/LLVMOptions.cpp ----------------------------------------===//
#include "LLVMOptions.h"
#include "Options.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/DebugCounter.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdlib>
#include <vector>

using namespace llvm;

namespace xwarp::tools {

/// The comma-separated items of every -debug-counter given in Args, either
/// spelling, joined to its value by '=' or as the next argument.
static std::vector<StringRef> debugCounterItems(ArrayRef<const char *> Args) {
  std::vector<StringRef> Items;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (!A.consume_front("--"))
      A.consume_front("-");
    StringRef Value;
    if (A.consume_front("debug-counter="))
      Value = A;
    else if (A == "debug-counter" && I + 1 < Args.size())
      Value = Args[++I];
    else
      continue;
    SmallVector<StringRef, 4> Parts;
    Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
    Items.insert(Items.end(), Parts.begin(), Parts.end());
  }
  return Items;
}

std::string badDebugCounterText(ArrayRef<const char *> Args) {
  for (StringRef Item : debugCounterItems(Args)) {
    auto [Name, Chunks] = Item.split('=');
    if (Chunks.find_first_not_of("0123456789-:") != StringRef::npos)
      return "-debug-counter=" + Item.str() + ": the counts are numbers N or ranges N-M, joined by ':'";
  }
  return "";
}

bool debugCountersSet(ArrayRef<const char *> Args) {
  for (StringRef Item : debugCounterItems(Args)) {
    unsigned Id = DebugCounter::instance().getCounterId(Item.split('=').first.str());
    if (!Id || !DebugCounter::isCounterSet(Id))
      return false;
  }
  return true;
}

static void fatalIsBadInput(void *, const char *Reason, bool) {
  badInput(Reason);
  std::exit(ExitBadInput);
}

FatalErrorsAreBadInput::FatalErrorsAreBadInput() { install_fatal_error_handler(fatalIsBadInput); }
FatalErrorsAreBadInput::~FatalErrorsAreBadInput() { remove_fatal_error_handler(); }

} // namespace xwarp::tools
