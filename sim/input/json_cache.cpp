#include "sim/input/json_cache.hpp"
#include "sim/input/input_limits.hpp"

#include <map>

namespace cs {

namespace {

struct Parsed {
  std::string text;
  json doc;
};

struct Cache {
  std::map<std::string, Parsed> files;
  size_t bytes = 0;
  long hits    = 0;
};

Cache& cache()
{
  static Cache c;
  return c;
}

} // namespace

json load_input_json(const std::string& path)
{
  std::string text = read_input_file(path);
  Cache& c         = cache();
  auto it          = c.files.find(path);
  // The whole text compared, not a modification time: a file rewritten within the clock's resolution is seen.
  if (it != c.files.end() && it->second.text == text) {
    ++c.hits;
    return it->second.doc;
  }
  json doc = parse_json_text(text, path);
  if (it != c.files.end()) {
    c.bytes -= it->second.text.size();
    c.files.erase(it);
  }
  if (c.bytes + text.size() <= json_cache_bytes) {
    c.bytes += text.size();
    c.files.emplace(path, Parsed{std::move(text), doc});
  }
  return doc;
}

long json_cache_hits()
{
  return cache().hits;
}

} // namespace cs
