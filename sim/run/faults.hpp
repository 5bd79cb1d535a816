/* The fault schedule of a scenario (its "faults" list, docs/faults.md), which every model accepts:
 *   {"host": H, "at": T [, "until": T2]}          host H switched off at T (and on again at T2)
 *   {"host": H, "mtbf": M}                         host H switched off after an exponential lifetime of mean M
 *   {"link": L, "from": T0, "to": T1, "slowdown": k}   link L's bandwidth / k and latency x k over [T0, T1)
 *   {"link": L, "from": T0, "to": T1, "loss": p}       each datagram crossing L lost with probability p
 *   {"host": H, "disk": D, "from": T0, "to": T1, "slowdown": k}   disk D of H read and written k times slower
 * Slowdowns are applied to the SimGrid platform itself, so they reach every model. A loss rate is asked for by the
 * transports that can lose a datagram (the UDP fabric of models/common/net). A host switched off kills its actors: only
 * models that recover from it accept host faults. */
#pragma once
#include "sim/input/json_io.hpp"

#include <limits>
#include <string>
#include <vector>

namespace cs {

class Platform;
class RngStreams;

struct Fault {
  enum class Kind { host, link, disk } kind = Kind::host;
  std::string host, link, disk;
  double at       = -1; ///< host: when it goes off (negative: drawn from mtbf)
  double mtbf     = 0;
  double from     = 0; ///< link/disk: the interval; host: back on at `to`
  double to       = std::numeric_limits<double>::infinity();
  double slowdown = 1;
  double loss     = 0;
  std::string pointer;
};

class FaultSchedule {
public:
  std::vector<Fault> faults;
  std::string file;
  bool has_host_faults() const;
  /** The loss rate of link `link` at simulated time `now` (0 outside its loss intervals). */
  double loss(const std::string& link, double now) const;
};

/** Parses a scenario's "faults" list (null: none); InputError naming file and /faults/i/... on bad input. */
FaultSchedule parse_faults(const json* list, const std::string& file);

/** Checks the faults' hosts, links and disks against the built platform and whether `model` survives a host
 *  fault (InputError otherwise), then starts the actors that apply the schedule. The schedule stays the running
 *  one (for `active_faults`) until the next call. */
void start_faults(const FaultSchedule& schedule, Platform& platform, const RngStreams& rng, const std::string& model);

/** The schedule of the running scenario (empty outside a run): transports ask it for a link's loss rate. */
const FaultSchedule& active_faults();

/** When `host` was last switched off by the schedule (negative if it never was): a model's failure detector learns
 *  when the failure it detected happened. */
double fault_off_since(const std::string& host);

} // namespace cs
