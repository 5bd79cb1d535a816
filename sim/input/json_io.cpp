#include "sim/input/json_io.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/interrupt.hpp"
#include "sim/input/staged_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
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
    throw InputError(where, "", "invalid JSON: " + json_error_text(e));
  }
}

std::string json_error_text(const std::exception& e)
{
  std::string what = e.what();
  if (what.rfind("[json.exception.", 0) != 0)
    return what;
  auto pos = what.find("] ");
  return pos == std::string::npos ? what : what.substr(pos + 2);
}

namespace {

/** What `mode` is, for a message refusing to read it. */
const char* kind_of(mode_t mode)
{
  if (S_ISDIR(mode))
    return "a folder";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "a device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

std::string too_large(size_t max_bytes)
{
  return "larger than the " + std::to_string(max_bytes >> 20) + " MiB an input file may hold";
}

} // namespace

std::string read_input_file(const std::string& path, size_t max_bytes)
{
  // stat() first: open() of a FIFO without a writer blocks, and a device never ends.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputError(path, "", std::string("cannot open file: ") + std::strerror(errno));
  if (not S_ISREG(st.st_mode))
    throw InputError(path, "", std::string("cannot read ") + kind_of(st.st_mode) + ": expected a regular file");
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    throw InputError(path, "", std::string("cannot open file: ") + std::strerror(errno));
  std::string text;
  auto fail = [&](const std::string& what) {
    ::close(fd);
    throw InputError(path, "", what);
  };
  if (::fstat(fd, &st) != 0 || not S_ISREG(st.st_mode)) // replaced between stat() and open()
    fail("expected a regular file");
  if (static_cast<unsigned long long>(st.st_size) > max_bytes)
    fail(too_large(max_bytes));
  char buf[65536];
  while (true) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      fail(std::string("cannot read file: ") + std::strerror(errno));
    if (n == 0)
      break;
    if (text.size() + static_cast<size_t>(n) > max_bytes) // the file grew while read
      fail(too_large(max_bytes));
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return text;
}

json load_json_file(const std::string& path, size_t max_bytes)
{
  return parse_json_text(read_input_file(path, max_bytes), path);
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
  StagedFiles file;
  file.add(path, content);
  file.commit();
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

namespace {
/** The text of the regular file at `path` ("" for anything else: a FIFO would block, a device never end). */
std::string read_regular(const std::string& path, int extra_flags)
{
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | extra_flags);
  if (fd < 0)
    return "";
  struct stat st {};
  std::string text;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    char buf[65536];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR);)
      if (n > 0)
        text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return text;
}
} // namespace

std::string read_text(const std::string& path)
{
  return read_regular(path, 0);
}

std::string read_own_output(const std::string& path)
{
  return read_regular(path, O_NOFOLLOW);
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
