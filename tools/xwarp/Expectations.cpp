//===- tools/xwarp/Expectations.cpp ---------------------------------------===//
#include "Expectations.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <set>

using namespace llvm;

namespace xwarp::tools {

Expected<CorpusFile> readCorpusFile(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return make_error<StringError>(Path + ": " + Buf.getError().message(), inconvertibleErrorCode());
  CorpusFile File;
  ExpectationMap &Map = File.Expect;
  Regex Re("//[[:space:]]*EXPECT:[[:space:]]*([a-z]+)([[:space:]]*--[[:space:]]*(.*))?$");
  Regex Launch("^//[[:space:]]*XWARP-BLOCK-DIM:[[:space:]]*([^[:space:]]+)");
  Regex Cta("^//[[:space:]]*XWARP-SIM-CTA:[[:space:]]*([^[:space:]]*)");
  Regex AnyExpect("//[[:space:]]*EXPECT:");
  SmallVector<StringRef, 256> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (unsigned I = 0; I < Lines.size(); ++I) {
    SmallVector<StringRef, 4> M;
    auto Bad = [&](const Twine &What) {
      return make_error<StringError>(Path + ":" + std::to_string(I + 1) + ": " + What, inconvertibleErrorCode());
    };
    if (Cta.match(Lines[I], &M)) {
      // A concrete CTA within the CUDA limits, as --cta takes it.
      std::optional<std::array<unsigned, 3>> Cta = parseCta(M[1]);
      if (!Cta || uint64_t((*Cta)[0]) * (*Cta)[1] * (*Cta)[2] > model::LaunchBounds::CudaMaxThreads)
        return Bad("invalid XWARP-SIM-CTA '" + M[1] + "' (expected X,Y,Z, a CTA of at most 1024 threads)");
      File.SimCta = Cta;
      continue;
    }
    if (Launch.match(Lines[I], &M)) {
      File.BlockDim = model::BlockDimSpec::parse(M[1].str());
      if (!File.BlockDim)
        return Bad("invalid XWARP-BLOCK-DIM '" + M[1] + "'");
      continue;
    }
    if (!Re.match(Lines[I].rtrim(), &M)) {
      if (AnyExpect.match(Lines[I]))
        return Bad("malformed EXPECT line (expected '// EXPECT: keep|dead|exempt -- reason')");
      continue;
    }
    Expectation E;
    if (M[1] == "keep")
      E.Verdict = ExpectedVerdict::Keep;
    else if (M[1] == "dead")
      E.Verdict = ExpectedVerdict::Dead;
    else if (M[1] == "exempt")
      E.Verdict = ExpectedVerdict::Exempt;
    else
      return Bad("unknown expectation '" + M[1] + "' (expected keep, dead or exempt)");
    E.Reason = M[3].str();
    Map[I + 1] = E;
  }
  return File;
}

std::optional<std::array<unsigned, 3>> parseCta(StringRef Text) {
  SmallVector<StringRef, 3> Dims;
  Text.split(Dims, ',');
  if (Dims.empty() || Dims.size() > 3)
    return std::nullopt;
  std::array<unsigned, 3> Out = {1, 1, 1};
  for (size_t K = 0; K < Dims.size(); ++K)
    if (Dims[K].trim().getAsInteger(10, Out[K]) || Out[K] == 0)
      return std::nullopt;
  return Out;
}

Comparison compare(const std::string &File, const ExpectationMap &Expect,
                   const std::vector<passes::FunctionSyncResult> &Results) {
  Comparison C;
  std::set<unsigned> SeenLines;
  auto Problem = [&](unsigned Line, const std::string &What) {
    C.Problems.push_back(File + ":" + std::to_string(Line) + ": " + What);
  };
  for (const passes::FunctionSyncResult &F : Results)
    for (const passes::SyncRecord &S : F.Syncs) {
      ++C.Sites;
      C.Removed += S.Verdict == core::Verdict::Removed;
      C.Kept += S.Verdict == core::Verdict::Kept;
      C.Exempt += S.Verdict == core::Verdict::Exempt;
      auto It = Expect.find(S.Loc.Line);
      if (!S.Loc.known() || It == Expect.end()) {
        ++C.Mismatch;
        Problem(S.Loc.Line, S.Intrinsic + " in " + F.Function + " has no EXPECT annotation");
        continue;
      }
      SeenLines.insert(S.Loc.Line);
      const Expectation &E = It->second;
      bool IsExempt = S.Verdict == core::Verdict::Exempt;
      if ((E.Verdict == ExpectedVerdict::Exempt) != IsExempt) {
        ++C.Mismatch;
        Problem(S.Loc.Line, std::string("expected ") +
                                (E.Verdict == ExpectedVerdict::Exempt ? "exempt" : "a decision") +
                                ", got " + core::verdictName(S.Verdict));
        continue;
      }
      if (E.Verdict == ExpectedVerdict::Dead) {
        ++C.ExpectedDead;
        C.RemovedDead += S.Verdict == core::Verdict::Removed;
      }
      if (E.Verdict == ExpectedVerdict::Keep && S.Verdict == core::Verdict::Removed) {
        ++C.Unsafe;
        Problem(S.Loc.Line, "UNSAFE: removed a barrier marked keep (" + E.Reason + ")");
      }
    }
  for (const auto &[Line, E] : Expect)
    if (!SeenLines.count(Line)) {
      ++C.Mismatch;
      Problem(Line, "EXPECT annotation without a synchronization site in the IR");
    }
  return C;
}

} // namespace xwarp::tools
