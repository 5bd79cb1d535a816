#include "sim/run/model_decl.hpp"

namespace cs {

const OutputDecl* ModelDecl::metric(const std::string& name) const
{
  for (auto const& m : metrics)
    if (m.name == name)
      return &m;
  return nullptr;
}

const TableDecl* ModelDecl::table(const std::string& name) const
{
  for (auto const& t : tables)
    if (t.name == name)
      return &t;
  for (auto const& t : framework_tables())
    if (t.name == name)
      return &t;
  return nullptr;
}

const std::vector<TableDecl>& framework_tables()
{
  static const std::vector<TableDecl> tables{
      {"events",
       "one row per event of the run: the framework's (actors, messages, CPU bursts, hosts on/off) and the model's "
       "protocol events (docs/timelines.md)",
       {{"time_s", "s", "simulated time the event happened, or its span began"},
        {"end_s", "s", "simulated time its span ended (time_s for an instant)"},
        {"node", "text", "the host it happened on"},
        {"actor", "text", "the SimGrid actor that did it"},
        {"kind", "text", "what happened (actor, msg, cpu, host_off, or a model's protocol event)"},
        {"peer", "text", "the other host of a message, or the node a decision concerns"},
        {"detail", "text", "free text: the page, the iteration, the bytes"}}},
  };
  return tables;
}

const std::vector<std::string>& framework_platform_reads()
{
  // What the framework itself builds the platform from, whatever the model: hosts and their groups (a model takes
  // its hosts by group, generated groups are sized to the run), the switches' host lists and fabrics, the routes,
  // SimGrid's options, and the free text a reader keeps beside the numbers.
  static const std::vector<std::string> reads{"/hosts/*/count",
                                              "/hosts/*/group",
                                              "/hosts/*/generated",
                                              "/hosts/*/os",
                                              "/hosts/*/properties",
                                              "/switches/*/hosts",
                                              "/switches/*/topology",
                                              "/routes",
                                              "/simgrid",
                                              "/name",
                                              "/description",
                                              "/source",
                                              "/hosts/*/description",
                                              "/hosts/*/disks/*/description",
                                              "/switches/*/description",
                                              "/links/*/description",
                                              "/os_profiles/*/description"};
  return reads;
}

namespace {
std::vector<std::string> segments(const std::string& p)
{
  std::vector<std::string> out;
  size_t i = 0;
  while (i < p.size()) {
    size_t j = p.find('/', i + 1);
    if (j == std::string::npos)
      j = p.size();
    out.push_back(p.substr(i + 1, j - i - 1));
    i = j;
  }
  return out;
}
} // namespace

bool pattern_covers(const std::string& pattern, const std::string& path)
{
  auto pat = segments(pattern);
  auto seg = segments(path);
  if (pat.size() > seg.size())
    return false;
  for (size_t i = 0; i < pat.size(); ++i)
    if (pat[i] != "*" && pat[i] != seg[i])
      return false;
  return true;
}

} // namespace cs
