/* Who takes TreadMarks' arriving messages (params.treadmarks.responses_wake, handler_drains): requests always go to
 * the SIGIO handler; a response can be read by its requester, blocked waiting for it. */
#pragma once
#include "models/dsm/params.hpp"
#include "models/dsm/transport.hpp"

namespace cs::dsm::tmk {

Delivery delivery(const TreadMarksParams& p);

} // namespace cs::dsm::tmk
