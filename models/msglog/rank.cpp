#include "models/msglog/rank.hpp"

#include <xbt/log.h>

#include <stdexcept>
#include <string>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_msglog, cs, "msglog: NAS ranks with sender-based message logging");

namespace cs::msglog {

sg4::Mailbox* PairMailboxes::at(int src, int dst, int channel) const
{
  long key = (static_cast<long>(src) * ranks_ + dst) * channels + channel;
  auto it  = boxes_.find(key);
  if (it != boxes_.end())
    return it->second;
  std::string name = "msglog-" + std::to_string(src) + ">" + std::to_string(dst);
  if (channel != 0)
    name += "/" + std::to_string(channel);
  sg4::Mailbox* box = src != dst ? eager(name, dst) : sg4::Mailbox::by_name(name);
  boxes_.emplace(key, box);
  return box;
}

sg4::Mailbox* PairMailboxes::any(int dst, int tag) const
{
  long key = static_cast<long>(tag) * ranks_ + dst;
  auto it  = any_boxes_.find(key);
  if (it != any_boxes_.end())
    return it->second;
  sg4::Mailbox* box = eager("msglog-any>" + std::to_string(dst) + "#" + std::to_string(tag), dst);
  any_boxes_.emplace(key, box);
  return box;
}

sg4::Mailbox* PairMailboxes::eager(const std::string& name, int dst) const
{
  sg4::Mailbox* box = sg4::Mailbox::by_name(name);
  if (static_cast<size_t>(dst) < receivers_.size())
    box->set_receiver(receivers_[static_cast<size_t>(dst)]);
  return box;
}

void Rank::operator()()
{
  run_program(p_, id_, *this);
  done();
}

void Rank::done()
{
  stats_.ended = true;
  stats_.end_s = sg4::Engine::get_clock(); // NPB's timer stops before MPI_Finalize
  XBT_VERB("rank %d done at %.3f s", id_, stats_.end_s);
  if (log_ != nullptr)
    log_->finish();
}

void Rank::compute(double seconds)
{
  if (seconds > 0)
    sg4::this_actor::execute(seconds * speed_);
}

void Rank::compute_flops(double flops)
{
  if (flops > 0)
    sg4::this_actor::execute(flops);
}

void Rank::sleep(double seconds)
{
  if (seconds > 0)
    sg4::this_actor::sleep_for(seconds);
}

void Rank::send(int dst, double bytes, long count, bool logged, int channel)
{
  if (logged && log_ != nullptr)
    log_->log(count, bytes);
  double total = bytes * static_cast<double>(count);
  ++stats_.sends;
  stats_.sent_bytes += total;
  if (dst == id_) {
    ++self_pending_; // MPI to itself: a local copy, nothing crosses the network
    return;
  }
  ++stats_.peer_sends;
  stats_.peer_sent_bytes += total;
  stats_.peers.insert(dst);
  // MPI_Isend: the sender goes on; the receiver's mailbox is eager (see Run::start), so the transfer starts now. The
  // payload is the transfer's size, which the receiver counts.
  double* size = &sent_sizes_.emplace_back(total);
  boxes_.at(id_, dst, channel)->put_init(size, static_cast<uint64_t>(total))->detach();
}

void Rank::recv(int src, int channel)
{
  if (src == id_) {
    if (self_pending_ <= 0)
      throw std::logic_error("rank " + std::to_string(id_) + " receives from itself before sending");
    --self_pending_;
    return;
  }
  note_recv(src, *boxes_.at(src, id_, channel)->get<double>());
}

void Rank::send_any(int dst, int tag, double bytes)
{
  if (dst == id_) // refused when the trace is loaded (params.cpp): a self-copy never enters the tag's mailbox
    throw std::logic_error("rank " + std::to_string(id_) + " sends itself a message received from any source");
  if (log_ != nullptr)
    log_->log(1, bytes);
  ++stats_.sends;
  stats_.sent_bytes += bytes;
  ++stats_.peer_sends;
  stats_.peer_sent_bytes += bytes;
  stats_.peers.insert(dst);
  AnyMessage* m = &sent_any_.emplace_back(AnyMessage{id_, bytes});
  boxes_.any(dst, tag)->put_init(m, static_cast<uint64_t>(bytes))->detach();
}

void Rank::trace_at(const ti::RankTrace& rt, const ti::Action* a)
{
  stats_.trace        = &rt;
  stats_.trace_action = a;
}

void Rank::recv_any(int tag)
{
  take_any(tag);
}

int Rank::take_any(int tag)
{
  const auto* m = boxes_.any(id_, tag)->get<AnyMessage>();
  note_recv(m->src, m->bytes);
  return m->src;
}

void Rank::note_recv(int src, double bytes)
{
  ++stats_.recvs;
  stats_.recv_bytes += bytes;
  stats_.peers.insert(src);
}

} // namespace cs::msglog
