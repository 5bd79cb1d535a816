#include "models/dsm/node.hpp"
#include "models/dsm/home.hpp"
#include "models/dsm/no_dsm.hpp"
#include "models/dsm/tmk_lrc.hpp"

#include <algorithm>
#include <stdexcept>

namespace cs::dsm {

namespace {

std::unique_ptr<ConsistencyProtocol> system_protocol(Process& process)
{
  if (process.params().system.protocol == Protocol::lrc)
    return std::make_unique<tmk::Lrc>(process);
  if (process.params().system.protocol == Protocol::none)
    return std::make_unique<NoDsm>(process);
  return std::make_unique<Home>(process);
}

} // namespace

Node::Node(int id, Memory& memory, Transport& transport, const Params& params)
    : Node(id, memory, transport, params, system_protocol)
{
}

Node::Node(int id, Memory& memory, Transport& transport, const Params& params,
           const std::function<std::unique_ptr<ConsistencyProtocol>(Process&)>& make_protocol)
    : process_(id, memory, transport, params), protocol_(make_protocol(process_))
{
  transport.set_handler([this](const MsgPtr& m) { handle(m); });
}

void Node::handle(const MsgPtr& m)
{
  if (not process_.handle_wait(*m))
    protocol_->handle(m);
}

void Node::compute(double seconds, double bus_bytes)
{
  if (bus_bytes <= 0) {
    compute(seconds);
    return;
  }
  if (bus_ == nullptr)
    throw std::logic_error("dsm: node " + std::to_string(id()) + " misses over a memory bus it was not given");
  // Alone, the stretch takes its CPU time plus its lines' bus time; that pace caps its share of the bus.
  const Costs& c = process_.transport().costs();
  double alone   = seconds * c.cpu_scale * c.compute_scale + bus_bytes / bus_->bandwidth();
  process_.transport().cpu_during([&]() { bus_->transfer(bus_bytes, bus_bytes / alone); });
}

void Node::read_span(long base, double offset, double length)
{
  auto [first, last] = process_.memory().span(base, offset, length);
  for (long pg = first; pg <= last; ++pg)
    read(pg);
}

void Node::write_span(long base, double offset, double length)
{
  const Memory& memory = process_.memory();
  auto [first, last]   = memory.span(base, offset, length);
  for (long pg = first; pg <= last; ++pg) {
    double lo = std::max(offset, (pg - base) * memory.page_size());
    double hi = std::min(offset + length, (pg - base + 1) * memory.page_size());
    write(pg, std::max(0.0, hi - lo));
  }
}

} // namespace cs::dsm
