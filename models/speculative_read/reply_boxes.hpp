/* The reply mailboxes of the program's branches. Every checkpoint makes a branch (an actor), and SimGrid 3.32 never
 * frees a mailbox: one mailbox per branch grew with the iterations (about 235 B each, 2.3 GB at 10^7). A branch's
 * mailbox returns to a pool when the branch ends and serves a later branch, shown in events.csv under that branch's
 * own name, sr-reply-<pid>, so the recorded names are those of one mailbox per branch. */
#pragma once
#include <simgrid/s4u.hpp>

#include <map>
#include <memory>
#include <vector>

namespace cs::speculative_read {

namespace sg4 = simgrid::s4u;

class ReplyBoxes {
public:
  /** The calling actor's reply mailbox (taken from the pool on its first call, given back when it ends). */
  sg4::Mailbox* mine();
  /** Mailboxes made so far: at most the branches alive at once (and those ended with a message still queued). */
  size_t made() const { return state_->made; }

private:
  struct State {
    std::map<long, sg4::Mailbox*> taken; ///< actor pid -> its mailbox
    std::vector<sg4::Mailbox*> free;
    size_t made = 0;
  };
  // Shared with the actors' exit callbacks, which may run after the model's objects are gone (an engine torn down
  // with actors still blocked).
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

} // namespace cs::speculative_read
