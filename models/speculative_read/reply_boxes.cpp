#include "models/speculative_read/reply_boxes.hpp"
#include "sim/run/events.hpp"

#include <string>

namespace cs::speculative_read {

sg4::Mailbox* ReplyBoxes::mine()
{
  long pid = sg4::this_actor::get_pid();
  if (auto it = state_->taken.find(pid); it != state_->taken.end())
    return it->second;
  std::string name = "sr-reply-" + std::to_string(pid);
  sg4::Mailbox* box;
  if (state_->free.empty()) {
    box = sg4::Mailbox::by_name(name);
    state_->made++;
  } else {
    box = state_->free.back();
    state_->free.pop_back();
    mailbox_alias(box->get_name(), name);
  }
  state_->taken[pid] = box;
  sg4::this_actor::on_exit([state = state_, pid](bool /*failed*/) {
    auto it = state->taken.find(pid);
    if (it == state->taken.end())
      return;
    sg4::Mailbox* ended = it->second;
    state->taken.erase(it);
    if (ended->empty()) // a message still queued there would reach the next branch: keep such a mailbox out
      state->free.push_back(ended);
  });
  return box;
}

} // namespace cs::speculative_read
