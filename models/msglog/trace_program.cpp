#include "models/msglog/trace_program.hpp"
#include "models/common/ti_replay.hpp"

namespace cs::msglog {

namespace {

class TraceSink : public ti::TransferSink {
public:
  explicit TraceSink(RankOps& ops) : ops_(ops) {}
  void compute(double flops) override { ops_.compute_flops(flops); }
  void sleep(double seconds) override { ops_.sleep(seconds); }
  void send(int dst, double bytes, int channel) override
  {
    ops_.send(dst, bytes, 1, channel == ti::p2p_channel, channel);
  }
  void recv(int src, double, int channel) override { ops_.recv(src, channel); }
  void send_any(int dst, int tag, double bytes) override { ops_.send_any(dst, tag, bytes); }
  void recv_any(int tag, double) override { ops_.recv_any(tag); }

private:
  RankOps& ops_;
};

} // namespace

void run_trace(const Params& p, int rank, RankOps& ops)
{
  TraceSink sink(ops);
  ti::replay_rank(*p.trace, rank, sink, p.any_tags.get());
}

} // namespace cs::msglog
