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

/** What every probe's run shares: the host and its OS costs checked before the engine starts, and the span the
 *  probe measures, recorded at the end. */
class ProbeRun : public ParamsRun<Params> {
public:
  ProbeRun(ModelContext& ctx, Params p) : ParamsRun(ctx, std::move(p))
  {
    Fields& f = fields_;
    ctx.host_param(f, "host", p_.host);
    const OsProfile& os = ctx.platform.os(p_.host);
    for (auto const* key : costs_used(p_))
      os.cost(key);
    if (p_.bench == Bench::handoff && p_.cross_cpu && ctx.platform.host_spec(p_.host).cores < p_.threads)
      f.fail("cross_cpu", "host \"" + p_.host + "\" has fewer cores than threads: the ring cannot span CPUs");
  }

  void finish() override
  {
    Recorder& r = ctx_.recorder;
    r.set("bench", bench_name(p_.bench));
    r.set("operations", span_.ops);
    r.set("total_time_s", span_.end - span_.start);
    r.set("op_time_s", span_.per_op());
  }

protected:
  sg4::Host* host() const { return ctx_.platform.host(p_.host); }
  const OsProfile& os() const { return ctx_.platform.os(p_.host); }
  Span span_;
};

/** A probe that starts its own actors on the host (the handoff ring, the UDP ping-pong, the AIO pages). */
template <class Probe> class StartedProbeRun : public ProbeRun {
public:
  using ProbeRun::ProbeRun;
  void start() override
  {
    probe_ = std::make_unique<Probe>(p_, os(), span_);
    probe_->start(host());
  }

private:
  std::unique_ptr<Probe> probe_;
};

/** A probe that is one actor's body (the operation loops, the page writer), the actor named `name`. */
template <class Probe> class ActorProbeRun : public ProbeRun {
public:
  ActorProbeRun(ModelContext& ctx, Params p, std::string name) : ProbeRun(ctx, std::move(p)), name_(std::move(name)) {}
  void start() override
  {
    probe_ = std::make_unique<Probe>(p_, os(), span_);
    sg4::Actor::create(name_, host(), [this] { (*probe_)(); });
  }

private:
  std::string name_;
  std::unique_ptr<Probe> probe_;
};

/** The run of the probe the parameters name. */
std::unique_ptr<ModelRun> probe_run(ModelContext& ctx, Params p)
{
  switch (p.bench) {
  case Bench::handoff:
    return std::make_unique<StartedProbeRun<HandoffRing>>(ctx, std::move(p));
  case Bench::udp_rtt:
    return std::make_unique<StartedProbeRun<UdpPingPong>>(ctx, std::move(p));
  case Bench::aio:
    return std::make_unique<StartedProbeRun<AioPages>>(ctx, std::move(p));
  case Bench::write:
    return std::make_unique<ActorProbeRun<PageWriter>>(ctx, std::move(p), "writer");
  default: {
    std::string name = bench_name(p.bench);
    return std::make_unique<ActorProbeRun<OpLoop>>(ctx, std::move(p), name);
  }
  }
}

} // namespace

ModelEntry entry()
{
  return experiment_model_entry<Params, probe_run>(
      "microbench", "-",
      "the native microbenchmarks of `clustersim calibrate`, simulated on a host profile "
      "(calibration round trip)");
}

} // namespace cs::microbench
