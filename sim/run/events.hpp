/* The run's event table (events.csv): what the protocol did, when, where and with whom, for timelines.
 *
 * Models mark their protocol's events with `cs::event` / `cs::span` (a loss, a resend, a checkpoint, a rollback...);
 * the framework adds, on its own, every actor's life, the messages between hosts, the CPU bursts and the hosts going
 * off and on, so every model has a timeline even before it marks anything. Rows go to the run's one Recorder
 * (table "events"); outside a run (unit tests without an engine) the calls do nothing. */
#pragma once
#include <limits>
#include <string>

namespace cs {

class Recorder;

/** The columns of events.csv: an instant has end_s == time_s; `node` is the host, `peer` the other host of a message
 *  (or the node a decision concerns), `detail` free text. */
inline const char* const event_columns[] = {"time_s", "end_s", "node", "actor", "kind", "peer", "detail"};

/** Marks an instant event of the calling actor (its host and name) at the current simulated time. */
void event(const std::string& kind, const std::string& peer = "", const std::string& detail = "");
/** Marks a span of the calling actor from `start` (simulated seconds) to now: a checkpoint write, a recovery... */
void span(double start, const std::string& kind, const std::string& peer = "", const std::string& detail = "");
/** Marks an event on a node, not necessarily the caller's (a failure injected from elsewhere, a lost datagram). */
void event_on(const std::string& node, const std::string& kind, const std::string& peer = "",
              const std::string& detail = "");

/** Shows the messages through the mailbox named `mailbox` as through `shown` (empty: its own name again), from now
 *  until changed: for a model that reuses mailboxes (SimGrid never frees one) under names that stay as they were. */
void mailbox_alias(const std::string& mailbox, const std::string& shown);

/** Marks a message from `from` to `to` sent at `start` and delivered now, for transports that are not SimGrid
 *  communications (the UDP fabric); counted and windowed with the automatic rows. */
void message(double start, const std::string& from, const std::string& to, const std::string& detail = "");
/** message() in two steps, for a transport that would build the row's strings for nothing: whether a message sent
 *  at `start` and delivered now is kept (counted as kept or dropped), then, only if it is, its row. */
bool keep_message(double start);
void message_row(double start, const std::string& from, const std::string& to, const std::string& detail);

/** What the framework records on its own besides the model's events. */
struct EventOptions {
  double from         = 0; ///< only what happens in [from, to] (the model's own events are always kept)
  double to           = std::numeric_limits<double>::infinity();
  long activity_limit = 20000;  ///< at most this many automatic rows (messages, CPU bursts); 0: none
  long model_limit    = 200000; ///< at most this many model rows (then one "truncated" row says how many went)
};

/** Routes events to `recorder` while it lives (one run per process, as SimGrid allows one engine per process) and
 *  connects the engine's signals that give the automatic rows. Create it after the platform is built. */
class EventCapture {
public:
  EventCapture(Recorder& recorder, EventOptions options);
  ~EventCapture();
  EventCapture(const EventCapture&)            = delete;
  EventCapture& operator=(const EventCapture&) = delete;
  /** Closes the spans still open (actors alive at the end) and writes the counts of dropped rows. */
  void finish();
};

} // namespace cs
