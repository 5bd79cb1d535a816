/* A node's local disk as seen by synchronous (O_SYNC) pwrites: a write-back buffer in front of the platter.
 *
 * The seed saw two regimes on the same cmi disks, 8-9 MB/s and 40-50 MB/s, without knowing why. Here a write
 * request is accepted into the buffer at `interface_bw` while there is room (the fast regime), and the buffer
 * drains to the platter at the disk's `write_bw` in the background; once the buffer is full, every request waits
 * for the platter to free room (the slow regime). Which regime a writer sees depends on the parameters:
 *   - buffer disabled (write_cache false) or volume written in one go much larger than `cache_size`
 *     (a dd/bonnie-style bandwidth test): the platter rate, 8-9 MB/s;
 *   - bursts no larger than the free room, separated by idle time >= dirty bytes / platter rate (4 MB pages every
 *     few seconds, as the logging library writes): the interface rate, 40-50 MB/s.
 * The same abstraction fits a drive's write cache (the default reading) or the OS page cache with its dirty limit
 * (cache_size = dirty limit, interface_bw = kernel copy rate). */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/platform/platform.hpp"

#include <simgrid/s4u.hpp>

namespace sg4 = simgrid::s4u;

namespace cs::msglog {

/** The `model` object of a platform disk (every number with its source). */
struct DiskModel {
  bool write_cache    = true; ///< write-back buffer enabled (false: write-through at the platter rate)
  double cache_size   = 0;    ///< bytes the buffer holds
  double interface_bw = 0;    ///< rate at which requests are accepted into the buffer (bytes/s)
  double request_size = 0;    ///< largest request the kernel sends to the drive (a pwrite is split into these)
  double io_slice     = 0;    ///< time one writer keeps the drive for consecutive requests (I/O scheduler slice)
  double platter_bw   = 0;    ///< drain rate: the disk's write_bw

  static DiskModel from(const DiskSpec& spec, const std::string& platform_file);
};

/** Per-node disk statistics. */
struct DiskStats {
  double bytes       = 0; ///< written by pwrites
  long writes        = 0; ///< pwrites that carried data (the final flush of an empty page carries none)
  long requests      = 0;
  long full_waits    = 0; ///< requests that found the buffer full and waited for the platter
  double full_wait_s = 0;
  double pwrite_s    = 0; ///< time pwrites spent in the disk (transfer + waits), summed
};

class WriteBackDisk {
public:
  WriteBackDisk(const DiskModel& m, sg4::Disk* platter);
  /** The disk part of one O_SYNC pwrite of `bytes` (called by an AIO helper actor; returns when acknowledged). */
  void write(double bytes);
  /** The background drain of the buffer to the platter (a daemon actor on the node). */
  void flusher();
  const DiskStats& stats() const { return stats_; }
  double dirty() const { return used_; }

private:
  DiskModel m_;
  sg4::Disk* platter_;
  sg4::MutexPtr drive_;            ///< one writer at a time (ATA without queueing; the I/O scheduler's slices)
  sg4::MutexPtr state_;            ///< guards the buffer accounting below
  sg4::ConditionVariablePtr room_; ///< signalled when the platter freed room
  sg4::ConditionVariablePtr work_; ///< signalled when data arrived for the platter
  double used_    = 0;             ///< bytes in the buffer (accepted or being accepted, not yet on the platter)
  double pending_ = 0;             ///< accepted bytes the flusher has not taken yet
  DiskStats stats_;
};

} // namespace cs::msglog
