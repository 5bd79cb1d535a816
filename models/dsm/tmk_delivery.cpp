#include "models/dsm/tmk_delivery.hpp"

namespace cs::dsm::tmk {

Delivery delivery(const TreadMarksParams& p)
{
  Delivery d;
  d.handler_drains      = p.handler_drains;
  d.blocked_via_handler = p.responses_via_handler;
  if (p.responses_wake)
    d.to_blocked = [](const Msg& m) {
      return m.op == Op::getpgrant || m.op == Op::diffgrant || m.op == Op::acqgrant || m.op == Op::barrgrant;
    };
  return d;
}

} // namespace cs::dsm::tmk
