#include "models/speculative_read/node.hpp"
#include "models/common/payload.hpp"
#include "sim/run/events.hpp"

#include <memory>

XBT_LOG_EXTERNAL_CATEGORY(cs);
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cs_speculative_read, cs, "Speculative remote read (seed 000)");

namespace cs::speculative_read {

void compute(double seconds)
{
  if (seconds > 0)
    sg4::this_actor::execute(seconds * sg4::this_actor::get_host()->get_speed());
}

void DataServer::operator()()
{
  const double service = os_.cost("rpc_server_cpu");
  while (true) {
    auto req = inbox_->get_unique<Request>();
    if (req->kind == Request::Kind::connect) { // the kernel answers a SYN; the server program is not involved
      send_owned(req->reply_to, std::make_unique<Reply>(Reply{true, version_}), static_cast<uint64_t>(p_.reply_size));
      continue;
    }
    compute(service);
    auto reply  = std::make_unique<Reply>(Reply{req->cached_version == version_, version_});
    double size = p_.reply_size;
    switch (req->kind) {
    case Request::Kind::connect:
    case Request::Kind::check:
      break;
    case Request::Kind::read:
      size += p_.object_size;
      break;
    case Request::Kind::write:
      version_++; // every cached copy elsewhere is now stale
      reply->version = version_;
      break;
    }
    static const char* const names[] = {"connect", "check", "read", "write"}; // in Request::Kind order
    const char* what                 = names[static_cast<int>(req->kind)];
    XBT_VERB("served a %s: the object is at version %lu%s", what, static_cast<unsigned long>(version_),
             req->kind == Request::Kind::check ? (reply->valid ? ", the cached copy is valid" : ", the copy is stale")
                                               : "");
    event(std::string("serve_") + what, "", "version " + std::to_string(version_));
    send_owned(req->reply_to, std::move(reply), static_cast<uint64_t>(size));
  }
}

Reply ClientServer::call(Request::Kind kind, uint64_t cached_version, double request_bytes)
{
  compute(os_.cost("rpc_client_cpu"));
  sg4::Mailbox* reply_to = boxes_.mine();
  if (p_.connect_per_op) { // SYN, SYN-ACK; the request then rides with the handshake's last ACK
    send_owned(server_, std::make_unique<Request>(Request{Request::Kind::connect, 0, reply_to}),
               static_cast<uint64_t>(p_.request_size));
    reply_to->get_unique<Reply>();
    stats_.connections++;
  }
  send_owned(server_, std::make_unique<Request>(Request{kind, cached_version, reply_to}),
             static_cast<uint64_t>(request_bytes));
  auto reply = reply_to->get_unique<Reply>();
  return *reply;
}

bool ClientServer::check(uint64_t cached_version)
{
  double t0 = sg4::Engine::get_clock();
  bool ok   = call(Request::Kind::check, cached_version, p_.request_size).valid;
  stats_.checks++;
  stats_.check_time += sg4::Engine::get_clock() - t0;
  span(t0, "check", "", ok ? "valid" : "stale");
  return ok;
}

uint64_t ClientServer::read()
{
  double t0  = sg4::Engine::get_clock();
  uint64_t v = call(Request::Kind::read, 0, p_.request_size).version;
  stats_.reads++;
  stats_.read_time += sg4::Engine::get_clock() - t0;
  span(t0, "remote_read", "", "version " + std::to_string(v));
  return v;
}

void ClientServer::write()
{
  double t0 = sg4::Engine::get_clock();
  call(Request::Kind::write, 0, p_.request_size + p_.object_size);
  stats_.writes++;
  stats_.write_time += sg4::Engine::get_clock() - t0;
  span(t0, "remote_write");
}

} // namespace cs::speculative_read
