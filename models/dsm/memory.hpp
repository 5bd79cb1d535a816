/* The shared address space: pages and their homes. An allocation deals its pages to homes in blocks, round-robin
 * from a starting node, as JIAJIA's jia_alloc3(size, block, start) does; a benchmark chooses the blocks that match
 * how its real code divides the data (rows of a matrix to the node that computes them...). */
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

namespace cs::dsm {

class Memory {
public:
  Memory(int nodes, double page_size) : nodes_(nodes), page_size_(page_size) {}
  /** Allocates `bytes` (rounded up to pages); homes: blocks of `block_bytes` (at least a page) dealt to the nodes
   *  round-robin from `start`. Returns the first page. */
  long alloc(double bytes, double block_bytes, int start = 0);
  int home(long page) const { return homes_[static_cast<std::size_t>(page)]; }
  long pages() const { return static_cast<long>(homes_.size()); }
  double page_size() const { return page_size_; }
  int nodes() const { return nodes_; }
  /** First and last page holding bytes [offset, offset + length) of the allocation starting at page `base`. */
  std::pair<long, long> span(long base, double offset, double length) const;

private:
  int nodes_;
  double page_size_;
  std::vector<int> homes_;
};

} // namespace cs::dsm
