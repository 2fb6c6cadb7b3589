//===- model/FunctionModel.cpp --------------------------------------------===//
#include "model/FunctionModel.h"

namespace xwarp::model {

void FunctionModel::addCallerContext() {
  auto Add = [this](const char *Label) {
    AccessSite S;
    S.Id = static_cast<unsigned>(Accesses.size());
    S.Kind = AccessKind::ReadWrite;
    S.Spaces = SpaceSet::allVisible();
    S.Strong = true;
    S.CallerContext = true;
    S.Label.What = Label;
    Accesses.push_back(S);
    return S.Id;
  };
  EntryContext = Add("caller context at entry");
  ExitContext = Add("caller context at exit");
}

} // namespace xwarp::model
