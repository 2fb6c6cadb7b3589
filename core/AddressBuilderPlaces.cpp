//===- core/AddressBuilderPlaces.cpp - Where the address walk ends ---------===//
//
// AddressBuilder's objects and places for pointers that take one of two
// values: the pointers a loop swaps (core/SwappedPointers.h), over two
// distinct objects or two places in one, and selects of two places in one
// object or in two distinct ones.
//
//===----------------------------------------------------------------------===//
#include "core/AddressBuilder.h"

#include "core/SwappedPointers.h"

#include "llvm/IR/Instructions.h"

#include <algorithm>

using namespace llvm;
using xwarp::model::AddrSpace;
using xwarp::model::MemoryObject;
using xwarp::model::ObjectKind;
using xwarp::model::Term;

namespace xwarp::core {

const MemoryObject &AddressBuilder::baseObjectOf(const Value *Base) {
  auto *Phi = dyn_cast<PHINode>(Base);
  if (!Phi)
    return objectOf(Base);
  if (auto It = Alternating.find(Phi); It != Alternating.end())
    return It->second;
  if (auto It = Objects.find(Phi); It != Objects.end())
    return It->second; // found before to be no pair
  std::optional<SwappedPair> Pair = swappedPairOf(*Phi, LI);
  if (!Pair)
    return objectOf(Base);
  const Value *S0 = objectAtStart(Pair->FirstStart), *S1 = objectAtStart(Pair->SecondStart);
  if (!S0 || !S1)
    return objectOf(Base);
  // Copies: a second objectOf may move the first one's entry.
  MemoryObject T0 = objectOf(S0);
  MemoryObject T1 = objectOf(S1);
  // Held apart in an iteration only if the two objects never overlap.
  if (T0.Kind == ObjectKind::Unknown || T1.Kind == ObjectKind::Unknown || model::mayBeSameObject(T0, T1))
    return objectOf(Base);
  MemoryObject O;
  O.Kind = ObjectKind::Alternating;
  O.Key = reinterpret_cast<uintptr_t>(Pair->First);
  O.Space = T0.Space == T1.Space ? T0.Space : AddrSpace::Generic;
  O.Name = printedName(Base).value_or("<pointer>");
  O.Turn = Pair->First == Phi ? 0 : 1;
  O.Turns = std::make_shared<model::ObjectTurns>(model::ObjectTurns{std::move(T0), std::move(T1)});
  return Alternating.try_emplace(Phi, std::move(O)).first->second;
}

std::optional<AddressBuilder::Place> AddressBuilder::placeInPair(const PHINode *Phi, unsigned IndexWidth) {
  if (auto It = Places.find(Phi); It != Places.end())
    return It->second;
  Places[Phi] = std::nullopt; // no pair while its starts are built (a cycle ends there)
  std::optional<Place> Found;
  if (std::optional<SwappedPair> Pair = swappedPairOf(*Phi, LI)) {
    model::SymbolicAddress X = build(Pair->FirstStart), Y = build(Pair->SecondStart);
    // Two places in one object, each the same in every thread: the pair's
    // accesses are the object's at the place's offset plus their own.
    auto Uniform = [&](const Term *T) {
      return T && T->width() == IndexWidth && T->variance() == model::Variance::Uniform;
    };
    if (X.Object.Kind != ObjectKind::Unknown && X.Object.Kind != ObjectKind::Alternating &&
        X.Object.Key == Y.Object.Key && X.Object.Kind == Y.Object.Kind && X.Object.UniformBase &&
        Y.Object.UniformBase && Uniform(X.Offset) && Uniform(Y.Offset)) {
      // The turn: whether the first phi holds the second start. The
      // iteration fixes it where the pair is uniform.
      // (Made once per pair: an unnamed value gets a new name at each nameOf.)
      const Term *&Turn = PairTurns[Pair->First];
      if (!Turn)
        Turn = Terms.loopVariant(reinterpret_cast<uintptr_t>(Pair->First), "turn(" + nameOf(Pair->First) + ")", 1);
      bool First = Pair->First == Phi;
      const Term *At = Terms.loopVariant(reinterpret_cast<uintptr_t>(Phi), "start(" + nameOf(Phi) + ")",
                                         IndexWidth);
      Terms.define(At, model::LeafDef::Select, Turn, First ? Y.Offset : X.Offset, First ? X.Offset : Y.Offset);
      Found = Place{X.Object, At, Turn};
    }
  }
  Places[Phi] = Found;
  return Found;
}

/// Whether O is an object an address can start from: a named variable, a
/// parameter or an alloca, the same in every thread.
static bool plainObject(const MemoryObject &O) {
  return O.Kind != ObjectKind::Unknown && O.Kind != ObjectKind::Alternating && O.UniformBase;
}

std::optional<AddressBuilder::Place> AddressBuilder::selectedPlace(const SelectInst *Sel, unsigned IndexWidth) {
  // Selects of selects nest as deep as the walk's other steps, and a cycle
  // of them (in unreachable code) ends at the first one met again.
  if (SelectsOpen.size() >= MaxDepth || !SelectsOpen.insert(Sel).second)
    return std::nullopt;
  const Term *Cond = termOf(Sel->getCondition());
  model::SymbolicAddress A, B;
  if (Cond && Cond->width() == 1) {
    A = build(Sel->getTrueValue());
    B = build(Sel->getFalseValue());
  }
  SelectsOpen.erase(Sel);
  if (!Cond || Cond->width() != 1 || !plainObject(A.Object) || !plainObject(B.Object) || !A.Offset ||
      !B.Offset || A.Offset->width() != IndexWidth || B.Offset->width() != IndexWidth)
    return std::nullopt;
  bool OneObject = A.Object.Key == B.Object.Key && A.Object.Kind == B.Object.Kind;
  // Two objects that may be one (two plain parameters) are neither.
  if (!OneObject && model::mayBeSameObject(A.Object, B.Object))
    return std::nullopt;
  // The place within the object held: as variant as what it selects from,
  // one value for both threads only when the condition and both places are.
  const Term *At = A.Offset;
  if (A.Offset != B.Offset) {
    model::Variance V = std::max({Cond->variance(), A.Offset->variance(), B.Offset->variance()});
    At = Terms.unknown(V, reinterpret_cast<uintptr_t>(Sel), "place(" + nameOf(Sel) + ")", IndexWidth);
    Terms.define(At, model::LeafDef::Select, Cond, A.Offset, B.Offset);
  }
  if (OneObject)
    return Place{A.Object, At, nullptr};
  // Two distinct objects: the pointer takes turns with every select of them
  // on the same condition (`src = c ? a : b; dst = c ? b : a`), in the order
  // of their keys; its turn is the one it holds where the condition is true.
  bool AFirst = A.Object.Key < B.Object.Key;
  std::shared_ptr<const model::ObjectTurns> &Turns = SelectTurns[{Cond, std::min(A.Object.Key, B.Object.Key),
                                                                  std::max(A.Object.Key, B.Object.Key)}];
  if (!Turns)
    Turns = std::make_shared<model::ObjectTurns>(AFirst ? model::ObjectTurns{A.Object, B.Object}
                                                        : model::ObjectTurns{B.Object, A.Object});
  MemoryObject O;
  O.Kind = ObjectKind::Alternating;
  // The turns' address: one per pair, and no IR value's.
  O.Key = reinterpret_cast<uintptr_t>(Turns.get());
  O.Space = A.Object.Space == B.Object.Space ? A.Object.Space : AddrSpace::Generic;
  O.Name = printedName(Sel).value_or("(" + A.Object.Name + " or " + B.Object.Name + ")");
  O.Turn = AFirst ? 0 : 1;
  O.Turns = Turns;
  O.Selector = Cond;
  return Place{std::move(O), At, nullptr};
}

const Term *AddressBuilder::pairTurnOf(const Value *Phi) const {
  auto It = Places.find(Phi);
  return It == Places.end() || !It->second ? nullptr : It->second->Turn;
}

const MemoryObject *AddressBuilder::alternatingObjectOf(const Value *Phi) const {
  auto It = Alternating.find(Phi);
  return It == Alternating.end() ? nullptr : &It->second;
}

} // namespace xwarp::core
