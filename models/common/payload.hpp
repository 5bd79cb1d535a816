/* Payloads passed by pointer through SimGrid mailboxes, which the receiver deletes. A run can end, or a node fail,
 * while one is still on its way (a daemon killed at the end, a transfer to a dead node): these keep each payload owned
 * until it is received, so nothing outlives the simulation (LeakSanitizer checks it: docs/robustness.md). */
#pragma once
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <cstdint>
#include <memory>

namespace cs {

/** Sends without waiting; a payload that is never received is deleted when SimGrid destroys the communication. */
template <class T> void send_detached(simgrid::s4u::Mailbox* to, T* payload, uint64_t bytes)
{
  to->put_init(payload, bytes)->detach([](void* p) { delete static_cast<T*>(p); });
}

/** Sends and waits (with a timeout if one is given); the payload becomes the receiver's only when the put completes:
 *  if the put throws (the timeout, the peer gone, this actor killed) it is deleted here. */
template <class T>
void send_owned(simgrid::s4u::Mailbox* to, std::unique_ptr<T> payload, uint64_t bytes, double timeout = -1)
{
  if (timeout < 0)
    to->put(payload.get(), bytes);
  else
    to->put(payload.get(), bytes, timeout);
  payload.release(); // received: the receiver deletes it
}

} // namespace cs
