#include "sim/json_io.hpp"
#include "sim/data_dir.hpp"
#include "sim/errors.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace cs {
namespace fs = std::filesystem;

json load_json_file(const std::string& path)
{
  std::ifstream in(path);
  if (not in)
    throw InputError(path, "", std::string("cannot open file: ") + std::strerror(errno));
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // Turn the byte offset into a line number: that is what an editor shows.
    size_t offset    = std::min<size_t>(e.byte, text.size());
    long line        = 1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n');
    std::string what = e.what();
    auto pos         = what.find("syntax error");
    throw InputError(path, "",
                     "invalid JSON at line " + std::to_string(line) + ": " +
                         (pos == std::string::npos ? what : what.substr(pos)));
  }
}

void write_file_atomic(const std::string& path, const std::string& content)
{
  fs::path target(path);
  if (target.has_parent_path())
    fs::create_directories(target.parent_path());
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (not out)
      throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(errno));
    out << content;
    out.flush();
    if (not out)
      throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(errno));
  }
  fs::rename(tmp, target);
}

std::string dump_json(const json& j)
{
  return j.dump(2) + "\n";
}

std::string quote_value(const json& j)
{
  std::string s = j.dump();
  if (s.size() > 60)
    s = s.substr(0, 57) + "...";
  return s;
}

std::string pointer_join(const std::string& parent, const std::string& key)
{
  std::string escaped;
  for (char c : key) {
    if (c == '~')
      escaped += "~0";
    else if (c == '/')
      escaped += "~1";
    else
      escaped += c;
  }
  return parent + "/" + escaped;
}

std::string pointer_join(const std::string& parent, size_t index)
{
  return parent + "/" + std::to_string(index);
}

std::string dir_of(const std::string& path)
{
  fs::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

std::string resolve_path(const std::string& base_file, const std::string& rel)
{
  fs::path p(rel);
  if (p.is_absolute())
    return rel;
  fs::path beside = fs::path(dir_of(base_file)) / p;
  if (fs::exists(beside) && dir_of(base_file) != ".")
    return beside.string();
  return find_data_file(rel); // the current folder, then the installation's data directory
}

} // namespace cs
