#include "sim/input/json_keys.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"

#include <set>
#include <vector>

namespace cs {

namespace {
struct Frame {
  bool array = false;
  std::set<std::string> keys;
  std::string key;
  size_t index = 0;
};

std::string pointer_of(const std::vector<Frame>& frames)
{
  std::string p;
  for (auto const& f : frames)
    p = f.array ? pointer_join(p, f.index) : pointer_join(p, f.key);
  return p;
}
} // namespace

void check_duplicate_keys(const std::string& text, const std::string& file)
{
  std::vector<Frame> frames;
  std::string duplicate;
  using Event = json::parse_event_t;
  auto next   = [&] {
    if (not frames.empty() && frames.back().array)
      ++frames.back().index;
  };
  auto track = [&](int, Event event, json& parsed) {
    if (not duplicate.empty())
      return false;
    if (event == Event::object_start || event == Event::array_start) {
      frames.push_back(Frame{event == Event::array_start, {}, "", 0});
    } else if (event == Event::object_end || event == Event::array_end) {
      frames.pop_back();
      next();
    } else if (event == Event::key) {
      frames.back().key = parsed.get<std::string>();
      if (not frames.back().keys.insert(frames.back().key).second)
        duplicate = pointer_of(frames);
    } else if (event == Event::value) {
      next();
    }
    return true;
  };
  json::parse(text, track, false);
  if (not duplicate.empty())
    throw InputError(file, duplicate, "this key is given twice in one object (JSON would keep the last silently)");
}

} // namespace cs
