#include "models/common/ti_replay.hpp"

#include <tuple>
#include <vector>

namespace cs::ti {

namespace {

/** A posted isend or irecv of SMPI's replay (its RequestStorage keys them by source, destination and tag). */
struct Request {
  int src;
  int dst;
  int tag;
  double bytes;
  bool receive;
};

/** One rank's posted requests, in posting order. */
class Requests {
public:
  explicit Requests(TransferSink& sink) : sink_(sink) {}
  void post(const Request& q) { posted_.push_back(q); }
  /** SMPI's wait: the oldest request of the key, if any. */
  void wait(int src, int dst, int tag)
  {
    for (size_t i = 0; i < posted_.size(); ++i) {
      const Request& q = posted_[i];
      if (q.src == src && q.dst == dst && q.tag == tag) {
        complete(i);
        return;
      }
    }
  }
  /** Completes the receive requests from `src` (before a blocking receive from it: it takes a later message). */
  void drain_from(int src)
  {
    for (size_t i = 0; i < posted_.size();)
      if (posted_[i].receive && posted_[i].src == src)
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
        if (posted_[j].receive && posted_[j].src == q.src) {
          Request p = posted_[j];
          posted_.erase(posted_.begin() + static_cast<std::ptrdiff_t>(j));
          --i;
          sink_.recv(p.src, p.bytes, p2p_channel);
        } else
          ++j;
      sink_.recv(q.src, q.bytes, p2p_channel);
    }
    posted_.erase(posted_.begin() + static_cast<std::ptrdiff_t>(i));
  }
  TransferSink& sink_;
  std::vector<Request> posted_;
};

void point_to_point(const Action& a, int rank, Requests& reqs, TransferSink& sink)
{
  switch (a.kind) {
  case Kind::send:
    sink.send(a.peer, a.bytes, p2p_channel);
    break;
  case Kind::isend:
    sink.send(a.peer, a.bytes, p2p_channel);
    reqs.post({rank, a.peer, a.tag, a.bytes, false});
    break;
  case Kind::recv:
    reqs.drain_from(a.peer);
    sink.recv(a.peer, a.bytes, p2p_channel);
    break;
  case Kind::irecv:
    reqs.post({a.peer, rank, a.tag, a.bytes, true});
    break;
  case Kind::sendrecv: // SMPI: an isend and an irecv, both with tag 0, waited together
    sink.send(a.peer, a.bytes, p2p_channel);
    reqs.drain_from(a.peer2);
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

void replay_rank(const Trace& t, int rank, TransferSink& sink)
{
  const RankTrace& rt = t.ranks[static_cast<size_t>(rank)];
  Requests reqs(sink);
  for (const Action& a : rt.actions) {
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
      point_to_point(a, rank, reqs, sink);
    }
  }
  reqs.wait_all(); // SMPI's replay waits for the requests left when a rank's trace ends
}

} // namespace cs::ti
