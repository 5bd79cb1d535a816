#include "sim/run/events.hpp"
#include "sim/run/recorder.hpp"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <map>
#include <vector>

// The root of clustersim's log categories: every model's category and the framework's hang below it.
XBT_LOG_NEW_CATEGORY(cs, "clustersim: the framework and its models");

namespace sg4 = simgrid::s4u;

namespace cs {

namespace {

struct Row {
  double time, end;
  std::string node, actor, kind, peer, detail;
};

/** The capture of the running engine. A global because model actors deep in a protocol hold no Recorder, and the
 *  engine (one per process) has no place for user data; it lives exactly as long as the EventCapture. */
struct Sink {
  EventOptions options;
  Recorder* recorder = nullptr;
  std::vector<Row> rows;
  long model_rows = 0, model_dropped = 0, activity_rows = 0, activity_dropped = 0;
  std::map<long, Row> alive; ///< actor pid -> its life so far, for the actors running
  /// The actors that ended at the current instant, by pid: SimGrid kills the daemons left at the end in the order of
  /// their addresses in memory, which must not decide the order of the rows.
  std::map<long, Row> ended_now;
  std::map<std::string, std::string, std::less<>> mailbox_aliases; ///< mailbox name -> name shown (mailbox_alias)
  bool finished = false;

