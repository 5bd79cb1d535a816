#include "models/checkpoint/model.hpp"
#include "models/checkpoint/coordinated.hpp"
#include "models/checkpoint/migration.hpp"
#include "models/checkpoint/trace_load.hpp"
#include "sim/run/run_outcome.hpp"

#include <algorithm>
#include <memory>

namespace cs::checkpoint {

namespace {

/** Seed 2.5: a user thread migrated between two nodes and back, `round_trips` times. */
class MigrationRun : public ParamsRun<Params> {
public:
  MigrationRun(ModelContext& ctx, Params p) : ParamsRun(ctx, std::move(p))
  {
    Fields& f = fields_;
    for (auto const* key : {"from", "to"}) {
      sg4::Host* h = ctx.host_param(f, key, std::string(key) == "from" ? p_.node_a : p_.node_b);
      agents_.push_back(std::make_unique<MigrationAgent>(h, NtCosts::from(ctx.platform, h), p_));
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
    double w32 = NtCosts::from(ctx_.platform, agents_[0]->host()).win32_per_migration();
    rec.set("migration_time_ms", 1e3 * per);
    rec.set("win32_calls_ms", 1e3 * w32);
    rec.set("network_copy_sync_ms", 1e3 * (per - w32)); // seed Table 1's remaining row
  }

private:
  std::vector<std::unique_ptr<MigrationAgent>> agents_;
  BrazosThread thread_;
  double elapsed_ = 0;
};

/** An application's threads checkpointed at barriers, with failures, recovery and membership
 *  changes (models/checkpoint/coordinated.hpp). */
class CheckpointRun : public ParamsRun<Params> {
public:
  CheckpointRun(ModelContext& ctx, Params p) : ParamsRun(ctx, std::move(p))
  {
    Fields& f  = fields_;
    auto hosts = ctx_.group_hosts(f, "nodes", "nodes", p_.nodes);
    if (p_.add_at >= 0 && static_cast<size_t>(p_.add_node) > hosts.size())
      f.fail("membership", "platform " + ctx_.platform.spec().file + " has no node " + std::to_string(p_.add_node) +
                               " in group \"nodes\" to add");
    CoordinatedRun::Setup s; // every node of the group: the first `nodes` run the application, others may join
    s.server      = ctx_.host_param(f, "file_server", p_.file_server);
    s.server_disk = ctx_.disk_param(f, "file_server", s.server);
    s.monitor     = ctx_.host_param(f, "heartbeat_host", p_.heartbeat_host);
    if (p_.storage == Storage::parallel)
      for (auto* h : ctx_.group_hosts(f, "pfs_group", p_.pfs_group, p_.pfs_servers, " for pfs_servers"))
        if (s.pfs.size() < static_cast<size_t>(p_.pfs_servers))
          s.pfs.emplace_back(h, ctx_.disk_param(f, "pfs_group", h));
    for (auto* h : hosts) {
      s.costs.push_back(NtCosts::from(ctx_.platform, h));
      s.disks.push_back(ctx_.disk_param(f, "nodes", h));
      const OsProfile& os = ctx_.platform.os(h);
      s.memory.push_back(os.cost("ram_size") - os.cost("system_resident_size"));
      s.fault_cluster.push_back(os.cost("fault_cluster_size"));
      s.write_cluster.push_back(os.cost("pageout_cluster_size"));
      s.fault_wait.push_back(os.cost("disk_rotational_latency"));
    }
    s.nodes    = hosts;
    s.failures = ctx_.rng.stream("failures");
    if (p_.workload == Workload::trace) {
      trace_    = load_trace(p_, ctx_.scenario.file, f);
      deadlock_ = find_deadlock(*trace_, p_.trace.eager_bytes);
      s.trace   = trace_.get();
    }
    coordinated_ = std::make_unique<CoordinatedRun>(p_, std::move(s));
  }

  void start() override
  {
    if (deadlock_.why.empty()) // a trace that cannot end is not run (with failures it would restart for ever)
      coordinated_->start();
  }

