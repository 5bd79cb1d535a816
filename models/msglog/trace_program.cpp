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
  void at(const ti::RankTrace& rt, const ti::Action* a) override { ops_.trace_at(rt, a); }

private:
  RankOps& ops_;
};

} // namespace

std::string trace_position(const ti::RankTrace& rt, const ti::Action* a)
{
  if (a == nullptr)
    return "the end of " + rt.file + " (the requests it left open)";
  std::string what = ti::kind_name(a->kind);
  using K          = ti::Kind;
  if (a->kind == K::recv || a->kind == K::irecv)
    what += a->peer == ti::any_source ? " from any rank" : " from rank " + std::to_string(a->peer);
  else if (a->kind == K::sendrecv)
    what += " from rank " + std::to_string(a->peer2);
  else if (a->kind == K::wait)
    what += " for the request from rank " + std::to_string(a->peer) + " to rank " + std::to_string(a->peer2);
  return rt.file + ":" + std::to_string(a->line) + " (" + what + ")";
}

void run_trace(const Params& p, int rank, RankOps& ops)
{
  TraceSink sink(ops);
  ti::replay_rank(*p.trace, rank, sink, p.any_tags.get());
}

} // namespace cs::msglog
