/* UDP through one switch with finite buffers: where datagrams get lost.
 *
 * A datagram leaves its sender's NIC at line rate (one NIC, FIFO), crosses the switch's egress port toward its
 * destination (a FIFO tail-drop queue of `port_buffer` bytes: the switch with `mls qos` off) and lands in a socket
 * receive buffer of the destination host (Linux charges every IP fragment's buffer, its truesize, against the
 * socket's rcvbuf). A datagram that finds the port queue full (no room for its next frame: the switch stores and
 * forwards frames, not datagrams) or the socket buffer full (no room for all its fragments: the host reassembles) is
 * lost: loss comes out of the traffic, not from a rate. An injected loss probability exists only as a what-if knob.
 *
 * The fabric is its own event loop (one daemon actor sleeping until the next frame event) rather than one SimGrid
 * comm per datagram: SimGrid's flow model has no queues to overflow, and per-datagram arithmetic is what makes a
 * run of a million datagrams take seconds. */
#pragma once
#include "models/common/net/fat_tree_paths.hpp"
#include "sim/run/rng.hpp"

#include <simgrid/s4u.hpp>

#include <deque>
#include <memory>
#include <optional>
#include <queue>
#include <vector>

namespace cs::net {

namespace sg4 = simgrid::s4u;

/** The wire and the switch (one star switch, identical full-duplex ports). */
struct FabricConfig {
  double bandwidth     = 125e6; ///< bytes/s of each port link, both directions
  double latency       = 0;     ///< one-way latency of a port link (NIC, PHY, cable), paid on each hop
  double port_buffer   = 0;     ///< bytes the switch can queue toward one egress port
  double mtu           = 1500;  ///< IP MTU: larger datagrams travel as fragments
  double frame_bytes   = 38;    ///< per Ethernet frame on the wire: header, FCS, preamble, inter-frame gap
  double ip_header     = 20;    ///< per fragment
  double udp_header    = 8;     ///< per datagram
  double injected_loss = 0;     ///< what-if: probability a datagram is dropped on delivery regardless of buffers
  std::string switch_name;      ///< its port links are "<switch>:<host>:down": the fault schedule's loss applies
  /** One shared segment (a 10 Mb/s Ethernet) instead of a switch: every host's frames take turns on one medium at
   *  `bandwidth`, in the order the senders reach it (carrier sense, deferral); no port queues, no collisions. */
  bool shared_medium = false;
  /** A fat tree of switches instead of one (fat_tree_paths.hpp): a datagram crosses an egress port queue at every
   *  switch on its way, each `port_buffer` deep, and `latency` on every cable. Null: one switch. */
  std::shared_ptr<const FatTreePaths> fat_tree;
  /** With fat_tree: the leaf of each of the fabric's hosts (the platform's order of hosts). */
  std::vector<long> leaf_of;
};

/** One host's receive side of a socket. */
struct SocketConfig {
  double rcvbuf   = 65535; ///< bytes of skb truesize the socket may hold (SO_RCVBUF)
  double truesize = 1750;  ///< bytes charged per received fragment (the driver's buffer plus the sk_buff)
};

/** A datagram as the fabric carries it: the body is the sender's business. */
struct Datagram {
  int src      = 0;
  int dst      = 0;
  int port     = 0; ///< which socket of the destination
  double bytes = 0; ///< UDP payload
  std::shared_ptr<const void> body;
  double sent_at = 0; ///< when the sender put it on its NIC (for the run's timeline)
};

struct SocketStats {
  long delivered   = 0;
  long overflowed  = 0; ///< lost: the socket buffer was full
  double peak_used = 0; ///< bytes (truesize) at its fullest
};

/** A bounded receive queue; its one reader blocks on it. */
class Socket {
public:
  explicit Socket(SocketConfig cfg) : cfg_(cfg) {}
  /** The next datagram (blocks until one is there). */
  Datagram recv();
  /** The next datagram, or nothing if none arrived before the simulated time `deadline`. */
  std::optional<Datagram> recv_until(double deadline);
  const SocketStats& stats() const { return stats_; }
  /** Datagrams waiting to be read. */
  size_t queued() const { return queue_.size(); }

private:
  friend class Fabric;
  /** Called at arrival time: queues the datagram, or drops it (returns false) if its fragments do not fit. */
  bool offer(Datagram d, double charge);
  Datagram take();

  SocketConfig cfg_;
  std::deque<std::pair<Datagram, double>> queue_; ///< with the truesize it is charged
  double used_ = 0;
  SocketStats stats_;
  sg4::MutexPtr mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr cv_ = sg4::ConditionVariable::create();
};

struct FabricStats {
  long sent              = 0;
  long port_drops        = 0; ///< lost in the switch: the egress port queue was full
  long socket_drops      = 0; ///< lost at a host: its socket buffer was full
  long injected_drops    = 0;
  long frames            = 0; ///< Ethernet frames sent (fragments)
  double bytes_on_wire   = 0;
  double peak_port_queue = 0; ///< bytes an egress port had to send when a datagram came in, that datagram included
};

class Fabric {
public:
  /** `sockets_per_host` sockets on each of `hosts` hosts; `rng` draws only the injected what-if loss. */
  Fabric(FabricConfig cfg, SocketConfig socket, int hosts, int sockets_per_host, Rng rng);
  /** Starts the event loop (a daemon actor on `where`). */
  void start(sg4::Host* where);
  /** Puts a datagram on `d.src`'s NIC now (the sender has already paid its software cost). */
  void send(Datagram d);
  Socket& socket(int host, int port) { return *sockets_[static_cast<size_t>(host * per_host_ + port)]; }
  const FabricStats& stats() const { return stats_; }
  /** Frames a datagram of `bytes` payload travels as. */
  int fragments(double bytes) const;
  /** Bytes on the wire of those frames. */
  double wire_bytes(double bytes) const;
  /** Datagrams lost at the switch port toward `host`. */
  long port_drops_to(int host) const { return port_drops_[static_cast<size_t>(host)]; }
  /** The platform names of the hosts, for the run's event table (else "host<i>"). */
  void name_hosts(std::vector<std::string> names) { names_ = std::move(names); }

private:
  enum class Stage { at_switch, at_host }; ///< where the datagram is at `time`
  struct Event {
    double time;
    long order;
    Stage stage;
    double last_in; ///< at_switch: when the datagram's last fragment is in the switch
    Datagram d;
    int hop = 0; ///< at_switch in a fat tree: which egress port of its path the datagram is at
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : order > o.order; }
  };
  void loop();
  void push(Event e);
  void at_switch(const Event& e);
  /** The egress port the datagram of `e` is at, and whether it is the last of its path (toward its host). */
  std::pair<size_t, bool> port_at(const Event& e);
  void at_host(const Event& e);
  void send_on_segment(Datagram d, double now);

  FabricConfig cfg_;
  int per_host_;
  Rng rng_;
  std::vector<std::unique_ptr<Socket>> sockets_;
  std::vector<double> nic_free_;  ///< when each sender's NIC is idle again
  std::vector<double> port_free_; ///< when each egress port has sent all it holds
  std::vector<long> path_;        ///< port_at's scratch path
  double medium_free_ = 0;        ///< shared_medium: when the segment is idle again
  std::vector<long> port_drops_;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
  long order_ = 0;
  FabricStats stats_;
  std::vector<std::string> names_;
  std::string name(int host) const;
  sg4::MutexPtr mutex_          = sg4::Mutex::create();
  sg4::ConditionVariablePtr cv_ = sg4::ConditionVariable::create();
};

} // namespace cs::net
