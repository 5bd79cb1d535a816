/* What every DSM process has, whatever its consistency protocol: its number, the shared address space's layout,
 * its UDP transport (and the counters kept there), the application actor's waits for its SIGIO handler, JIAJIA's
 * statistics start (jia_startstat) and jia_wait, the programs' common start (WAIT to process 0, WAITGRANT to all).
 * The protocols (models/dsm/home.hpp, models/dsm/tmk_lrc.hpp) run on it; the program sees it through dsm::Node. */
#pragma once
#include "models/dsm/memory.hpp"
#include "models/dsm/page_cache.hpp"
#include "models/dsm/params.hpp"
#include "models/dsm/transport.hpp"

#include <functional>
#include <memory>

namespace cs::dsm {

class Process {
public:
  Process(int id, Memory& memory, Transport& transport, const Params& params)
      : id_(id), memory_(memory), transport_(transport), p_(params)
  {
  }

  int id() const { return id_; }
  int nodes() const { return memory_.nodes(); }
  Memory& memory() const { return memory_; }
  Transport& transport() const { return transport_; }
  const Params& params() const { return p_; }
  Counters& counters() const { return transport_.counters(); }
  sg4::Mutex& mutex() const { return *mutex_; }
  sg4::ConditionVariable& cv() const { return *cv_; }

  /** A message from this process, reliable unless the system omits its acknowledgement (GETP, GETPGRANT). */
  std::shared_ptr<Msg> make(Op op, int dst, long arg = 0, double payload = 0) const;
  /** The application actor waits until `done` (checked after each wake), adding the time waited to `account`. */
  void app_wait(const std::function<bool()>& done, double& account);
  /** The SIGIO handler wakes the application actor. */
  void wake() { cv_->notify_all(); }

  /** jia_wait(): a barrier without consistency. */
  void wait();
  /** Handles WAIT and WAITGRANT; false for every other message (the protocol's). */
  bool handle_wait(const Msg& m);

  /** jia_startstat(): statistics (and the program's timing) count from here. */
  void start_stat();
  double stat_start() const { return stat_start_; }
  /** Remote pages fetched since start_stat() (JIAJIA's getpcnt). */
  long stat_fetches() const { return counters().pages_fetched - stat_base_; }

private:
  int id_;
  Memory& memory_;
  Transport& transport_;
  const Params& p_;
  sg4::MutexPtr mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr cv_ = sg4::ConditionVariable::create();
  long wait_epoch_              = 0;
  int wait_arrivals_            = 0;
  double stat_start_            = -1;
  long stat_base_               = 0;
};

/** What a consistency protocol does for its process: the program's memory accesses and synchronisation, and the
 *  messages its SIGIO handler serves. It owns only its own state and reaches the process's through `process_`. */
class ConsistencyProtocol {
public:
  explicit ConsistencyProtocol(Process& process)
      : process_(process), id_(process.id()), memory_(process.memory()), transport_(process.transport()),
        p_(process.params()), mutex_(&process.mutex()), cv_(&process.cv())
  {
  }
  virtual ~ConsistencyProtocol() = default;

  virtual void read(long page)                = 0;
  virtual void write(long page, double bytes) = 0;
  virtual void acquire(long lock)             = 0;
  virtual void release(long lock)             = 0;
  virtual void barrier()                      = 0;
  /** Whether an access to `page` would fault (a program defers its computation only across accesses that do not). */
  virtual bool faults_on(long page, bool write) const = 0;
  /** The SIGIO handler's dispatch (and local delivery) of the protocol's messages. */
  virtual void handle(const MsgPtr& m) = 0;

  /** Bounds the remote-page cache to `pages` (0: unbounded), replacement drawn from `rng`; a protocol without such
   *  a cache ignores it. */
  virtual void set_cache(long, const Rng&) {}
  virtual const PageCache* cache() const { return nullptr; }
  /** Most remote pages valid here at once (what the cache bound must hold); 0 where not counted. */
  virtual long peak_mapped() const { return 0; }

protected:
  Counters& counters() const { return process_.counters(); }
  void wake() { process_.wake(); }
  void app_wait(const std::function<bool()>& done, double& account) { process_.app_wait(done, account); }
  std::shared_ptr<Msg> make(Op op, int dst, long arg = 0, double payload = 0) const
  {
    return process_.make(op, dst, arg, payload);
  }

  Process& process_;
  const int id_;
  Memory& memory_;
  Transport& transport_;
  const Params& p_;
  sg4::Mutex* const mutex_; ///< the process's (the application actor waits on it)
  sg4::ConditionVariable* const cv_;
};

} // namespace cs::dsm
