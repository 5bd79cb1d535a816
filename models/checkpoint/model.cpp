#include "models/checkpoint/model.hpp"
#include "models/checkpoint/migration.hpp"

#include <memory>

namespace cs::checkpoint {

namespace {

class Run : public ModelRun {
public:
  explicit Run(ModelContext& ctx) : ctx_(ctx)
  {
    Fields f = ctx.params();
    p_       = Params::from(f);
    for (auto const* key : {"from", "to"}) {
      const std::string& name = std::string(key) == "from" ? p_.node_a : p_.node_b;
      if (not ctx.platform.has_host(name))
        f.fail(key, "platform " + ctx.platform.spec().file + " has no host \"" + name + "\"");
      sg4::Host* h = ctx.platform.host(name);
      agents_.push_back(std::make_unique<MigrationAgent>(h, NtCosts::from(ctx.platform.os(h)), p_));
    }
  }

  void start() override
  {
    for (auto& a : agents_)
      sg4::Actor::create("migration-agent", a->host(), [agent = a.get()] { agent->serve(); })->daemonize();
    thread_.stack_bytes = p_.stack_bytes;
    thread_.actor       = sg4::Actor::create("user-thread", agents_[0]->host(), [this] {
      // Seed 2.5: each iteration migrates the thread to the other node and back.
      double t0 = sg4::Engine::get_clock();
      for (long i = 0; i < p_.round_trips; ++i) {
        agents_[0]->migrate_me(thread_, *agents_[1]);
        agents_[1]->migrate_me(thread_, *agents_[0]);
      }
      elapsed_ = sg4::Engine::get_clock() - t0;
    });
  }

  void finish() override
  {
    Recorder& rec   = ctx_.recorder;
    long migrations = 2 * p_.round_trips;
    rec.set("migrations", migrations);
    rec.set("acks", agents_[0]->acks + agents_[1]->acks);
    rec.set("final_host", thread_.actor ? thread_.actor->get_host()->get_name() : "");
    double per = elapsed_ / static_cast<double>(migrations);
    double w32 = NtCosts::from(ctx_.platform.os(agents_[0]->host())).win32_per_migration();
    rec.set("migration_time_ms", 1e3 * per);
    rec.set("win32_calls_ms", 1e3 * w32);
    rec.set("network_copy_sync_ms", 1e3 * (per - w32)); // seed Table 1's remaining row
  }

private:
  ModelContext& ctx_;
  Params p_;
  std::vector<std::unique_ptr<MigrationAgent>> agents_;
  BrazosThread thread_;
  double elapsed_ = 0;
};

} // namespace

ModelEntry entry()
{
  return {"checkpoint", "002", "Brazos on Windows NT: user-level thread migration (checkpoint/recovery to come)",
          describe_params<Params>, create_run<Run>, check_params<Params>};
}

} // namespace cs::checkpoint
