/* Ping-pong: two actors exchange request/response messages. A teaching example, the framework-overhead benchmark
 * (bench/pingpong.sh compares it with a bare S4U program), and a simulated request-response microbenchmark. */
#pragma once
#include "sim/run/model.hpp"

namespace cs::pingpong {
ModelEntry entry();
}
