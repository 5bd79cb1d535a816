#include "models/common/ti_replay.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace cs::ti {

void TransferSink::send_any(int dst, int tag, double)
{
  throw std::logic_error("this replay sends to rank " + std::to_string(dst) + " with tag " + std::to_string(tag) +
                         " from any source, which its sink does not implement");
}

void TransferSink::recv_any(int tag, double)
{
  throw std::logic_error("this replay receives tag " + std::to_string(tag) +
                         " from any source, which its sink does not implement");
}

void TransferSink::at(const RankTrace&, const Action*) {}

namespace {

void receive(int src, int tag, double bytes, TransferSink& sink)
{
  if (src == any_source)
    sink.recv_any(tag, bytes);
  else
    sink.recv(src, bytes, p2p_channel);
}

/** A posted isend or irecv of SMPI's replay (its RequestStorage keys them by source, destination and tag). */
struct Request {
  int src;
  int dst;
  int tag;
  double bytes;
  bool receive;
  /** A receive request of the same queue as a receive from `src` with `tag`: messages of one queue are taken in
   *  posting order (a named source's pair, or the tag's any-source messages). */
  bool same_queue(int from, int with_tag) const
  {
    return receive && src == from && (from != any_source || tag == with_tag);
  }
};

/** One rank's posted requests, in posting order. */
class Requests {
public:
  explicit Requests(TransferSink& sink) : sink_(sink) {}
  void post(const Request& q) { posted_.push_back(q); }
  /** SMPI's wait: the oldest request of the key, if any; else, for a receive's key, the oldest receive from any
   *  source of its tag (SMPI's tracer writes the wait of such a receive with the source it matched when the program
   *  asked for its status). */
  void wait(int src, int dst, int tag)
  {
    for (size_t i = 0; i < posted_.size(); ++i) {
      const Request& q = posted_[i];
      if (q.src == src && q.dst == dst && q.tag == tag) {
        complete(i);
        return;
      }
    }
    for (size_t i = 0; i < posted_.size(); ++i)
      if (posted_[i].same_queue(any_source, tag) && posted_[i].dst == dst) {
        complete(i);
        return;
      }
  }
  /** Completes the receive requests of the queue of a blocking receive from `src` with `tag`: it takes a later
   *  message. */
  void drain_from(int src, int tag)
  {
    for (size_t i = 0; i < posted_.size();)
      if (posted_[i].same_queue(src, tag))
        complete(i);
      else
        ++i;
  }
  void wait_all()
  {
    while (not posted_.empty())
      complete(0);
  }

private:
  /** Completes request i, and first the receive requests from its source posted before it. */
  void complete(size_t i)
  {
    Request q = posted_[i];
    if (q.receive) {
      for (size_t j = 0; j < i;)
        if (posted_[j].same_queue(q.src, q.tag)) {
          Request p = posted_[j];
          posted_.erase(posted_.begin() + static_cast<std::ptrdiff_t>(j));
          --i;
          receive(p.src, p.tag, p.bytes, sink_);
        } else
          ++j;
      receive(q.src, q.tag, q.bytes, sink_);
    }
    posted_.erase(posted_.begin() + static_cast<std::ptrdiff_t>(i));
  }
  TransferSink& sink_;
  std::vector<Request> posted_;
};

void send(int dst, int tag, double bytes, const AnySourceTags* any, TransferSink& sink)
{
  if (any != nullptr && any->has(dst, tag))
    sink.send_any(dst, tag, bytes);
  else
    sink.send(dst, bytes, p2p_channel);
}

void point_to_point(const Action& a, int rank, Requests& reqs, TransferSink& sink, const AnySourceTags* any)
{
  switch (a.kind) {
  case Kind::send:
    send(a.peer, a.tag, a.bytes, any, sink);
    break;
  case Kind::isend:
    send(a.peer, a.tag, a.bytes, any, sink);
    reqs.post({rank, a.peer, a.tag, a.bytes, false});
    break;
  case Kind::recv:
    reqs.drain_from(a.peer, a.tag);
    receive(a.peer, a.tag, a.bytes, sink);
    break;
  case Kind::irecv:
    reqs.post({a.peer, rank, a.tag, a.bytes, true});
    break;
  case Kind::sendrecv: // SMPI: an isend and an irecv, both with tag 0, waited together
    send(a.peer, 0, a.bytes, any, sink);
    reqs.drain_from(a.peer2, 0);
    sink.recv(a.peer2, a.bytes2, p2p_channel);
    break;
  case Kind::wait:
    reqs.wait(a.peer, a.peer2, a.tag);
    break;
  case Kind::waitall:
    reqs.wait_all();
    break;
  default: // test: completes nothing here (ti_replay.hpp)
    break;
  }
}

} // namespace

void replay_rank(const Trace& t, int rank, TransferSink& sink, const AnySourceTags* any)
{
  const RankTrace& rt = t.ranks[static_cast<size_t>(rank)];
  Requests reqs(sink);
  for (const Action& a : rt.actions) {
    sink.at(rt, &a);
    if (is_collective(a.kind)) {
      decompose_collective(rt, a, rank, t.size(), sink);
      continue;
    }
    switch (a.kind) {
    case Kind::compute:
      if (a.amount > 0)
        sink.compute(a.amount);
      break;
    case Kind::sleep:
      if (a.amount > 0)
        sink.sleep(a.amount);
      break;
    case Kind::init:
    case Kind::finalize:
    case Kind::no_op:
      break;
    default:
      point_to_point(a, rank, reqs, sink, any);
    }
  }
  sink.at(rt, nullptr);
  reqs.wait_all(); // SMPI's replay waits for the requests left when a rank's trace ends
}

} // namespace cs::ti