  void finish() override
  {
    Recorder& rec            = ctx_.recorder;
    const CheckpointStats& s = coordinated_->stats();
    if (not deadlock_.why.empty())
      throw RunFailure(trace_->index + ": " + deadlock_.why);
    if (not s.gave_up.empty())
      throw RunFailure(s.gave_up);
    if (trace_)
      record_trace(*trace_, rec);
    auto mean = [](double sum, long n) { return n > 0 ? sum / static_cast<double>(n) : 0.0; };
    rec.set("app", trace_ ? p_.trace.index : p_.app.name);
    rec.set("finished", s.finished);
    rec.set("exec_time_s", s.exec_time_s);
    rec.set("exec_time_min", s.exec_time_s / 60);
    rec.set("checkpoints", s.checkpoints);
    rec.set("checkpoints_complete", s.complete);
    rec.set("ckpt_file_MB", mean(s.file_bytes, s.files) / 1e6);
    rec.set("ckpt_time_s", mean(s.stall_s, s.checkpoints));
    rec.set("nfs_copy_time_s", mean(s.copy_s, s.complete));
    rec.set("failures", s.failures);
    rec.set("recoveries", s.recoveries);
    rec.set("detection_s", mean(s.detect_s, s.recoveries));
    rec.set("recovery_s", mean(s.recovery_s, s.recoveries));
    rec.set("data_recovery_s", mean(s.data_recovery_s, s.recoveries));
    rec.set("paged_out_MB", mean(s.paged_out_bytes, s.files) / 1e6);
    rec.set("page_in_s", mean(s.page_in_s, s.files));
    rec.set("lost_work_s", s.lost_work_s);
    rec.set("membership_changes", s.membership_changes);
    rec.set("nodes_in_use", s.nodes_in_use);
    rec.set("membership_time_s",
            s.membership_changes ? s.membership_s / static_cast<double>(s.membership_changes) : 0.0);
  }

private:
  void record_trace(const TraceProgram& trace, Recorder& rec)
  {
    const auto& ranks = coordinated_->rank_stats();
    auto hosts        = coordinated_->last_hosts();
    Table& t = rec.table("ranks", {"rank", "node", "flops", "p2p_messages", "p2p_bytes", "coll_messages", "coll_bytes",
                                   "received_messages", "received_bytes", "reexecuted_steps", "reexecuted_messages",
                                   "reexecuted_bytes", "reexecuted_flops"});
    RankStats sum;
    for (size_t r = 0; r < ranks.size(); ++r) {
      const RankStats& k = ranks[r];
      t.add({static_cast<long>(r), hosts[r]->get_name(), k.flops, k.p2p, k.p2p_bytes, k.coll, k.coll_bytes, k.received,
             k.received_bytes, k.again_steps, k.again_messages, k.again_bytes, k.again_flops});
      sum.flops += k.flops;
      sum.p2p += k.p2p + k.coll;
      sum.p2p_bytes += k.p2p_bytes + k.coll_bytes;
      sum.again_steps += k.again_steps;
      sum.again_messages += k.again_messages;
      sum.again_flops += k.again_flops;
    }
    rec.set("ranks", static_cast<long>(ranks.size()));
    rec.set("checkpoint_points", trace.points);
    rec.set("global_collectives", trace.global_colls);
    rec.set("messages", sum.p2p);
    rec.set("message_MB", sum.p2p_bytes / 1e6);
    rec.set("compute_Gflop", sum.flops / 1e9);
    rec.set("reexecuted_steps", sum.again_steps);
    rec.set("reexecuted_messages", sum.again_messages);
    rec.set("reexecuted_Gflop", sum.again_flops / 1e9);
  }

  std::unique_ptr<TraceProgram> trace_; // before coordinated_, which holds a pointer to it
  Deadlock deadlock_;
  std::unique_ptr<CoordinatedRun> coordinated_;
};

/** The run of the experiment the parameters name. */
std::unique_ptr<ModelRun> experiment_run(ModelContext& ctx, Params p)
{
  if (p.experiment == Experiment::checkpoint)
    return std::make_unique<CheckpointRun>(ctx, std::move(p));
  return std::make_unique<MigrationRun>(ctx, std::move(p));
}

} // namespace

ModelEntry entry()
{
  return experiment_model_entry<Params, experiment_run>(
      "checkpoint", "002",
      "Brazos on Windows NT: user-level thread migration, coordinated checkpoints at "
      "barriers");
}

} // namespace cs::checkpoint
