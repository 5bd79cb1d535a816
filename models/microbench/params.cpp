#include "models/microbench/params.hpp"

#include <vector>

namespace cs::microbench {

namespace {
const std::vector<std::pair<Bench, const char*>> bench_names = {{Bench::fork, "fork"},
                                                                {Bench::thread_create, "thread_create"},
                                                                {Bench::thread_checkpoint, "thread_checkpoint"},
                                                                {Bench::handoff, "handoff"},
                                                                {Bench::syscall, "syscall"},
                                                                {Bench::signal, "signal"},
                                                                {Bench::memcpy, "memcpy"},
                                                                {Bench::fault_trap, "fault_trap"},
                                                                {Bench::page_diff, "page_diff"},
                                                                {Bench::flops, "flops"},
                                                                {Bench::udp_rtt, "udp_rtt"},
                                                                {Bench::write, "write"},
                                                                {Bench::aio, "aio"}};
} // namespace

const char* bench_name(Bench b)
{
  for (auto const& [k, name] : bench_names)
    if (k == b)
      return name;
  return "?";
}

Params Params::from(Fields& f)
{
  Params p;
  std::vector<std::string> names;
  for (auto const& [_, name] : bench_names)
    names.emplace_back(name);
  std::string b = f.choice("bench", "fork", names, "which microbenchmark (docs/calibration.md lists them)");
  for (auto const& [k, name] : bench_names)
    if (b == name)
      p.bench = k;
  p.host          = f.string("host", p.host, "host running the microbenchmark (its OS profile gives the costs)");
  p.operations    = f.integer("operations", p.operations,
                              "operations timed; op_time_s is their mean (write and aio time `pages` pages)", 1);
  p.resident_size = f.quantity("resident_size", Unit::size, p.resident_size,
                               "fork: memory the process has touched (page tables fork copies)", Range::non_negative());
  p.state_size =
      f.quantity("state_size", Unit::size, p.state_size,
                 "thread_checkpoint: program state copied aside before the thread starts", Range::non_negative());
  p.threads    = f.integer("threads", p.threads, "handoff: threads in the ring", 2, 64);
  p.cross_cpu  = f.boolean("cross_cpu", p.cross_cpu,
                           "handoff: each thread on its own CPU (a hand-off wakes a sleeping CPU: cost wakeup) "
                            "instead of all on one (cost context_switch)");
  p.copy_size  = f.quantity("copy_size", Unit::size, p.copy_size, "memcpy: bytes copied", Range::non_negative());
  p.fault_unit = f.quantity("fault_unit", Unit::size, p.fault_unit,
                            "fault_trap: unit the handler unprotects (and copies into a twin)", Range::positive());
  p.twin       = f.boolean("twin", p.twin, "fault_trap: the handler also copies the unit into a twin (software DSM)");
  p.diff_page  = f.quantity("diff_page", Unit::size, p.diff_page,
                            "page_diff: page size (the profile's page_diff cost is for the calibrated 8 KiB page)",
                            Range::positive());
  p.flops      = f.number("flops", p.flops, "flops: floating-point operations per operation", Range::positive());
  p.request_size =
      f.quantity("request_size", Unit::size, p.request_size, "udp_rtt: request datagram", Range::non_negative());
  p.reply_size = f.quantity("reply_size", Unit::size, p.reply_size, "udp_rtt: reply datagram", Range::non_negative());
  p.write_mode =
      f.choice<WriteMode>("write_mode", p.write_mode, {{"buffered", WriteMode::buffered}, {"fsync", WriteMode::fsync}},
                          "write: into the page cache, or through to the disk (fsync after each page)");
  p.log_page =
      f.quantity("log_page", Unit::size, p.log_page, "write, aio: bytes per page (seed 004: 4 MB)", Range::positive());
  p.pages       = f.integer("pages", p.pages, "write, aio: pages written in the timed run", 1);
  p.outstanding = f.integer("outstanding", p.outstanding,
                            "aio: buffer pages, i.e. writes allowed in flight (seed 004: 1, 2, 3)", 1, 64);
  p.work =
      f.number("work", p.work, "aio: flops the application computes before filling each page", Range::non_negative());
  f.finish();
  return p;
}

} // namespace cs::microbench
