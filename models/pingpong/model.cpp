#include "models/pingpong/model.hpp"

#include <simgrid/s4u.hpp>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_pingpong, cs, "Ping-pong between two hosts");

namespace sg4 = simgrid::s4u;

namespace cs::pingpong {

namespace {

struct Params {
  std::string ping  = "a";
  std::string pong  = "b";
  long round_trips  = 1000;
  double size       = 64;
  double reply_size = 64;

  static Params from(Fields& f)
  {
    Params p;
    p.ping        = f.string("ping", p.ping, "host sending the requests");
    p.pong        = f.string("pong", p.pong, "host answering them");
    p.round_trips = f.integer("round_trips", p.round_trips, "request/response exchanges", 1);
    p.size        = f.quantity("size", Unit::size, p.size, "request size", Range::non_negative());
    p.reply_size  = f.quantity("reply_size", Unit::size, p.reply_size, "response size", Range::non_negative());
    f.finish();
    return p;
  }
};

class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx)
  {
    Fields& f = fields_;
    for (auto const* key : {"ping", "pong"})
      ctx.host_param(f, key, std::string(key) == "ping" ? p_.ping : p_.pong);
  }
  void start() override
  {
    auto* in  = sg4::Mailbox::by_name("pong-in");
    auto* out = sg4::Mailbox::by_name("pong-out");
    sg4::Actor::create("ping", ctx_.platform.host(p_.ping), [this, in, out]() {
      static char token;
      for (long i = 0; i < p_.round_trips; ++i) {
        in->put(&token, static_cast<uint64_t>(p_.size));
        out->get<char>();
        XBT_VERB("round trip %ld of %ld done", i + 1, p_.round_trips);
      }
      end_ = sg4::Engine::get_clock();
    });
    sg4::Actor::create("pong", ctx_.platform.host(p_.pong), [this, in, out]() {
      for (long i = 0; i < p_.round_trips; ++i) {
        char* request = in->get<char>();
        XBT_VERB("request %ld received, replying", i + 1);
        out->put(request, static_cast<uint64_t>(p_.reply_size));
      }
    });
  }
  void finish() override
  {
    ctx_.recorder.set("round_trips", p_.round_trips);
    ctx_.recorder.set("total_time_s", end_);
    ctx_.recorder.set("round_trip_time_s", end_ / static_cast<double>(p_.round_trips));
  }

private:
  double end_ = 0;
};

} // namespace

ModelEntry entry()
{
  return model_entry<Params, Run>("pingpong", "-",
                                  "two hosts exchange request/response messages (teaching, framework overhead)");
}

} // namespace cs::pingpong
