#include "models/dsm/process.hpp"
#include "sim/run/actor_lock.hpp"

namespace cs::dsm {

std::shared_ptr<Msg> Process::make(Op op, int dst, long arg, double payload) const
{
  auto m      = std::make_shared<Msg>();
  m->op       = op;
  m->src      = id_;
  m->dst      = dst;
  m->arg      = arg;
  m->payload  = payload;
  m->reliable = not(p_.system.omit_page_acks && (op == Op::getp || op == Op::getpgrant));
  return m;
}

void Process::app_wait(const std::function<bool()>& done, double& account)
{
  double start = sg4::Engine::get_clock();
  cs::ActorLock lock(*mutex_);
  while (not done())
    cv_->wait(lock);
  account += sg4::Engine::get_clock() - start;
}

void Process::wait()
{
  long epoch = wait_epoch_;
  transport_.post(make(Op::wait, 0), false);
  app_wait([this, epoch]() { return wait_epoch_ > epoch; }, counters().sync_wait_s);
}

bool Process::handle_wait(const Msg& m)
{
  if (m.op == Op::waitgrant) {
    wait_epoch_++;
    wake();
    return true;
  }
  if (m.op != Op::wait)
    return false;
  if (++wait_arrivals_ < memory_.nodes())
    return true;
  wait_arrivals_ = 0;
  for (int n = 1; n <= memory_.nodes(); ++n)
    transport_.post(make(Op::waitgrant, n % memory_.nodes()), false);
  return true;
}

void Process::start_stat()
{
  stat_start_ = sg4::Engine::get_clock();
  stat_base_  = counters().pages_fetched;
}

} // namespace cs::dsm
