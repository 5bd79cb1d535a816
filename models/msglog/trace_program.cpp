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

private:
  RankOps& ops_;
};

} // namespace

void run_trace(const Params& p, int rank, RankOps& ops)
{
  TraceSink sink(ops);
  ti::replay_rank(*p.trace, rank, sink);
}

} // namespace cs::msglog
