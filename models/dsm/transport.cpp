#include "models/dsm/transport.hpp"
#include "models/dsm/udp_split.hpp"
#include "sim/platform/platform.hpp"
#include "sim/run/actor_lock.hpp"
#include "sim/run/events.hpp"

#include <algorithm>
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

Costs costs_of(const cs::OsProfile& os, double speed)
{
  UdpParts udp = host_parts(os); // the latency's part is the fabric's (Cluster)
  Costs c{speed, udp.send, udp.recv, os.cost("sigio"), os.cost("page_fault"), os.cost("memcpy_bw"), os.cost("diff_bw")};
  c.rx_interrupt = os.cost_or("rx_interrupt", 0);
  c.wakeup       = os.cost_or("wakeup", 0);
  c.nic_bw       = os.cost_or("nic_bw", c.nic_bw);
  return c;
}

Costs costs_of(const cs::Platform& platform, const sg4::Host* host)
{
  const cs::OsProfile& os = platform.os(host);
  Costs c                 = costs_of(os, host->get_speed());
  c.copy_bw               = platform.memory_bw(host);
  c.diff_bw *= platform.memory_scale(host);
  double ref  = platform.reference_speed(host);
  c.cpu_scale = ref == host->get_speed() ? 1.0 : ref / host->get_speed();
  if (platform.calibrated()) {
    // A calibrated profile measured these under its own names: a signal to a handler (SIGIO's delivery), a diff of
    // an 8 KiB page against its twin, and a datagram's one-way host cost (both ends, shared between them as the
    // platform's own udp_send and udp_recv share it).
    if (os.has("signal"))
      c.sigio = os.cost("signal");
    if (os.has("page_diff") && os.cost("page_diff") > 0)
      c.diff_bw = 8192 / os.cost("page_diff");
    double written = os.cost("udp_send") + os.cost("udp_recv");
    if (os.has("udp_fixed") && written > 0) {
      double f   = os.cost("udp_fixed") / written;
      c.udp_send = c.udp_send * f;
      c.udp_recv = c.udp_recv * f;
    }
  }
  return c;
}

Transport::Transport(int id, sg4::Host* host, net::Fabric& fabric, Costs costs, double header, double ack_bytes,
                     double ack_timeout, long max_retries, bool direct_replies)
    : id_(id), host_(host), fabric_(fabric), costs_(costs), header_(header), ack_bytes_(ack_bytes),
      ack_timeout_(ack_timeout), max_retries_(max_retries), direct_(direct_replies)
{
}

