#include "sim/input/units.hpp"
#include "sim/input/unit_text.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

namespace cs {

const char* unit_name(Unit u)
{
  switch (u) {
  case Unit::none:
    return "number";
  case Unit::time:
    return "duration";
  case Unit::size:
    return "size";
  case Unit::bandwidth:
    return "bandwidth";
  case Unit::speed:
    return "speed";
  case Unit::rate:
    return "rate";
  }
  return "?";
}

namespace {
using Table = std::vector<std::pair<const char*, double>>;

const Table& suffixes(Unit u)
{
  // Longest suffixes first so that "ms" wins over "s" and "MiB" over "B".
  static const Table time{{"min", 60},   {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9},
                          {"ps", 1e-12}, {"h", 3600},  {"d", 86400}, {"s", 1}};
  static const Table size{{"KiB", 1024.}, {"MiB", 1048576.}, {"GiB", 1073741824.}, {"TiB", 1099511627776.},
                          {"kB", 1e3},    {"KB", 1e3},       {"MB", 1e6},          {"GB", 1e9},
                          {"TB", 1e12},   {"Kib", 128.},     {"Mib", 131072.},     {"Gib", 134217728.},
                          {"kb", 125.},   {"Kb", 125.},      {"Mb", 125e3},        {"Gb", 125e6},
                          {"B", 1},       {"b", 0.125}};
  static const Table bw{{"KiBps", 1024.}, {"MiBps", 1048576.}, {"GiBps", 1073741824.}, {"kBps", 1e3},
                        {"KBps", 1e3},    {"MBps", 1e6},       {"GBps", 1e9},          {"TBps", 1e12},
                        {"Kibps", 128.},  {"Mibps", 131072.},  {"Gibps", 134217728.},  {"kbps", 125.},
                        {"Kbps", 125.},   {"Mbps", 125e3},     {"Gbps", 125e6},        {"Tbps", 125e9},
                        {"Bps", 1},       {"bps", 0.125}};
  static const Table speed{{"yottaflops", 1e24}, {"Ef", 1e18}, {"Pf", 1e15}, {"Tf", 1e12},
                           {"Gf", 1e9},          {"Mf", 1e6},  {"kf", 1e3},  {"f", 1}};
  static const Table rate{{"GHz", 1e9}, {"MHz", 1e6}, {"kHz", 1e3}, {"Hz", 1}, {"/s", 1}};
  static const Table none{{"%", 0.01}};
  switch (u) {
  case Unit::time:
    return time;
  case Unit::size:
    return size;
  case Unit::bandwidth:
    return bw;
  case Unit::speed:
    return speed;
  case Unit::rate:
    return rate;
  case Unit::none:
    break;
  }
  return none;
}
} // namespace

const char* unit_examples(Unit u)
{
  switch (u) {
  case Unit::none:
    return "a plain number, or a percentage such as \"25%\"";
  case Unit::time:
    return "e.g. \"50us\", \"3ms\", \"2min\", \"10s\"";
  case Unit::size:
    return "e.g. \"10KiB\", \"4MB\", \"512B\"";
  case Unit::bandwidth:
    return "e.g. \"100Mbps\", \"12MBps\", \"1000Bps\"";
  case Unit::speed:
    return "e.g. \"2Gf\", \"100Mf\", \"1e9f\"";
  case Unit::rate:
    return "e.g. \"85kHz\", \"50000/s\", \"50000Hz\"";
  }
  return "";
}

const char* base_suffix(Unit u)
{
  switch (u) {
  case Unit::time:
    return "s";
  case Unit::size:
    return "B";
  case Unit::bandwidth:
    return "Bps";
  case Unit::speed:
    return "f";
  case Unit::rate:
    return "Hz";
  case Unit::none:
    break;
  }
  return "";
}

std::string no_unit_message(const std::string& number, Unit unit)
{
  static const char* const second[] = {"", "ms", "KiB", "Mbps", "Gf", "kHz"}; // in Unit's order
  return number + " has no unit; give a " + unit_name(unit) + " such as " + number + base_suffix(unit) + ", " + number +
         second[static_cast<int>(unit)];
}

std::optional<std::pair<double, Unit>> parse_any_quantity(const std::string& text)
{
  for (Unit u : {Unit::time, Unit::size, Unit::bandwidth, Unit::speed, Unit::rate})
    if (auto v = parse_unit_string(text, u))
      return std::make_pair(*v, u);
  return std::nullopt;
}

std::optional<double> parse_unit_string(const std::string& text, Unit unit, std::string* why)
{
  // A NUL would end the C string the number and its unit are read from: "1Gbps\0garbage" would pass as "1Gbps".
  if (text.find('\0') != std::string::npos) {
    if (why)
      *why = "holds a NUL character";
    return std::nullopt;
  }
  const char* begin = text.c_str();
  char* end         = nullptr;
  double number     = std::strtod(begin, &end);
  // Decimal only: strtod also reads hexadecimal (0x1p4), "inf", "nan" and leading blanks, none of which a
  // quantity in a scenario should be.
  bool decimal = end != begin;
  for (const char* c = begin; c < end; ++c)
    decimal = decimal && (std::isdigit(static_cast<unsigned char>(*c)) || std::strchr(".eE+-", *c) != nullptr);
  if (not decimal) {
    if (why)
      *why = "does not start with a decimal number";
    return std::nullopt;
  }
  std::string suffix(end);
  while (not suffix.empty() && std::isspace(static_cast<unsigned char>(suffix.front())))
    suffix.erase(suffix.begin());
  if (not std::isfinite(number)) {
    if (why)
      *why = "is not a finite number";
    return std::nullopt;
  }
  if (suffix.empty() && unit != Unit::none) {
    if (why)
      *why = no_unit_message(text, unit);
    return std::nullopt;
  }
  if (suffix.empty())
    return number;
  for (auto const& [name, factor] : suffixes(unit))
    if (suffix == name)
      return number * factor;
  if (why) {
    *why = "unknown unit \"" + suffix + "\" for a " + unit_name(unit) + "; " + unit_examples(unit);
  }
  return std::nullopt;
}

} // namespace cs
