#include "models/speculative_read/program.hpp"
#include "sim/run/events.hpp"

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cs_speculative_read);

namespace cs::speculative_read {

const char* outcome_name(Outcome o)
{
  switch (o) {
  case Outcome::cache_hit:
    return "cache_hit";
  case Outcome::remote_read:
    return "remote_read";
  case Outcome::speculation_won:
    return "speculation_won";
  case Outcome::rolled_back:
    return "rolled_back";
  }
  return "?";
}

void LocalProgram::operator()()
{
  if (p_.initial_read)
    cache_.version = client_.read();
  loop_start_ = sg4::Engine::get_clock();
  run_from(0);
}

void LocalProgram::run_from(long from)
{
  for (long i = from; i < static_cast<long>(writes_.size()); ++i) {
    if (writes_[i]) {
      next_checkpoint(); // a remote write cannot be rolled back
      client_.write();
    }
    remote_read(i);
    local_process(i);
  }
  next_checkpoint(); // the program's end (its output) is irrevocable too
  loop_end_ = sg4::Engine::get_clock();
}

void LocalProgram::local_process(long i)
{
  // The program's own work, measured on the reference machine: the client host's speed sets its time here.
  sg4::this_actor::execute(p_.local_process_s * reference_speed_);
  end_[i] = sg4::Engine::get_clock();
}

void LocalProgram::remote_read(long i)
{
  if (p_.method != Method::NR) {
    speculative_read(i);
    return;
  }
  if (client_.check(cache_.version)) {
    outcome_[i] = Outcome::cache_hit;
  } else {
    cache_.version = client_.read();
    outcome_[i]    = Outcome::remote_read;
  }
}

double LocalProgram::checkpoint_cost() const
{
  if (p_.method == Method::FR)
    return os_.fork_cost(p_.resident_size);
  // Thread checkpoint: a new thread, plus the user-chosen program state copied aside (seed §3.2).
  return os_.cost("thread_create") + p_.saved_state_size / memory_bw_;
}

double LocalProgram::rollback_cost() const
{
  // fork: the child already holds the checkpointed state; thread: the saved state is copied back.
  return p_.method == Method::TR ? p_.saved_state_size / memory_bw_ : 0.0;
}

void LocalProgram::speculative_read(long i)
{
  next_checkpoint(); // a new checkpoint needs the previous verdict (the read itself talks to a remote node)
  double t0 = sg4::Engine::get_clock();
  compute(checkpoint_cost());
  stats_.checkpoints++;
  stats_.checkpoint_time += sg4::Engine::get_clock() - t0;
  XBT_VERB("iteration %ld: checkpoint taken, the optimistic branch trusts the cache", i);
  span(t0, "checkpoint", "", "iteration " + std::to_string(i));

  auto spec        = std::make_shared<Speculation>();
  spec->iteration  = i;
  spec->optimistic = sg4::Actor::self();
  pending_         = spec;
  sg4::Actor::create("pessimistic-" + std::to_string(i), sg4::this_actor::get_host(),
                     [this, spec]() { pessimistic(spec); });
  // The optimistic branch trusts the Local Cache and goes on.
  outcome_[i] = Outcome::speculation_won;
}

void LocalProgram::pessimistic(const std::shared_ptr<Speculation>& spec)
{
  if (client_.check(cache_.version)) {
    XBT_VERB("iteration %ld: cache valid, the speculation won", spec->iteration);
    event("speculation_won", "", "iteration " + std::to_string(spec->iteration));
    stats_.wins++;
    spec->optimistic = nullptr;
    spec->verdict->release(); // kept until the optimistic branch reaches its next checkpoint
    return;                   // this branch ends itself
  }
  // The cache was stale: the optimistic branch went the wrong way. Stop it and continue the program here. The
  // reference goes with it: SimGrid keeps an actor (and its stack) while a reference to it lives, and this branch
  // may run the program to its end, so each rollback would otherwise keep one dead branch for the whole run.
  spec->optimistic->kill();
  spec->optimistic = nullptr;
  stats_.rollbacks++;
  pending_ = nullptr;
  long i   = spec->iteration;
  XBT_VERB("iteration %ld: cache stale, optimistic branch killed, rolling back", i);
  double t0 = sg4::Engine::get_clock();
  compute(rollback_cost());
  span(t0, "rollback", "", "iteration " + std::to_string(i));
  cache_.version = client_.read();
  outcome_[i]    = Outcome::rolled_back;
  local_process(i);
  run_from(i + 1);
}

void LocalProgram::next_checkpoint()
{
  if (not pending_)
    return;
  auto spec = pending_;
  if (spec->verdict->would_block()) {
    stats_.waits++;
    double t0 = sg4::Engine::get_clock();
    spec->verdict->acquire();
    stats_.wait_time += sg4::Engine::get_clock() - t0;
    XBT_VERB("iteration %ld: waited %g s for the previous verdict", spec->iteration, sg4::Engine::get_clock() - t0);
    span(t0, "wait_verdict", "", "iteration " + std::to_string(spec->iteration));
  } else {
    spec->verdict->acquire();
  }
  pending_ = nullptr;
}

} // namespace cs::speculative_read
