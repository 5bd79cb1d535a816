#include "models/microbench/model.hpp"
#include "models/microbench/actors.hpp"

#include <memory>

namespace cs::microbench {

namespace {

/** The OS costs each microbenchmark charges: checked before the engine starts, so that a profile lacking one is an
 *  input error naming the profile, not a failure inside an actor. */
std::vector<const char*> costs_used(const Params& p)
{
  switch (p.bench) {
  case Bench::fork:
    return {"fork_fixed", "fork_per_mb"};
  case Bench::thread_create:
    return {"thread_create"};
  case Bench::thread_checkpoint:
    return {"thread_create", "memcpy_bw"};
  case Bench::handoff:
    return {p.cross_cpu ? "wakeup" : "context_switch"};
  case Bench::syscall:
    return {"syscall"};
  case Bench::signal:
    return {"signal"};
  case Bench::memcpy:
    return {"memcpy_bw"};
  case Bench::fault_trap:
    return {"page_fault", "memcpy_bw"};
  case Bench::page_diff:
    return {"page_diff"};
  case Bench::flops:
    return {};
  case Bench::udp_rtt:
    return {"udp_fixed", "udp_per_byte"};
  case Bench::write:
    return {"disk_buffered_write_bw"};
  case Bench::aio:
    return {"aio_submit", "aio_write_bw", "buffer_fill_bw"};
  }
  return {};
}

class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx)
  {
    Fields& f = fields_;
    ctx.host_param(f, "host", p_.host);
    const OsProfile& os = ctx.platform.os(p_.host);
    for (auto const* key : costs_used(p_))
      os.cost(key);
    if (p_.bench == Bench::handoff && p_.cross_cpu && ctx.platform.host_spec(p_.host).cores < p_.threads)
      f.fail("cross_cpu", "host \"" + p_.host + "\" has fewer cores than threads: the ring cannot span CPUs");
  }

  void start() override
  {
    sg4::Host* host     = ctx_.platform.host(p_.host);
    const OsProfile& os = ctx_.platform.os(p_.host);
    switch (p_.bench) {
    case Bench::handoff:
      ring_ = std::make_unique<HandoffRing>(p_, os, span_);
      ring_->start(host);
      break;
    case Bench::udp_rtt:
      udp_ = std::make_unique<UdpPingPong>(p_, os, span_);
      udp_->start(host);
      break;
    case Bench::write:
      writer_ = std::make_unique<PageWriter>(p_, os, span_);
      sg4::Actor::create("writer", host, [this] { (*writer_)(); });
      break;
    case Bench::aio:
      aio_ = std::make_unique<AioPages>(p_, os, span_);
      aio_->start(host);
      break;
    default:
      loop_ = std::make_unique<OpLoop>(p_, os, span_);
      sg4::Actor::create(bench_name(p_.bench), host, [this] { (*loop_)(); });
    }
  }

  void finish() override
  {
    Recorder& r = ctx_.recorder;
    r.set("bench", bench_name(p_.bench));
    r.set("operations", span_.ops);
    r.set("total_time_s", span_.end - span_.start);
    r.set("op_time_s", span_.per_op());
  }

private:
  Span span_;
  std::unique_ptr<OpLoop> loop_;
  std::unique_ptr<HandoffRing> ring_;
  std::unique_ptr<UdpPingPong> udp_;
  std::unique_ptr<PageWriter> writer_;
  std::unique_ptr<AioPages> aio_;
};

} // namespace

ModelEntry entry()
{
  return model_entry<Params, Run>("microbench", "-",
                                  "the native microbenchmarks of `clustersim calibrate`, simulated on a host profile "
                                  "(calibration round trip)");
}

} // namespace cs::microbench
