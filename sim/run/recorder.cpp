#include "sim/run/recorder.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/staged_files.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <unistd.h>

namespace cs {

std::string csv_field(const json& v)
{
  if (v.is_null())
    return "";
  if (v.is_number_integer())
    return std::to_string(v.get<long long>());
  if (v.is_number()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.12g", v.get<double>());
    return buf;
  }
  if (v.is_boolean())
    return v.get<bool>() ? "1" : "0";
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  if (s.find_first_of(",\"\n ") == std::string::npos)
    return s;
  std::string q = "\"";
  for (char c : s)
    q += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

namespace {

void append_row(std::string& out, const std::vector<json>& row)
{
  for (size_t i = 0; i < row.size(); ++i) {
    if (i)
      out += ',';
    out += csv_field(row[i]);
  }
  out += '\n';
}

constexpr size_t piece_bytes = 1 << 16;

} // namespace

void Table::add(std::vector<json> row)
{
  if (row.size() != columns_.size())
    throw std::logic_error("table row has " + std::to_string(row.size()) + " fields, expected " +
                           std::to_string(columns_.size()));
  if (not spill_) {
    rows_.push_back(std::move(row));
    return;
  }
  std::string line;
  append_row(line, row);
  if (std::fwrite(line.data(), 1, line.size(), spill_.get()) != line.size())
    throw std::runtime_error("cannot write a temporary table file: " + std::string(std::strerror(errno)));
}

void Table::stream_rows()
{
  if (spill_)
    return;
  char const* dir  = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/clustersim-table-XXXXXX";
  // Nameless from the unlink on, and no signal between the two calls: an interrupt cannot leave the file behind.
  sigset_t stop, before;
  sigemptyset(&stop);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
    sigaddset(&stop, sig);
  ::sigprocmask(SIG_BLOCK, &stop, &before);
  int fd    = ::mkstemp(path.data());
  int error = errno;
  if (fd >= 0)
    ::unlink(path.c_str());
  ::sigprocmask(SIG_SETMASK, &before, nullptr);
  if (fd < 0)
    throw std::runtime_error("cannot create a temporary table file in " + path + ": " + std::strerror(error));
  std::FILE* f = ::fdopen(fd, "w+");
  if (f == nullptr) {
    ::close(fd);
    throw std::runtime_error("cannot open a temporary table file: " + std::string(std::strerror(errno)));
  }
  spill_.reset(f, [](std::FILE* file) { std::fclose(file); });
  for (auto const& row : rows_)
    add(row);
  rows_.clear();
}

void Table::write_csv(const ByteSink& put) const
{
  std::string out;
  for (size_t i = 0; i < columns_.size(); ++i) {
    if (i)
      out += ',';
    out += columns_[i];
  }
  out += '\n';
  // Appended in place, without a temporary per field: a sweep writes thousands of event rows per point.
  for (auto const& row : rows_) {
    append_row(out, row);
    if (out.size() >= piece_bytes) {
      if (not put(out.data(), out.size()))
        return;
      out.clear();
    }
  }
  if (not spill_) {
    put(out.data(), out.size());
    return;
  }
  std::FILE* f = spill_.get();
  if (std::fflush(f) != 0 || std::fseek(f, 0, SEEK_SET) != 0)
    throw std::runtime_error("cannot read a temporary table file: " + std::string(std::strerror(errno)));
  if (not put(out.data(), out.size()))
    return;
  out.assign(piece_bytes, '\0');
  size_t n = 0;
  while ((n = std::fread(out.data(), 1, piece_bytes, f)) > 0)
    if (not put(out.data(), n))
      return;
  if (std::ferror(f) || std::fseek(f, 0, SEEK_END) != 0) // at the end again: more rows may be added
    throw std::runtime_error("cannot read a temporary table file: " + std::string(std::strerror(errno)));
}

std::string Table::to_csv() const
{
  std::string out;
  write_csv([&out](const char* data, size_t size) {
    out.append(data, size);
    return true;
  });
  return out;
}

void Recorder::declare(const ModelDecl& decl, std::string model)
{
  decl_  = &decl;
  model_ = std::move(model);
}

void Recorder::require_metric(const std::string& key) const
{
  if (decl_ != nullptr && decl_->metric(key) == nullptr)
    throw UndeclaredOutput("internal error: model " + model_ + " records the metric \"" + key +
                           "\", which it does not declare (each output needs its unit and definition in the "
                           "model's outputs declaration; clustersim describe " +
                           model_ + " lists them)");
}

void Recorder::require_table(const std::string& name, const std::vector<std::string>& columns) const
{
  if (decl_ == nullptr)
    return;
  const TableDecl* t = decl_->table(name);
  if (t == nullptr)
    throw UndeclaredOutput("internal error: model " + model_ + " writes the table \"" + name +
                           "\", which it does not declare (clustersim describe " + model_ + " lists its tables)");
  for (auto const& c : columns) {
    bool known = false;
    for (auto const& d : t->columns)
      known = known || d.name == c;
    if (not known)
      throw UndeclaredOutput("internal error: model " + model_ + " writes the column \"" + c + "\" of table \"" + name +
                             "\", which it does not declare (clustersim describe " + model_ + " lists its columns)");
  }
}

void Recorder::add(const std::string& key, double delta)
{
  require_metric(key);
  auto& v = metrics_[key];
  v       = (v.is_number() ? v.get<double>() : 0.0) + delta;
}

double Recorder::get(const std::string& key, double def) const
{
  auto it = metrics_.find(key);
  return (it != metrics_.end() && it->second.is_number()) ? it->second.get<double>() : def;
}

Table& Recorder::table(const std::string& name, const std::vector<std::string>& columns)
{
  auto it = tables_.find(name);
  if (it == tables_.end()) {
    require_table(name, columns);
    it = tables_.emplace(name, Table(columns)).first;
  }
  return it->second;
}

void Recorder::write(const std::string& dir, json header) const
{
  json metrics = json::object();
  for (auto const& [k, v] : metrics_)
    metrics[k] = v;
  header["metrics"] = metrics;
  if (not hardware_.empty())
    header["hardware_rates"] = hardware_;
  json index = json::object();
  StagedFiles files; // nothing replaced until every file is whole: a failed rerun keeps the earlier run entire
  for (auto const& [name, table] : tables_) {
    files.add_streamed(dir + "/" + name + ".csv", [&table = table](const ByteSink& put) { table.write_csv(put); });
    index[name] = name + ".csv";
  }
  header["tables"] = index;
  // result.json last: its presence marks a finished run (sweeps rely on it).
  files.add(dir + "/result.json", dump_json(header));
  files.commit();
}

} // namespace cs
