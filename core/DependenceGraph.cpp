//===- core/DependenceGraph.cpp -------------------------------------------===//
#include "core/DependenceGraph.h"

#include <algorithm>
#include <iterator>

namespace xwarp::core {

using xwarp::model::SiteRef;

template <class Set> static void insertSorted(Set &V, unsigned X) {
  auto It = std::lower_bound(V.begin(), V.end(), X);
  if (It == V.end() || *It != X)
    V.insert(It, X);
}

template <class Set> static void eraseSorted(Set &V, unsigned X) {
  auto It = std::lower_bound(V.begin(), V.end(), X);
  if (It != V.end() && *It == X)
    V.erase(It);
}

static void unionInto(DependenceGraph::IdSet &Into, const DependenceGraph::IdSet &From) {
  DependenceGraph::IdSet Out;
  Out.reserve(Into.size() + From.size());
  std::set_union(Into.begin(), Into.end(), From.begin(), From.end(), std::back_inserter(Out));
  Into.swap(Out);
}

DependenceGraph::DependenceGraph(const model::FunctionModel &M, Scope S,
                                 const std::vector<bool> &DissolvedIn, bool ExemptSplits)
    : M(M), TheScope(S) {
  size_t N = M.Syncs.size();
  Dissolved.assign(N, false);
  for (size_t I = 0; I < DissolvedIn.size() && I < N; ++I)
    Dissolved[I] = DissolvedIn[I];
  Separator.resize(N);
  for (size_t I = 0; I < N; ++I)
    Separator[I] = (M.Syncs[I].isSeparator() ||
                    (ExemptSplits && M.Syncs[I].Kind == model::SyncKind::Exempt && !M.Syncs[I].EndsPath)) &&
                   !Dissolved[I];
  build();

  Above.resize(N);
  Below.resize(N);
  AboveUsers.assign(N, {});
  BelowUsers.assign(N, {});
  Marks.Mark.assign(boost::num_vertices(G), 0);
  for (unsigned I = 0; I < N; ++I) {
    Above[I] = walk(SyncVertex[I], /*Forward=*/false);
    Below[I] = walk(SyncVertex[I], /*Forward=*/true);
    for (unsigned B : Above[I].Boundary)
      AboveUsers[B].push_back(I);
    for (unsigned B : Below[I].Boundary)
      BelowUsers[B].push_back(I);
  }
}

void DependenceGraph::build() {
  // Vertices are numbered as they are created: entry, exit, one junction per
  // block, then the sites block by block. Edges are collected first: the
  // compressed graph is built once, in two arrays.
  std::vector<VertexInfo> Info;
  std::vector<std::pair<Vertex, Vertex>> Edges;
  // Sized up front: on large kernels the arrays outgrow the cache, and each
  // doubling would copy them through memory again.
  size_t Vertices = 2 + M.Blocks.size() + M.BlockSites.size();
  size_t EdgeCount = 1 + M.BlockSites.size() + M.BlockSuccs.size() + M.Blocks.size();
  Info.reserve(Vertices);
  Edges.reserve(EdgeCount);
  auto NewVertex = [&](VertexInfo I) {
    Info.push_back(I);
    return static_cast<Vertex>(Info.size() - 1);
  };
  EntryV = NewVertex({VertexInfo::Entry, 0});
  ExitV = NewVertex({VertexInfo::Exit, 0});
  SyncVertex.resize(M.Syncs.size());

  std::vector<Vertex> Junction(M.Blocks.size());
  for (unsigned B = 0; B < M.Blocks.size(); ++B)
    Junction[B] = NewVertex({VertexInfo::Junction, B});
  if (!M.Blocks.empty())
    Edges.emplace_back(EntryV, Junction[0]);

  for (unsigned B = 0; B < M.Blocks.size(); ++B) {
    const model::ModelBlock &MB = M.Blocks[B];
    // Last is the vertex control reaches last in the block; a path-ending
    // site (exit, trap) cuts the chain: what follows it is unreachable.
    std::optional<Vertex> Last = Junction[B];
    for (const SiteRef &R : M.sites(B)) {
      Vertex V = NewVertex({R.isAccess() ? VertexInfo::Access : VertexInfo::Sync, R.Index});
      if (!R.isAccess())
        SyncVertex[R.Index] = V;
      if (Last)
        Edges.emplace_back(*Last, V);
      Last = V;
      if (!R.isAccess() && M.Syncs[R.Index].EndsPath)
        Last.reset();
    }
    if (!Last)
      continue;
    for (unsigned S : M.successors(B))
      Edges.emplace_back(*Last, Junction[S]);
    if (MB.Returns)
      Edges.emplace_back(*Last, ExitV);
  }
  G = Graph(boost::edges_are_unsorted_multi_pass, Edges.begin(), Edges.end(), Info.size());
  for (Vertex V = 0; V < Info.size(); ++V)
    G[V] = Info[V];
}

DependenceGraph::Region DependenceGraph::walk(Vertex Start, bool Forward) {
  Region R;
  unsigned Walk = ++Marks.Walk;
  std::vector<Vertex> &Work = Marks.Work; // empty between walks
  auto Blocked = [&](Vertex From, Vertex To) {
    // Block scope: stepping into another block's junction (forward), or out
    // of this block's junction to anything but the function entry (backward).
    if (TheScope != Scope::Block)
      return false;
    if (Forward)
      return G[To].K == VertexInfo::Junction;
    return G[From].K == VertexInfo::Junction && G[To].K != VertexInfo::Entry;
  };
  auto Step = [&](Vertex From, Vertex To) {
    if (Blocked(From, To))
      R.CrossesBlock = true;
    else
      Work.push_back(To);
  };
  auto Expand = [&](Vertex V) {
    if (Forward) {
      for (auto [E, End] = boost::out_edges(V, G); E != End; ++E)
        Step(V, boost::target(*E, G));
    } else {
      for (auto [E, End] = boost::in_edges(V, G); E != End; ++E)
        Step(V, boost::source(*E, G));
    }
  };

  Expand(Start);
  while (!Work.empty()) {
    Vertex V = Work.back();
    Work.pop_back();
    const VertexInfo &Info = G[V];
    if (Info.K == VertexInfo::Sync && Separator[Info.Index]) {
      Marks.Boundary.push_back(Info.Index);
      continue;
    }
    if (Marks.Mark[V] == Walk)
      continue;
    Marks.Mark[V] = Walk;
    switch (Info.K) {
    case VertexInfo::Entry:
      R.ReachesFunctionEnd = true;
      if (M.EntryContext)
        Marks.Accesses.push_back(*M.EntryContext);
      continue;
    case VertexInfo::Exit:
      R.ReachesFunctionEnd = true;
      if (M.ExitContext)
        Marks.Accesses.push_back(*M.ExitContext);
      continue;
    case VertexInfo::Access:
      Marks.Accesses.push_back(Info.Index);
      break;
    case VertexInfo::Junction:
    case VertexInfo::Sync:
      break;
    }
    Expand(V);
  }
  // Sorted sets once at the end (a separator is met once per path to it).
  auto Keep = [](std::vector<unsigned> &Found, IdSet &Set) {
    std::sort(Found.begin(), Found.end());
    Set.assign(Found.begin(), std::unique(Found.begin(), Found.end()));
    Found.clear();
  };
  Keep(Marks.Accesses, R.Accesses);
  Keep(Marks.Boundary, R.Boundary);
  return R;
}

std::pair<DependenceGraph::Region, DependenceGraph::Region> DependenceGraph::walkRegions(unsigned Sync) {
  Region A = walk(SyncVertex[Sync], /*Forward=*/false);
  return {std::move(A), walk(SyncVertex[Sync], /*Forward=*/true)};
}

void DependenceGraph::extend(Region &R, const Region &From, unsigned Gone, unsigned User,
                             std::vector<UserList> &Users) {
  eraseSorted(R.Boundary, Gone);
  unionInto(R.Accesses, From.Accesses);
  for (unsigned B : From.Boundary) {
    if (B == Gone)
      continue;
    insertSorted(R.Boundary, B);
    insertSorted(Users[B], User);
  }
  R.ReachesFunctionEnd |= From.ReachesFunctionEnd;
  R.CrossesBlock |= From.CrossesBlock;
}

std::vector<unsigned> DependenceGraph::dissolve(unsigned D) {
  std::vector<unsigned> Changed;
  if (!Separator[D]) {
    Dissolved[D] = true;
    return Changed;
  }
  Separator[D] = false;
  Dissolved[D] = true;
  // Copies: D may be its own user (a loop with no other separator).
  Region AboveD = Above[D], BelowD = Below[D];
  UserList AUsers, BUsers;
  AUsers.swap(AboveUsers[D]);
  BUsers.swap(BelowUsers[D]);
  for (unsigned S : AUsers) {
    extend(Above[S], AboveD, D, S, AboveUsers);
    insertSorted(Changed, S);
  }
  for (unsigned S : BUsers) {
    extend(Below[S], BelowD, D, S, BelowUsers);
    insertSorted(Changed, S);
  }
  return Changed;
}

std::vector<unsigned> loopsAligningAcross(const DependenceGraph &G, unsigned Sync, const model::AccessSite &A,
                                          const model::AccessSite &B) {
  if (A.Loops.empty() || B.Loops.empty())
    return {};
  return model::loopsAligning(G.model(), A, B, [&](unsigned K) { return K != Sync && G.isSeparator(K); });
}

} // namespace xwarp::core
