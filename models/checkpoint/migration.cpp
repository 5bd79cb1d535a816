#include "models/checkpoint/migration.hpp"
#include "models/common/payload.hpp"

#include <xbt/log.h>

XBT_LOG_EXTERNAL_CATEGORY(cs_checkpoint);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_checkpoint_migration, cs_checkpoint, "Brazos thread migration");

namespace cs::checkpoint {

NtCosts NtCosts::from(const Platform& platform, const sg4::Host* host)
{
  const OsProfile& os = platform.os(host);
  NtCosts c;
  c.suspend_thread     = os.cost("suspend_thread");
  c.get_thread_context = os.cost("get_thread_context");
  c.set_thread_context = os.cost("set_thread_context");
  c.resume_thread      = os.cost("resume_thread");
  c.virtual_query      = os.cost("virtual_query");
  c.context_switch     = os.cost("context_switch");
  c.udp_message        = os.cost("udp_message");
  os.cost("memcpy_bw"); // required of the profile, as before (a missing cost fails at start)
  c.memcpy_bw       = platform.memory_bw(host);
  c.reference_speed = platform.reference_speed(host);
  // A calibrated profile measured a datagram's one-way host cost (udp_fixed, both ends): one end's is half of it.
  // The Win32 calls have no measured counterpart and stay the platform's.
  if (platform.calibrated() && os.has("udp_fixed"))
    c.udp_message = os.cost("udp_fixed") / 2;
  return c;
}

struct MigrationAgent::Msg {
  enum class Kind { request, migration, ack } kind;
  BrazosThread* thread = nullptr;
  MigrationAgent* peer = nullptr; ///< request: the destination; migration: the sender (to acknowledge)
};

MigrationAgent::MigrationAgent(sg4::Host* host, NtCosts costs, const Params& p)
    : host_(host), c_(costs), p_(p), box_(sg4::Mailbox::by_name("brazos/" + host->get_name() + "/agent"))
{
}

void MigrationAgent::cpu(double seconds) const
{
  sg4::this_actor::execute(seconds * host_->get_speed());
}

void MigrationAgent::send(MigrationAgent& to, Msg* m, double bytes) const
{
  cpu(c_.udp_message); // the sender's part of the message: Winsock call, kernel copy, interrupt
  send_detached(to.box_, m, static_cast<uint64_t>(bytes));
}

void MigrationAgent::migrate_me(BrazosThread& t, MigrationAgent& dest)
{
  // The calling thread signals its agent and blocks until it runs again, wherever that is.
  send_detached(box_, new Msg{Msg::Kind::request, &t, &dest}, 0);
  t.resumed->acquire();
}

void MigrationAgent::serve()
{
  while (true) {
    std::unique_ptr<Msg> m(box_->get<Msg>());
    switch (m->kind) {
    case Msg::Kind::request: {
      BrazosThread& t = *m->thread;
      cpu(c_.context_switch); // the agent wakes up
      cpu(c_.suspend_thread + c_.get_thread_context + 2 * c_.virtual_query);
      cpu(t.stack_bytes / c_.memcpy_bw); // stack into the message buffer
      double bytes = p_.header_bytes + p_.context_bytes + p_.tls_bytes + t.stack_bytes;
      ++migrations_out;
      send(*m->peer, new Msg{Msg::Kind::migration, &t, this}, bytes);
      break; // the agent goes on serving; the acknowledgement arrives as a message of its own
    }
    case Msg::Kind::migration: {
      BrazosThread& t = *m->thread;
      cpu(c_.udp_message); // receive
      send(*m->peer, new Msg{Msg::Kind::ack, nullptr, this}, p_.ack_bytes);
      cpu(c_.set_thread_context);
      cpu(t.stack_bytes / c_.memcpy_bw); // stack back to the same virtual address
      cpu(c_.resume_thread);
      t.actor->set_host(host_);
      ++migrations_in;
      t.resumed->release();
      break;
    }
    case Msg::Kind::ack:
      cpu(c_.udp_message);
      ++acks;
      break;
    }
  }
}

} // namespace cs::checkpoint