void Transport::start()
{
  std::string n = std::to_string(id_);
  sg4::Actor::create("sigio-" + n, host_, [this]() { receiver(); })->daemonize();
  sg4::Actor::create("outsend-" + n, host_, [this]() { sender(); })->daemonize();
  sg4::Actor::create("replies-" + n, host_, [this]() { ack_reader(); })->daemonize();
  if (direct_)
    server_pid_ = sg4::Actor::create("server-" + n, host_, [this]() { server(); })->daemonize()->get_pid();
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

void Transport::cpu_during(const std::function<void()>& work) const
{
  double before = stolen_;
  work();
  cpu(stolen_ - before);
}

void Transport::note_error(int peer, Op op, const char* kind) const
{
  if (timeline_)
    timeline_->error(sg4::Engine::get_clock(), id_, peer, op, kind);
  event(kind, "", std::string(op_name(op)) + " to node " + std::to_string(peer));
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
  if (direct_ && sg4::this_actor::get_pid() == server_pid_) {
    send_until_acked(m, true);
    return;
  }
  sg4::SemaphorePtr done = wait ? sg4::Semaphore::create(0) : nullptr;
  out_.push_back({std::move(m), done});
  out_cv_->notify_all();
  if (done)
    done->acquire();
}

void Transport::transmit(const std::shared_ptr<Msg>& m)
{
  double bytes = header_ + m->payload;
  cpu(send_cost(bytes), true);
  // Numbered when it reaches the NIC: a direct reply and the program's send may be in sendto() together, and the
  // receiver takes a number not above the last one it saw from this node for a duplicate.
  if (m->seq == 0)
    m->seq = ++next_seq_;
  counters_.datagrams_sent++;
  counters_.bytes_sent += bytes;
  fabric_.send({id_, m->dst, kRequestSocket, bytes, m}); // every attempt carries the same message
}

void Transport::ack_reader()
{
  // Takes ACKs off the reply socket as they land (no CPU: recvfrom is charged to the wait that reads one).
  net::Socket& acks = fabric_.socket(id_, kAckSocket);
  while (true) {
    net::Datagram d = acks.recv();
    const Msg& a    = *static_cast<const Msg*>(d.body.get());
    cs::ActorLock lock(*ack_mutex_);
    replies_[a.src].push_back({a.seq, d.sent_at});
    ack_cv_->notify_all();
  }
}

Transport::AckWait Transport::await_ack(int dst, long seq, double deadline, bool by_handler)
{
  // JIAJIA polls the destination's own reply socket: the first ACK there ends the wait, right or not. While the
  // handler busy-waits on top of the program, the program's wait is suspended; on resuming it looks at the clock
  // first, as JIAJIA's loop does.
  cs::ActorLock lock(*ack_mutex_);
  while (true) {
    bool on_top = by_handler || handler_waits_ == 0;
    if (on_top) {
      if (sg4::Engine::get_clock() >= deadline)
        return AckWait::timeout;
      auto& box = replies_[dst];
      if (not box.empty()) {
        Ack a = box.front();
        box.pop_front();
        lock.unlock();
        cpu(costs_.udp_recv + copy_time(ack_bytes_), true);
        if (timeline_)
          timeline_->datagram(a.sent_at, sg4::Engine::get_clock(), dst, id_, Op::ack, "ack");
        return a.seq == seq ? AckWait::acked : AckWait::wrong;
      }
      ack_cv_->wait_until(lock, deadline);
    } else
      ack_cv_->wait(lock);
  }
}

void Transport::send_until_acked(const MsgPtr& original, bool by_handler)
{
  auto msg     = std::make_shared<Msg>(*original);
  msg->seq     = 0;
  const Msg& m = *msg;
  for (long attempt = 0;; ++attempt) {
    transmit(msg);
    if (not m.reliable)
      return;
    double start = sg4::Engine::get_clock();
    if (by_handler) {
      cs::ActorLock lock(*ack_mutex_);
      handler_waits_++;
    }
    double handled = stolen_;
    AckWait got    = await_ack(m.dst, m.seq, start + ack_timeout_, by_handler);
    double waited  = sg4::Engine::get_clock() - start;
    if (by_handler) {
      cs::ActorLock lock(*ack_mutex_);
      handler_waits_--;
      ack_cv_->notify_all();
      stolen_ += waited; // the handler's busy-wait holds the CPU the program would have used
    } else {
      // JIAJIA's asendmsg runs outsend in whoever queued the first message, the program or the SIGIO handler: the
      // busy-wait holds the process's one CPU either way. The handler runs that nested in the wait are already
      // counted; the rest of the wait is taken from the program too (it matters when the program was computing:
      // a home serving grants).
      stolen_ += std::max(0.0, waited - (stolen_ - handled));
    }
    counters_.ack_wait_s += waited;
    if (got == AckWait::acked)
      return;
    if (got == AckWait::timeout) {
      counters_.timeouts++;
      counters_.ack_timeouts++;
      note_error(m.dst, m.op, "ack_timeout");
      XBT_VERB("node %d: no ACK for %s #%ld to node %d after %g s", id_, op_name(m.op), m.seq, m.dst, ack_timeout_);
    } else {
      counters_.wrong_acks++;
      note_error(m.dst, m.op, "wrong_ack");
      XBT_VERB("node %d: an earlier ACK ended the wait for %s #%ld to node %d: sent again", id_, op_name(m.op), m.seq,
               m.dst);
    }
    if (attempt >= max_retries_) {
      // JIAJIA aborts here; the model goes on so the run still reports, and flags it as failed.
      counters_.gave_up++;
      return;
    }
    counters_.resends++;
  }
}

void Transport::sender()
{
  cs::ActorLock lock(*out_mutex_);
  while (true) {
    while (out_.empty())
      out_cv_->wait(lock);
    Outgoing o = std::move(out_.front());
    out_.pop_front();
    send_until_acked(o.msg, false);
    if (o.done)
      o.done->release();
  }
}

void Transport::server()
{
  while (true) {
    {
      cs::ActorLock lock(*serve_mutex_);
      while (to_serve_.empty())
        serve_cv_->wait(lock);
    }
    MsgPtr m = std::move(to_serve_.front());
    to_serve_.pop_front();
    handler_(m);
  }
}

void Transport::receiver()
{
  net::Socket& in = fabric_.socket(id_, kRequestSocket);
  bool running    = false; // the handler is still reading what was waiting: no new SIGIO (handler_drains)
  while (true) {
    running         = running && in.queued() > 0;
    net::Datagram d = in.recv();
    auto m          = std::static_pointer_cast<const Msg>(d.body);
    double ack_cost = m->reliable ? send_cost(ack_bytes_) : 0.0;
    bool blocked    = delivery_.to_blocked && delivery_.to_blocked(*m);
    bool signal     = blocked ? delivery_.blocked_via_handler : not running;
    cpu(recv_cost(d.bytes, blocked, signal) + ack_cost, true);
    running = delivery_.handler_drains && not blocked;
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
      if (m->seq <= last) { // the sender tried again (our ACK was lost or late): handled already
        counters_.duplicates++;
        if (timeline_)
          timeline_->datagram(d.sent_at, sg4::Engine::get_clock(), m->src, id_, m->op, "duplicate");
        continue;
      }
      last = m->seq;
    }
    if (timeline_)
      timeline_->datagram(d.sent_at, sg4::Engine::get_clock(), m->src, id_, m->op, "msg");
    if (direct_) { // served by the handler when it is free; reading and ACKing went on meanwhile
      to_serve_.push_back(m);
      serve_cv_->notify_all();
      continue;
    }
    handler_(m);
  }
}

} // namespace cs::dsm
