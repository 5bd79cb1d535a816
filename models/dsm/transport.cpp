#include "models/dsm/transport.hpp"
#include "sim/actor_lock.hpp"
#include "sim/events.hpp"

#include <string>

XBT_LOG_EXTERNAL_CATEGORY(cs_dsm);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_dsm_transport, cs_dsm, "clustersim DSM messaging: ACKs, timeouts, duplicates");

namespace cs::dsm {

namespace {
constexpr int kRequestSocket = 0;
constexpr int kAckSocket     = 1;
} // namespace

const char* op_name(Op op)
{
  static const char* names[] = {"GETP",     "GETPGRANT", "DIFF",      "DIFFGRANT", "BARR", "BARRGRANT", "ACQ",
                                "ACQGRANT", "WAIT",      "WAITGRANT", "INV",       "WTNT", "REL",       "ACK"};
  return names[op_index(op)];
}

Transport::Transport(int id, sg4::Host* host, net::Fabric& fabric, Costs costs, double header, double ack_bytes,
                     double ack_timeout, long max_retries)
    : id_(id), host_(host), fabric_(fabric), costs_(costs), header_(header), ack_bytes_(ack_bytes),
      ack_timeout_(ack_timeout), max_retries_(max_retries)
{
}

void Transport::start()
{
  std::string n = std::to_string(id_);
  sg4::Actor::create("sigio-" + n, host_, [this]() { receiver(); })->daemonize();
  sg4::Actor::create("outsend-" + n, host_, [this]() { sender(); })->daemonize();
}

void Transport::cpu(double seconds, bool handler) const
{
  if (seconds <= 0)
    return;
  if (handler) {
    // The SIGIO handler and the sends run ahead of the program (one CPU per process): their time is taken from
    // whatever the program was computing.
    stolen_ += seconds;
    sg4::this_actor::sleep_for(seconds);
    return;
  }
  // The program's computation is pushed back by every handler run that fell inside it (timed sleeps rather than
  // SimGrid executions: nothing else shares the CPU, and a sleep costs the simulation less).
  while (seconds > 0) {
    double before = stolen_;
    sg4::this_actor::sleep_for(seconds);
    seconds = stolen_ - before;
  }
}

void Transport::post(MsgPtr m, bool wait)
{
  if (m->dst == id_) {
    counters_.local++;
    counters_.sent[op_index(m->op)]++;
    handler_(m);
    return;
  }
  counters_.sent[op_index(m->op)]++;
  sg4::SemaphorePtr done = wait ? sg4::Semaphore::create(0) : nullptr;
  out_.push_back({std::move(m), done});
  out_cv_->notify_all();
  if (done)
    done->acquire();
}

void Transport::transmit(const MsgPtr& m)
{
  double bytes = header_ + m->payload;
  cpu(costs_.udp_send + copy_time(bytes), true);
  counters_.datagrams_sent++;
  counters_.bytes_sent += bytes;
  fabric_.send({id_, m->dst, kRequestSocket, bytes, m}); // every attempt carries the same message
}

bool Transport::await_ack(long seq, double deadline)
{
  net::Socket& acks = fabric_.socket(id_, kAckSocket);
  while (auto d = acks.recv_until(deadline)) {
    cpu(costs_.udp_recv + copy_time(ack_bytes_), true);
    if (static_cast<const Msg*>(d->body.get())->seq == seq)
      return true;
    // An ACK of an earlier attempt that came late: this send still waits for its own.
  }
  return false;
}

void Transport::sender()
{
  cs::ActorLock lock(*out_mutex_);
  while (true) {
    while (out_.empty())
      out_cv_->wait(lock);
    Outgoing o = std::move(out_.front());
    out_.pop_front();
    auto numbered = std::make_shared<Msg>(*o.msg);
    numbered->seq = ++next_seq_;
    MsgPtr msg    = numbered;
    const Msg& m  = *msg;
    for (long attempt = 0;; ++attempt) {
      transmit(msg);
      if (not m.reliable)
        break;
      double start = sg4::Engine::get_clock();
      bool acked   = await_ack(m.seq, start + ack_timeout_);
      counters_.ack_wait_s += sg4::Engine::get_clock() - start;
      if (acked)
        break;
      counters_.timeouts++;
      XBT_VERB("node %d: no ACK for %s #%ld to node %d after %g s", id_, op_name(m.op), m.seq, m.dst, ack_timeout_);
      event("ack_timeout", "",
            std::string(op_name(m.op)) + " #" + std::to_string(m.seq) + " to node " + std::to_string(m.dst));
      if (attempt >= max_retries_) {
        // JIAJIA aborts here; the model goes on so the run still reports, and flags it as failed.
        counters_.gave_up++;
        break;
      }
      counters_.resends++;
    }
    if (o.done)
      o.done->release();
  }
}

void Transport::receiver()
{
  net::Socket& in = fabric_.socket(id_, kRequestSocket);
  while (true) {
    net::Datagram d = in.recv();
    auto m          = std::static_pointer_cast<const Msg>(d.body);
    double ack_cost = m->reliable ? costs_.udp_send + copy_time(ack_bytes_) : 0.0;
    cpu(costs_.sigio + costs_.udp_recv + copy_time(d.bytes) + ack_cost, true);
    counters_.received[op_index(m->op)]++;
    if (m->reliable) {
      counters_.sent[op_index(Op::ack)]++;
      auto ack = std::make_shared<Msg>();
      ack->op  = Op::ack;
      ack->src = id_;
      ack->dst = m->src;
      ack->seq = m->seq;
      fabric_.send({id_, m->src, kAckSocket, ack_bytes_, ack});
      if (last_seq_.size() <= static_cast<size_t>(m->src))
        last_seq_.resize(static_cast<size_t>(m->src) + 1, 0);
      long& last = last_seq_[static_cast<size_t>(m->src)];
      if (last == m->seq) { // our ACK was lost and the sender tried again: handled already
        counters_.duplicates++;
        continue;
      }
      last = m->seq;
    }
    handler_(m);
  }
}

} // namespace cs::dsm
