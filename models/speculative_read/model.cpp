#include "models/speculative_read/model.hpp"
#include "models/speculative_read/program.hpp"

namespace cs::speculative_read {

namespace {

class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx)
  {
    Fields& f = fields_;
    for (auto const* key : {"client", "server"})
      ctx.host_param(f, key, std::string(key) == "client" ? p_.client : p_.server);
    // Which iterations write is drawn once, so that every method meets the same sequence (common random numbers)
    // and a rolled-back iteration re-executes the same program.
    Rng workload = ctx.rng.stream("workload");
    std::vector<bool> writes;
    for (long i = 0; i < p_.iterations; ++i)
      writes.push_back(workload.bernoulli(p_.write_probability));
    const OsProfile& client_os = ctx.platform.os(p_.client);
    client_os.cost("rpc_client_cpu"); // fail now, with a clear message, if the profile lacks a cost we use
    if (p_.method == Method::FR)
      client_os.fork_cost(p_.resident_size);
    if (p_.method == Method::TR) {
      client_os.cost("thread_create");
      client_os.cost("memcpy_bw");
    }
    ctx.platform.os(p_.server).cost("rpc_server_cpu");
    server_box_       = sg4::Mailbox::by_name("sr-data-server");
    server_           = std::make_unique<DataServer>(p_, ctx.platform.os(p_.server), server_box_);
    client_           = std::make_unique<ClientServer>(p_, client_os, server_box_);
    sg4::Host* client = ctx.platform.host(p_.client);
    program_          = std::make_unique<LocalProgram>(p_, client_os, *client_, std::move(writes),
                                              ctx.platform.reference_speed(client), ctx.platform.memory_bw(client));
    double ref        = ctx.platform.reference_speed(client);
    local_s_ = ref == client->get_speed() ? p_.local_process_s : p_.local_process_s * ref / client->get_speed();
  }

  void start() override
  {
    sg4::Actor::create("data-server", ctx_.platform.host(p_.server), [this]() { (*server_)(); })->daemonize();
    sg4::Actor::create("program", ctx_.platform.host(p_.client), [this]() { (*program_)(); });
  }

  void finish() override
  {
    Recorder& r     = ctx_.recorder;
    const auto& rpc = client_->stats();
    const auto& br  = program_->stats();
    double total    = program_->loop_end() - program_->loop_start();
    double n        = static_cast<double>(p_.iterations);
    r.set("method", method_name(p_.method));
    r.set("total_time_s", total);
    // The seed's Graph 4.2: loop time minus the nominal local processing (writes included in case 2).
    r.set("read_time_s", total - n * local_s_);
    r.set("read_time_per_op_s", (total - n * local_s_) / n);
    r.set("remote_checks", rpc.checks);
    r.set("remote_reads", rpc.reads - (p_.initial_read ? 1 : 0));
    r.set("remote_writes", rpc.writes);
    r.set("connections", rpc.connections);
    r.set("mean_check_time_s", rpc.checks ? rpc.check_time / rpc.checks : 0.0);
    r.set("mean_remote_read_time_s", rpc.reads ? rpc.read_time / rpc.reads : 0.0);
    r.set("write_time_s", rpc.write_time);
    r.set("checkpoints", br.checkpoints);
    r.set("speculation_wins", br.wins);
    r.set("rollbacks", br.rollbacks);
    r.set("waits_at_next_checkpoint", br.waits);
    r.set("wait_time_s", br.wait_time);
    r.set("checkpoint_time_s", br.checkpoint_time);
    r.set("mean_checkpoint_time_s", br.checkpoints ? br.checkpoint_time / br.checkpoints : 0.0);
    Table& t = r.table("iterations", {"iteration", "write", "outcome", "end_s", "iteration_time_s", "overhead_s"});
    t.stream_rows(); // up to 10^7 rows: to their file as they come, not held
    double prev = program_->loop_start();
    for (long i = 0; i < p_.iterations; ++i) {
      double end = program_->iteration_end()[i];
      t.add({i, program_->writes()[i] ? 1 : 0, outcome_name(program_->outcomes()[i]), end - program_->loop_start(),
             end - prev, end - prev - p_.local_process_s});
      prev = end;
    }
  }

private:
  sg4::Mailbox* server_box_ = nullptr;
  std::unique_ptr<DataServer> server_;
  std::unique_ptr<ClientServer> client_;
  std::unique_ptr<LocalProgram> program_;
  double local_s_ = 0; ///< one iteration's local processing on the client host (local_process_s on the reference)
};

} // namespace

ModelEntry entry()
{
  return model_entry<Params, Run>("speculative_read", "000",
                                  "Yi 2002: remote read with fork/thread checkpoints (optimistic and pessimistic "
                                  "branches)");
}

} // namespace cs::speculative_read
