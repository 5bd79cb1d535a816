#include "models/microbench/outputs.hpp"

namespace cs::microbench {

const ModelDecl& decl()
{
  static const ModelDecl d{{{"bench", "text", "the probe replayed (params.bench)"},
                            {"operations", "1", "operations the probe timed"},
                            {"total_time_s", "s", "from the first timed operation's start to the last one's end"},
                            {"op_time_s", "s", "total_time_s / operations: one operation (0 without operations)"}},
                           {},
                           {// A probe replays its OS cost on one host (its speed and cores), a written page goes
                            // through the host's disk (fsync), and the UDP probe crosses the network.
                            // reference: hosts' hardware rates, which its costs scale with once hosts carry them.
                            "/hosts/*/speed", "/hosts/*/cores", "/hosts/*/reference", "/hosts/*/disks/*/write_bw",
                            "/switches/*/port", "/switches/*/backplane", "/links", "/os_profiles/*/costs"},
                           {}};
  return d;
}

} // namespace cs::microbench
