/* A run's traffic and synchronisation as rates over its execution time (the TreadMarks study's way of reporting
 * them): messages and kilobytes sent over the network by all processes, lock acquisitions and barriers. */
#pragma once
#include "models/dsm/transport.hpp"
#include "sim/run/recorder.hpp"

#include <memory>
#include <vector>

namespace cs::dsm {

/** net_messages, msgs_per_s, kbytes_per_s, acquires, locks_per_s, barriers, barriers_per_s. */
void record_rates(Recorder& rec, const std::vector<std::unique_ptr<Transport>>& transports, double time);

} // namespace cs::dsm
