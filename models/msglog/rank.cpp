#include "models/msglog/rank.hpp"

#include <xbt/log.h>

#include <stdexcept>
#include <string>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_msglog, cs, "msglog: NAS ranks with sender-based message logging");

namespace cs::msglog {

namespace {
char token; // payloads carry no data: the simulation only needs their sizes and arrival
} // namespace

sg4::Mailbox* PairMailboxes::at(int src, int dst) const
{
  long key = static_cast<long>(src) * ranks_ + dst;
  auto it  = boxes_.find(key);
  if (it != boxes_.end())
    return it->second;
  sg4::Mailbox* box = sg4::Mailbox::by_name("msglog-" + std::to_string(src) + ">" + std::to_string(dst));
  if (src != dst && static_cast<size_t>(dst) < receivers_.size())
    box->set_receiver(receivers_[static_cast<size_t>(dst)]);
  boxes_.emplace(key, box);
  return box;
}

void Rank::operator()()
{
  run_program(p_, id_, *this);
  done();
}

void Rank::done()
{
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

void Rank::send(int dst, double bytes, long count, bool logged)
{
  if (logged && log_ != nullptr)
    log_->log(count, bytes);
  ++stats_.sends;
  stats_.sent_bytes += bytes * static_cast<double>(count);
  if (dst == id_) {
    ++self_pending_; // MPI to itself: a local copy, nothing crosses the network
    return;
  }
  // MPI_Isend: the sender goes on; the receiver's mailbox is eager (see Run::start), so the transfer starts now.
  boxes_.at(id_, dst)->put_init(&token, static_cast<uint64_t>(bytes * static_cast<double>(count)))->detach();
}

void Rank::recv(int src)
{
  if (src == id_) {
    if (self_pending_ <= 0)
      throw std::logic_error("rank " + std::to_string(id_) + " receives from itself before sending");
    --self_pending_;
    return;
  }
  boxes_.at(src, id_)->get<char>();
}

} // namespace cs::msglog
