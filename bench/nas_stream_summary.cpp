/* What the msglog model's built-in NAS streams send, rank by rank, without a simulation: every rank's program
 * (models/msglog/streams.cpp) runs against a counting RankOps, and the messages are printed as one JSON document that
 * bench/npb_trace_summary.py summarises beside an SMPI trace of the real NPB code (bench/npb_compare.sh).
 *   usage: bench_nas_stream_summary BENCH CLASS RANKS   (bench: bt cg ep lu mg sp; class: S W A B C)
 * Output: {"bench", "class", "ranks", "rank_ops": [{"rank", "logged": {dst: {bytes: count}}, "unlogged": {...},
 * "recvs": {src: transfers}}]}; "unlogged" holds the collectives the streams move as point-to-point transfers
 * (EP's allreduces), which the logging library does not copy. */
#include "models/msglog/params.hpp"
#include "models/msglog/streams.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/json_io.hpp"

#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

namespace {

using Sizes = std::map<std::string, long>; // message bytes -> messages

std::string bytes_key(double bytes)
{
  std::ostringstream s;
  s.precision(17);
  s << bytes;
  return s.str();
}

/** Counts what one rank's program sends (per destination and size) and receives (per source). */
class Counter : public cs::msglog::RankOps {
public:
  void compute(double) override {}
  void compute_flops(double) override {}
  void sleep(double) override {}
  void send(int dst, double bytes, long count, bool logged, int /*channel*/) override
  {
    (logged ? logged_ : unlogged_)[dst][bytes_key(bytes)] += count;
  }
  void recv(int src, int /*channel*/) override { ++recvs_[src]; }

  cs::json to_json(int rank) const
  {
    cs::json j{{"rank", rank}, {"logged", cs::json::object()}, {"unlogged", cs::json::object()}};
    for (auto const& [dst, sizes] : logged_)
      j["logged"][std::to_string(dst)] = sizes;
    for (auto const& [dst, sizes] : unlogged_)
      j["unlogged"][std::to_string(dst)] = sizes;
    for (auto const& [src, n] : recvs_)
      j["recvs"][std::to_string(src)] = n;
    return j;
  }

private:
  std::map<int, Sizes> logged_, unlogged_;
  std::map<int, long> recvs_;
};

} // namespace

int main(int argc, char** argv)
{
  if (argc != 4) {
    std::cerr << "usage: bench_nas_stream_summary BENCH CLASS RANKS\n";
    return 2;
  }
  const std::string bench = argv[1], cls = argv[2];
  char* end        = nullptr;
  const long ranks = std::strtol(argv[3], &end, 10);
  if (end == argv[3] || *end != '\0' || ranks < 1) {
    std::cerr << "bench_nas_stream_summary: RANKS must be a positive integer, got \"" << argv[3] << "\"\n";
    return 2;
  }
  try {
    // The compute time only scales compute() calls, which are not counted; the check needs it positive.
    cs::json params{
        {"bench", bench}, {"class", cls}, {"ranks", ranks}, {"ranks_per_node", 1}, {bench, {{"compute", "1s"}}}};
    cs::Fields f(params, "<command line>", "");
    const cs::msglog::Params p = cs::msglog::Params::from(f);
    cs::json out{{"bench", bench}, {"class", cls}, {"ranks", ranks}, {"rank_ops", cs::json::array()}};
    for (int r = 0; r < ranks; ++r) {
      Counter c;
      cs::msglog::run_program(p, r, c);
      out["rank_ops"].push_back(c.to_json(r));
    }
    std::cout << out.dump() << "\n";
  } catch (const cs::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  return 0;
}
