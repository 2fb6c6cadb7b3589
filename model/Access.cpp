//===- model/Access.cpp ---------------------------------------------------===//
#include "model/Access.h"

namespace xwarp::model {

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Read: return "read";
  case AccessKind::Write: return "write";
  case AccessKind::ReadWrite: return "read-write";
  }
  return "?";
}

/// The objects O may hold: its two turns when it alternates, else itself.
static std::array<const MemoryObject *, 2> heldObjects(const MemoryObject &O) {
  if (O.Kind == ObjectKind::Alternating)
    return {&(*O.Turns)[0], &(*O.Turns)[1]};
  return {&O, &O};
}

bool mayBeSameObject(const MemoryObject &A, const MemoryObject &B) {
  if (spacesDisjoint(A.Space, B.Space))
    return false;
  if (A.Kind == ObjectKind::Unknown || B.Kind == ObjectKind::Unknown)
    return true;
  if (A.Kind == ObjectKind::Alternating || B.Kind == ObjectKind::Alternating) {
    // The two pointers of one pair hold the same object in some pair of
    // iterations; another object is met when one of the turns may be it.
    if (A.Kind == B.Kind && A.Key == B.Key)
      return true;
    for (const MemoryObject *X : heldObjects(A))
      for (const MemoryObject *Y : heldObjects(B))
        if (mayBeSameObject(*X, *Y))
          return true;
    return false;
  }
  if (A.Key == B.Key && A.Kind == B.Kind)
    return true;
  // Distinct stack objects, and distinct named variables, never overlap.
  if (A.Kind == B.Kind && (A.Kind == ObjectKind::Variable || A.Kind == ObjectKind::Stack))
    return false;
  if (A.Kind == ObjectKind::Stack || B.Kind == ObjectKind::Stack)
    return false;
  // A noalias parameter's memory is reached only through that parameter.
  if (A.NoAlias || B.NoAlias)
    return false;
  // Two plain parameters, or a parameter and a __device__ variable: may alias.
  return true;
}

bool offsetsComparable(const MemoryObject &A, const MemoryObject &B) {
  if (A.Kind == ObjectKind::Unknown || B.Kind == ObjectKind::Unknown)
    return false;
  if (A.Kind == B.Kind && A.Key == B.Key)
    return true;
  for (const MemoryObject *X : heldObjects(A))
    for (const MemoryObject *Y : heldObjects(B)) {
      bool Identical = X->Kind == Y->Kind && X->Key == Y->Key;
      if (!Identical && mayBeSameObject(*X, *Y))
        return false;
    }
  return true;
}

void SourcePlace::appendTo(std::string &S) const {
  if (!known()) {
    S += "<unknown>";
    return;
  }
  S += File;
  S += ':';
  S += std::to_string(Line);
  S += ':';
  S += std::to_string(Col);
}

std::string SourcePlace::str() const {
  std::string S;
  appendTo(S);
  return S;
}

void SiteLabel::appendTo(std::string &S) const {
  S += What;
  if (Joiner) {
    S += Joiner;
    Where.appendTo(S);
  }
}

std::string SiteLabel::str() const {
  std::string S;
  appendTo(S);
  return S;
}

std::string SymbolicAddress::str() const {
  std::string S = Object.Name.empty() ? "<object>" : Object.Name;
  S += " + ";
  S += Offset ? Offset->str() : "?";
  return S;
}

} // namespace xwarp::model
