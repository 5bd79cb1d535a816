/* The DSM's messages: the operation codes of the seed's Figure 3 (Mocha 0.2, JIAJIA's), plus the ACK of the
 * reliable layer. A message travels as one UDP datagram; the model carries what the protocol needs to act on
 * (page, lock, write notices) and charges the bytes the real message would have. */
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace cs::dsm {

enum class Op : uint8_t {
  getp,
  getpgrant,
  diff,
  diffgrant,
  barr,
  barrgrant,
  acq,
  acqgrant,
  wait,
  waitgrant,
  inv,
  wtnt,
  rel,
  ack,
  count_
};
constexpr size_t kOps = static_cast<size_t>(Op::count_);
const char* op_name(Op op);
inline size_t op_index(Op op)
{
  return static_cast<size_t>(op);
}

/** Write notices: page -> the nodes that wrote it in the interval. */
using Notices = std::map<long, std::vector<int>>;

struct Msg {
  Op op         = Op::getp;
  int src       = 0;
  int dst       = 0;
  long seq      = 0;
  bool reliable = true;                   ///< the seed's reliable_msg_flag: the receiver acknowledges
  long arg      = 0;                      ///< page (GETP, GETPGRANT) or lock (ACQ, ACQGRANT, REL)
  std::vector<long> pages;                ///< diffed pages (DIFF), notices carried (BARR, WTNT, REL, INV...)
  std::shared_ptr<const Notices> notices; ///< writers of the pages (grants and invalidations)
  double payload = 0;                     ///< bytes after the header
  std::shared_ptr<const void> ext;        ///< a protocol's own contents (TreadMarks: vector times, intervals)
};
using MsgPtr = std::shared_ptr<const Msg>;

} // namespace cs::dsm
