#include "sim/input/json_io.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/interrupt.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace cs {
namespace fs = std::filesystem;

namespace {

long line_of(const std::string& text, size_t offset)
{
  offset = std::min(offset, text.size());
  return 1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n');
}

/** The byte offset where `text` first nests deeper than max_json_depth, or npos. A scan, not a parse: it runs
 *  before nlohmann builds a document whose copies and dumps would recurse that deep. */
size_t too_deep_at(const std::string& text)
{
  int depth      = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_json_depth)
        return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string::npos;
}

} // namespace

void check_json_depth(const std::string& text, const std::string& where)
{
  size_t deep = too_deep_at(text);
  if (deep != std::string::npos)
    throw InputError(where, "",
                     "nested deeper than " + std::to_string(max_json_depth) + " levels at line " +
                         std::to_string(line_of(text, deep)));
}

json parse_json_text(const std::string& text, const std::string& where)
{
  check_json_depth(text, where);
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // Turn the byte offset into a line number: that is what an editor shows.
    std::string what = e.what();
    auto pos         = what.find("syntax error");
    throw InputError(where, "",
                     "invalid JSON at line " + std::to_string(line_of(text, e.byte)) + ": " +
                         (pos == std::string::npos ? what : what.substr(pos)));
  } catch (const json::exception& e) {
    // Numbers beyond a double (1e999) are out_of_range, not parse errors.
    std::string what = e.what();
    auto pos         = what.find("] ");
    throw InputError(where, "", "invalid JSON: " + (pos == std::string::npos ? what : what.substr(pos + 2)));
  }
}

json load_json_file(const std::string& path)
{
  std::ifstream in(path);
  if (not in)
    throw InputError(path, "", std::string("cannot open file: ") + std::strerror(errno));
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    throw InputError(path, "", std::string("cannot read file: ") + std::strerror(errno));
  return parse_json_text(buffer.str(), path);
}

bool valid_utf8(const std::string& text)
{
  size_t i = 0;
  while (i < text.size()) {
    auto c = static_cast<unsigned char>(text[i]);
    size_t n;
    unsigned cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      n  = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n  = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n  = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    for (size_t k = 1; k <= n; ++k) {
      if (i + k >= text.size() || (static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
        return false;
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are invalid too.
    static const unsigned min_cp[] = {0, 0x80, 0x800, 0x10000};
    if (cp < min_cp[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += n + 1;
  }
  return true;
}

void write_file_atomic(const std::string& path, const std::string& content)
{
  fs::path target(path);
  if (target.has_parent_path())
    fs::create_directories(target.parent_path());
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  TempFileGuard guard(tmp);
  auto fail = [&](const std::string& what) {
    std::error_code ec;
    fs::remove(tmp, ec); // a failed write (disk full, no permission) leaves no temp file behind
    throw std::runtime_error("cannot write " + path + ": " + what);
  };
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (not out)
      fail(std::strerror(errno));
    out << content;
    out.flush();
    if (not out)
      fail(std::strerror(errno));
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec)
    fail(ec.message());
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

std::string read_text(const std::string& path)
{
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
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
  if (file_exists(beside.string()) && dir_of(base_file) != ".")
    return beside.string();
  return find_data_file(rel); // the current folder, then the installation's data directory
}

} // namespace cs
