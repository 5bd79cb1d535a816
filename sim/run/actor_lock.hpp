/* A lock on a SimGrid mutex for actor code that may be killed while it waits.
 *
 * When the simulation ends, SimGrid kills the daemon actors still waiting. With thread contexts the killed actor
 * unwinds its stack on its own thread while maestro, in the context's destructor, joins that thread; a
 * std::unique_lock destroyed during that unwinding would call Mutex::unlock, a simcall, which waits for maestro:
 * both wait for ever (a killed waiter does not even hold the mutex: it was waiting on a condition variable).
 * ActorLock leaves the mutex alone when it is destroyed by an exception, so an actor is never killed while it
 * holds one of these locks across a blocking call in mid-simulation (none of clustersim's models does). Its
 * destructor is noexcept(false): the kill may also come during its own unlock, and must then unwind the actor. */
#pragma once
#include <exception>
#include <mutex>
#include <simgrid/s4u/Mutex.hpp>

namespace cs {

class ActorLock : public std::unique_lock<simgrid::s4u::Mutex> {
public:
  using std::unique_lock<simgrid::s4u::Mutex>::unique_lock;
  ActorLock(const ActorLock&)            = delete;
  ActorLock& operator=(const ActorLock&) = delete;
  /** May throw: SimGrid's kill of this actor, when it comes during the unlock. */
  ~ActorLock() noexcept(false)
  {
    if (not owns_lock())
      return;
    simgrid::s4u::Mutex* mutex = release(); // the base destructor has nothing left to do, whatever happens below
    if (std::uncaught_exceptions() > exceptions_before_)
      return; // unwinding (a kill at the end of the simulation): no simcall from here
    // Unlocking is a simcall, and the end of the simulation may kill this actor during it (the mutex is unlocked by
    // then): SimGrid then throws its ForcefulKillException from the unlock. From a destructor that is noexcept, as
    // std::unique_lock's is, that was std::terminate: a DSM receiver killed as it left Socket::recv aborted the run.
    // This destructor lets the exception unwind the actor as SimGrid expects.
    mutex->unlock();
  }

private:
  int exceptions_before_ = std::uncaught_exceptions();
};

} // namespace cs
