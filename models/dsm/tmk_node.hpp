/* A TreadMarks process whose pages' real contents a test can read and write (models/dsm/tmk_lrc.hpp). */
#pragma once
#include "models/dsm/node.hpp"
#include "models/dsm/tmk_lrc.hpp"

#include <memory>

namespace cs::dsm::tmk {

/** A process running TreadMarks, as dsm::Node makes it for `system.protocol: lrc`, with the real contents of its
 *  pages reachable (params.treadmarks.track_data) for the tests that check what the protocol delivers. */
class Node : public dsm::Node {
public:
  Node(int id, Memory& memory, Transport& transport, const Params& params)
      : dsm::Node(id, memory, transport, params, [](Process& p) { return std::make_unique<Lrc>(p); })
  {
  }
  uint32_t load(long page, size_t word) { return lrc().load(page, word); }
  void store(long page, size_t word, uint32_t value) { lrc().store(page, word, value); }

private:
  Lrc& lrc() { return static_cast<Lrc&>(protocol()); }
};

} // namespace cs::dsm::tmk
