//===- core/DependenceGraph.h - Sites, CFG order and barrier regions -------===//
//
// The dependence-graph core (DESIGN "The dependence-graph core"): a
// Boost.Graph per function (compressed sparse rows: it never changes once
// built) whose vertices are access and synchronization sites (plus block
// junctions and the function's entry and exit) and whose edges are CFG-order
// steps. For every synchronization site s it keeps above(s) and below(s):
// the access sites from which s is reachable, and that s reaches, along paths
// crossing no separator (full CTA barrier). Deleting a barrier dissolves it:
// the regions that stopped at it grow by its own regions, without walking the
// graph again.
//
//===----------------------------------------------------------------------===//
#ifndef XWARP_CORE_DEPENDENCEGRAPH_H
#define XWARP_CORE_DEPENDENCEGRAPH_H

#include "model/FunctionModel.h"

#include "llvm/ADT/SmallVector.h"

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <utility>
#include <vector>

namespace xwarp::core {

class DependenceGraph {
public:
  /// Function scope follows paths through the whole CFG (dataflow, address).
  /// Block scope stops at block boundaries and records that it crossed one
  /// (four-map: a crossed boundary counts as unknown accesses).
  enum class Scope : uint8_t { Function, Block };

  /// Sorted ids. Most regions hold a few, which stay inline: two allocations
  /// per region were a good part of the engine's time.
  using IdSet = llvm::SmallVector<unsigned, 4>;

  struct Region {
    /// Sorted ids of the access sites in the region (caller context included).
    IdSet Accesses;
    /// Sorted ids of the separators at which paths stop.
    IdSet Boundary;
    /// Some path reaches the function's entry (above) or exit (below).
    bool ReachesFunctionEnd = false;
    /// Block scope: some path leaves the block other than at function entry/exit.
    bool CrossesBlock = false;
    bool operator==(const Region &O) const {
      return Accesses == O.Accesses && Boundary == O.Boundary &&
             ReachesFunctionEnd == O.ReachesFunctionEnd && CrossesBlock == O.CrossesBlock;
    }
  };

  /// Builds the graph and every site's regions. Syncs marked in Dissolved
  /// (by sync id) are treated as already deleted. ExemptSplits (an ablation,
  /// erratum 6) makes exempt intrinsics separators too.
  explicit DependenceGraph(const model::FunctionModel &M, Scope S = Scope::Function,
                           const std::vector<bool> &Dissolved = {}, bool ExemptSplits = false);

  const model::FunctionModel &model() const { return M; }
  Scope scope() const { return TheScope; }
  const Region &above(unsigned Sync) const { return Above[Sync]; }
  const Region &below(unsigned Sync) const { return Below[Sync]; }
  /// A full barrier that is not divergent and has not been dissolved.
  bool isSeparator(unsigned Sync) const { return Separator[Sync]; }
  bool isDissolved(unsigned Sync) const { return Dissolved[Sync]; }

  /// Deletes the barrier Sync from the graph's point of view: it stops being
  /// a separator, and every region that ended at it is extended by Sync's own
  /// region. Returns the syncs whose regions changed.
  std::vector<unsigned> dissolve(unsigned Sync);

  /// Sync's regions walked afresh over the graph as it stands (separators as
  /// dissolved so far), not taken from the incremental bookkeeping: the
  /// checker's own derivation, as a rebuilt graph would give them.
  std::pair<Region, Region> walkRegions(unsigned Sync);

  size_t numVertices() const { return boost::num_vertices(G); }
  size_t numEdges() const { return boost::num_edges(G); }

private:
  struct VertexInfo {
    enum Kind : uint8_t { Entry, Exit, Junction, Access, Sync } K = Junction;
    unsigned Index = 0;
  };
  // The graph never changes once built (a deletion changes regions, not
  // edges): compressed rows keep it in a few arrays instead of two edge
  // vectors per vertex, which matters once a function outgrows the caches.
  // 32-bit vertex and edge indices: half the memory of the default size_t,
  // which matters once a large kernel's graph no longer fits in the cache.
  using Graph = boost::compressed_sparse_row_graph<boost::bidirectionalS, VertexInfo, boost::no_property,
                                                   boost::no_property, uint32_t, uint32_t>;
  using Vertex = Graph::vertex_descriptor;

  /// Which vertices the current walk has seen: vertex v is seen when
  /// Mark[v] == Walk. Shared by all walks so that none clears or allocates a
  /// vector the size of the graph (that made region building quadratic), nor
  /// a work list of its own.
  struct WalkMarks {
    std::vector<unsigned> Mark;
    unsigned Walk = 0;
    std::vector<Vertex> Work;
    /// What a walk finds, gathered here and copied into the region once
    /// sorted: growing each region's own sets took an allocation per doubling.
    std::vector<unsigned> Accesses, Boundary;
  };

  void build();
  Region walk(Vertex Start, bool Forward);
  using UserList = llvm::SmallVector<unsigned, 2>;
  void extend(Region &R, const Region &From, unsigned Gone, unsigned User, std::vector<UserList> &Users);

  const model::FunctionModel &M;
  Scope TheScope;
  Graph G;
  Vertex EntryV = 0, ExitV = 0;
  std::vector<Vertex> SyncVertex;
  std::vector<bool> Separator, Dissolved;
  WalkMarks Marks;
  std::vector<Region> Above, Below;
  /// AboveUsers[d]: the syncs whose above-region stops at separator d.
  std::vector<UserList> AboveUsers, BelowUsers;
};

/// The aligned loops (model/IterationAlignment.h) in which A and B run in
/// one iteration whenever they are unordered once Sync is deleted from G:
/// the aligners that count are G's separators other than Sync.
std::vector<unsigned> loopsAligningAcross(const DependenceGraph &G, unsigned Sync, const model::AccessSite &A,
                                          const model::AccessSite &B);

} // namespace xwarp::core

#endif