  // Whether a row is kept, counted as kept or dropped; asked before the row is built, since a sweep's point keeps
  // few rows and building each one (host and actor names, detail) was most of the cost of a dropped message.
  bool keep_model()
  {
    if (model_rows >= options.model_limit) {
      ++model_dropped;
      return false;
    }
    ++model_rows;
    return true;
  }
  bool keep_activity(double time, double end)
  {
    if (end < options.from || time > options.to)
      return false;
    if (activity_rows >= options.activity_limit) {
      ++activity_dropped;
      return false;
    }
    ++activity_rows;
    return true;
  }
  void activity(Row r)
  {
    if (keep_activity(r.time, r.end))
      rows.push_back(std::move(r));
  }
  /** The lives of the actors that ended before `now`, in pid order. */
  void flush_ended(double now)
  {
    if (ended_now.empty() || ended_now.begin()->second.end >= now)
      return;
    for (auto& [pid, life] : ended_now)
      activity(std::move(life));
    ended_now.clear();
  }
};

Sink* sink = nullptr;

/** The current capture if it still takes rows. */
Sink* open_sink()
{
  return sink != nullptr && not sink->finished ? sink : nullptr;
}

/** Whether the engine's signals feed the current capture: connected once per process, they stay silent for a run
 *  that keeps the model's events only, as if they were not connected. */
bool automatic_rows()
{
  return sink != nullptr && not sink->finished && sink->options.activity_limit > 0;
}

std::string host_name(const sg4::Host* h)
{
  return h ? h->get_name() : "";
}

/** The calling actor's host and name (empty outside an actor: the engine's own context). */
std::pair<std::string, std::string> caller()
{
  sg4::Actor* self = sg4::Actor::self();
  if (self == nullptr)
    return {"", ""};
  return {host_name(self->get_host()), self->get_name()};
}

void on_activity_done(const sg4::Activity& a)
{
  if (not automatic_rows())
    return;
  if (auto const* c = dynamic_cast<const sg4::Comm*>(&a)) {
    std::string src = host_name(c->get_source()), dst = host_name(c->get_destination());
    const sg4::Actor* from = c->get_sender();
    std::string mailbox    = c->get_mailbox() ? c->get_mailbox()->get_name() : "";
    if (auto alias = sink->mailbox_aliases.find(mailbox); alias != sink->mailbox_aliases.end())
      mailbox = alias->second;
    sink->activity({c->get_start_time(), c->get_finish_time(), src, from ? from->get_name() : "", "msg", dst, mailbox});
  } else if (auto const* e = dynamic_cast<const sg4::Exec*>(&a)) {
    auto [node, actor] = caller();
    sink->activity({e->get_start_time(), e->get_finish_time(), host_name(e->get_host()), actor, "cpu", "", ""});
  }
}

} // namespace

void event_on(const std::string& node, const std::string& kind, const std::string& peer, const std::string& detail)
{
  if (open_sink() == nullptr || not sink->keep_model())
    return;
  double now = sg4::Engine::get_clock();
  sink->rows.push_back({now, now, node, caller().second, kind, peer, detail});
}

void event(const std::string& kind, const std::string& peer, const std::string& detail)
{
  if (open_sink() == nullptr || not sink->keep_model())
    return;
  auto [node, actor] = caller();
  double now         = sg4::Engine::get_clock();
  sink->rows.push_back({now, now, node, actor, kind, peer, detail});
}

void span(double start, const std::string& kind, const std::string& peer, const std::string& detail)
{
  if (open_sink() == nullptr || not sink->keep_model())
    return;
  auto [node, actor] = caller();
  sink->rows.push_back({start, sg4::Engine::get_clock(), node, actor, kind, peer, detail});
}

void mailbox_alias(const std::string& mailbox, const std::string& shown)
{
  if (open_sink() == nullptr)
    return;
  if (shown.empty() || shown == mailbox)
    sink->mailbox_aliases.erase(mailbox);
  else
    sink->mailbox_aliases[mailbox] = shown;
}

bool keep_message(double start)
{
  return open_sink() != nullptr && sink->keep_activity(start, sg4::Engine::get_clock());
}

void message_row(double start, const std::string& from, const std::string& to, const std::string& detail)
{
  if (open_sink() != nullptr)
    sink->rows.push_back({start, sg4::Engine::get_clock(), from, caller().second, "msg", to, detail});
}

void message(double start, const std::string& from, const std::string& to, const std::string& detail)
{
  if (keep_message(start))
    message_row(start, from, to, detail);
}

EventCapture::EventCapture(Recorder& recorder, EventOptions options)
{
  sink                  = new Sink;
  sink->options         = options;
  sink->recorder        = &recorder;
  static bool connected = false; // once per process: the signals outlive the engine, and a process may run several
  if (options.activity_limit <= 0 || connected)
    return; // the model's events only, or the signals are connected already (they find the current sink)
  connected = true;
  sg4::Activity::on_completion_cb(on_activity_done);
  sg4::Actor::on_creation_cb([](sg4::Actor& a) {
    if (automatic_rows())
      sink->alive[a.get_pid()] = {sg4::Engine::get_clock(), 0, host_name(a.get_host()), a.get_name(), "actor", "", ""};
  });
  sg4::Actor::on_termination_cb([](const sg4::Actor& a) {
    if (not automatic_rows())
      return;
    auto it = sink->alive.find(a.get_pid());
    if (it == sink->alive.end())
      return;
    double now = sg4::Engine::get_clock();
    sink->flush_ended(now);
    it->second.end             = now;
    sink->ended_now[it->first] = std::move(it->second);
    sink->alive.erase(it);
  });
  sg4::Host::on_state_change_cb([](const sg4::Host& h) {
    if (automatic_rows())
      event_on(h.get_name(), h.is_on() ? "host_on" : "host_off");
  });
}

void EventCapture::finish()
{
  if (sink == nullptr || sink->finished)
    return;
  double now = sg4::Engine::get_clock();
  sink->flush_ended(std::numeric_limits<double>::infinity());
  for (auto& [pid, life] : sink->alive) { // daemons and actors still blocked when the simulation ended
    life.end    = now;
    life.detail = "alive at the end";
    sink->activity(std::move(life));
  }
  sink->alive.clear();
  if (sink->model_dropped > 0)
    sink->rows.push_back({now, now, "", "", "truncated", "", std::to_string(sink->model_dropped) + " model events"});
  if (sink->activity_dropped > 0)
    sink->rows.push_back(
        {now, now, "", "", "truncated", "", std::to_string(sink->activity_dropped) + " messages/bursts/actors"});
  sink->finished = true;
  // Time order (spans are recorded when they end); rows of the same instant keep the order they happened in.
  std::stable_sort(sink->rows.begin(), sink->rows.end(), [](const Row& a, const Row& b) { return a.time < b.time; });
  Table& t =
      sink->recorder->table("events", std::vector<std::string>(std::begin(event_columns), std::end(event_columns)));
  for (auto& r : sink->rows)
    t.add({r.time, r.end, r.node, r.actor, r.kind, r.peer, r.detail});
  sink->rows.clear();
}

EventCapture::~EventCapture()
{
  // The signals stay connected (SimGrid 3.32 keeps no handle for them) but find no sink: they do nothing.
  delete sink;
  sink = nullptr;
}

} // namespace cs
