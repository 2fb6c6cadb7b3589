//===- model/IterationAlignment.cpp ---------------------------------------===//
#include "model/IterationAlignment.h"

#include "model/Access.h"
#include "model/FunctionModel.h"

#include <algorithm>
#include <cstdint>
#include <map>

namespace xwarp::model {

std::vector<unsigned> loopsAligning(const FunctionModel &M, const AccessSite &A, const AccessSite &B,
                                    const std::function<bool(unsigned)> &IsSeparator) {
  std::vector<unsigned> Out;
  for (const LoopPosition &PA : A.Loops)
    for (const LoopPosition &PB : B.Loops) {
      if (PA.Loop != PB.Loop)
        continue;
      // Both sites come before the aligners from the later of their
      // positions on, and after those before the earlier one: one of
      // either that still orders is enough. Only aligners between them
      // leave a pair of neighbouring iterations unordered.
      const std::vector<unsigned> &Aligners = M.AlignedLoops[PA.Loop].Aligners;
      auto [Lo, Hi] = std::minmax(PA.First, PB.First);
      for (size_t J = 0; J < Aligners.size(); ++J)
        if ((J < Lo || J >= Hi) && IsSeparator(Aligners[J])) {
          Out.push_back(PA.Loop);
          break;
        }
    }
  return Out;
}

namespace {
/// Rebuilds terms with some leaves replaced. A leaf defined from a replaced
/// one (cur ^ 1 from cur) is a new leaf with the new definition, as variant
/// as its new operands.
class Substitution {
public:
  Substitution(TermContext &C, std::map<const Term *, const Term *, TermIdLess> Replace)
      : C(C), Memo(std::move(Replace)) {}

  const Term *apply(const Term *T) {
    auto It = Memo.find(T);
    const Term *R = It != Memo.end() ? It->second : Memo.emplace(T, rebuild(T)).first->second;
    Changed |= R != T;
    return R;
  }
  /// Whether some term applied to came out another.
  bool changed() const { return Changed; }

private:
  const Term *rebuild(const Term *T) {
    switch (T->kind()) {
    case TermKind::Const:
    case TermKind::ThreadIdx:
    case TermKind::BlockDim:
    case TermKind::BlockIdx:
    case TermKind::GridDim:
      return T;
    case TermKind::Uniform:
    case TermKind::PerThread:
    case TermKind::LoopVariant:
      return definedLeaf(T);
    case TermKind::Add:
    case TermKind::Mul:
    case TermKind::Shl: {
      const Term *A = apply(T->operand(0)), *B = apply(T->operand(1));
      if (A == T->operand(0) && B == T->operand(1))
        return T;
      return T->kind() == TermKind::Add ? C.add(A, B) : T->kind() == TermKind::Mul ? C.mul(A, B) : C.shl(A, B);
    }
    case TermKind::ZExt:
    case TermKind::SExt:
    case TermKind::Trunc: {
      const Term *A = apply(T->operand(0));
      if (A == T->operand(0))
        return T;
      return T->kind() == TermKind::ZExt ? C.zext(A, T->width())
             : T->kind() == TermKind::SExt ? C.sext(A, T->width())
                                           : C.trunc(A, T->width());
    }
    }
    return T;
  }

  const Term *definedLeaf(const Term *T) {
    if (T->definition() == LeafDef::None)
      return T;
    std::vector<const Term *> Ops;
    for (const Term *Op : T->definitionOperands())
      Ops.push_back(apply(Op));
    if (Ops == T->definitionOperands())
      return T;
    // One leaf per set of new operands: another query, sharing other loops'
    // leaves, must not find this one's definition.
    return C.redefined(T, Ops);
  }

  TermContext &C;
  std::map<const Term *, const Term *, TermIdLess> Memo;
  bool Changed = false;
};

void substituteSite(Substitution &S, AccessSite &Site) {
  if (Site.Address && Site.Address->Offset)
    Site.Address->Offset = S.apply(Site.Address->Offset);
  for (Guard &G : Site.Guards) {
    G.L = S.apply(G.L);
    G.R = S.apply(G.R);
  }
}
} // namespace

/// The leaves Loops fix, each with the uniform leaf that stands for it
/// within one iteration.
static std::map<const Term *, const Term *, TermIdLess> sharedLeaves(TermContext &C, const FunctionModel &M,
                                                                     const std::vector<unsigned> &Loops) {
  std::map<const Term *, const Term *, TermIdLess> Shared;
  for (unsigned L : Loops)
    for (const Term *Leaf : M.AlignedLoops[L].Leaves)
      Shared.emplace(Leaf, C.uniform(reinterpret_cast<uintptr_t>(Leaf), Leaf->name(), Leaf->width()));
  return Shared;
}

bool heldApart(const FunctionModel &M, const MemoryObject &A, const MemoryObject &B,
               const std::vector<unsigned> &Loops) {
  if (A.Kind != ObjectKind::Alternating || B.Kind != ObjectKind::Alternating || A.Key != B.Key ||
      A.Turn == B.Turn)
    return false;
  if (A.Selector || B.Selector) {
    // Selects: the same condition picks the same arm in both events.
    if (A.Selector != B.Selector)
      return false;
    if (A.Selector->variance() == Variance::Uniform)
      return true;
    if (Loops.empty())
      return false;
    TermContext &C = M.extensibleTerms();
    Substitution S(C, sharedLeaves(C, M, Loops));
    return S.apply(A.Selector)->variance() == Variance::Uniform;
  }
  return std::any_of(Loops.begin(), Loops.end(), [&](unsigned L) {
    const std::vector<uint64_t> &Pairs = M.AlignedLoops[L].Pairs;
    return std::find(Pairs.begin(), Pairs.end(), A.Key) != Pairs.end();
  });
}

std::optional<std::pair<AccessSite, AccessSite>> alignIterations(const FunctionModel &M, const AccessSite &A,
                                                                 const AccessSite &B,
                                                                 const std::vector<unsigned> &Loops) {
  TermContext &C = M.extensibleTerms();
  std::map<const Term *, const Term *, TermIdLess> Shared = sharedLeaves(C, M, Loops);
  if (Shared.empty())
    return std::nullopt;
  Substitution S(C, std::move(Shared));
  std::pair<AccessSite, AccessSite> Out{A, B};
  substituteSite(S, Out.first);
  substituteSite(S, Out.second);
  if (!S.changed())
    return std::nullopt;
  return Out;
}

} // namespace xwarp::model
