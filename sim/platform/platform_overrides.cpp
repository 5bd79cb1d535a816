#include "sim/platform/platform_overrides.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/schema.hpp"
#include "sim/platform/platform.hpp"

#include <algorithm>
#include <map>

namespace cs {

namespace {

const std::vector<FieldDoc>& platform_docs()
{
  static const std::vector<FieldDoc> docs = [] {
    std::vector<FieldDoc> d;
    describe_platform(d);
    return d;
  }();
  return docs;
}

const FieldDoc* doc_at(const std::string& pattern)
{
  for (auto const& d : platform_docs())
    if (d.pointer == pattern)
      return &d;
  return nullptr;
}

/** The keys the platform parser declares directly under `pattern`. */
std::vector<std::string> declared_keys(const std::string& pattern)
{
  std::vector<std::string> out;
  std::string prefix = pattern + "/";
  for (auto const& d : platform_docs()) {
    if (d.pointer.rfind(prefix, 0) != 0)
      continue;
    std::string key = d.pointer.substr(prefix.size());
    key             = key.substr(0, key.find('/'));
    if (key != "*" && key != "<name>" && std::find(out.begin(), out.end(), key) == out.end())
      out.push_back(key);
  }
  return out;
}

bool is_sourced(const json& v)
{
  return v.is_object() && v.contains("value") && v.contains("source");
}

std::string join(const std::vector<std::string>& names)
{
  std::string out;
  for (auto const& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

/** A schema accepting a plain value wherever the platform wants {"value", "source"}: the override adds the source. */
json loosen_sourced(json s)
{
  if (s.is_object() && s.contains("properties") && s["properties"].contains("value") &&
      s["properties"].contains("source")) {
    json plain = s["properties"]["value"];
    json any   = plain.contains("anyOf") ? plain["anyOf"] : json::array({plain});
    any.push_back(without_required(s));
    return {{"anyOf", any}};
  }
  if (s.is_object() || s.is_array())
    for (auto& [_, v] : s.items())
      v = loosen_sourced(v);
  return s;
}

/** The schema of one override object ("hosts", "switches"...), derived from the platform's own schema. */
json make_override_schema(const std::string& kind)
{
  json platform = schema_from_docs(platform_docs());
  json entry    = kind == "os_profiles" ? platform["properties"][kind]["additionalProperties"]
                                        : platform["properties"][kind]["items"];
  entry         = loosen_sourced(without_required(entry));
  if (entry.contains("properties")) {
    entry["properties"].erase("name");
    if (entry["properties"].contains("disks")) {
      json disk = entry["properties"]["disks"]["items"];
      disk["properties"].erase("name");
      entry["properties"]["disks"] = {{"type", "object"}, {"additionalProperties", disk}};
    }
  }
  return {{"type", "object"}, {"additionalProperties", entry}};
}

/** make_override_schema, cached. */
json override_schema(const std::string& kind)
{
  // Made once per process: every scenario load asks for it, and a sweep loads one scenario per point.
  static std::map<std::string, json> made;
  auto it = made.find(kind);
  if (it != made.end())
    return it->second;
  return made[kind] = make_override_schema(kind);
}

} // namespace

void prepare_platform_override_schemas()
{
  for (const char* kind : {"hosts", "switches", "links", "os_profiles"})
    override_schema(kind);
}

namespace {

class Applier {
public:
  Applier(const std::string& platform_file, const std::string& scenario_file)
      : platform_file_(platform_file), scenario_file_(scenario_file)
  {
  }

  /** Entries of a named list ("hosts", "switches", "links", a host's "disks") matching `name`. */
  void apply_to_list(json& list, const std::string& kind, std::string name, json sub, const std::string& pattern,
                     const std::string& ppointer, const std::string& set_at_parent, bool by_group)
  {
    std::vector<std::string> names, groups;
    if (list.is_array())
      for (auto const& e : list) {
        if (e.is_object() && e.contains("name") && e["name"].is_string())
          names.push_back(e["name"].get<std::string>());
        if (by_group && e.is_object() && e.contains("group") && e["group"].is_string() &&
            std::find(groups.begin(), groups.end(), e["group"].get<std::string>()) == groups.end())
          groups.push_back(e["group"].get<std::string>());
      }
    auto known = [&](const std::string& n) {
      return std::find(names.begin(), names.end(), n) != names.end() ||
             std::find(groups.begin(), groups.end(), n) != groups.end();
    };
    std::string set_at = pointer_join(set_at_parent, name);
    dotted_name(name, sub, set_at, known);
    if (not known(name)) {
      std::vector<std::string> all = names;
      all.insert(all.end(), groups.begin(), groups.end());
      throw InputError(scenario_file_, set_at,
                       "platform " + platform_file_ + " has no " + kind + " \"" + name + "\"" +
                           did_you_mean(name, all) + "; names: " + join(names) +
                           (groups.empty() ? "" : "; groups: " + join(groups)));
    }
    for (size_t i = 0; i < list.size(); ++i) {
      auto const& e = list[i];
      bool hit      = e.value("name", json()) == name || (by_group && e.value("group", json()) == name);
      if (hit)
        merge(list[i], sub, pattern, pointer_join(ppointer, i), set_at);
    }
  }

  void apply_to_map(json& map, std::string name, json sub, const std::string& pattern, const std::string& ppointer,
                    const std::string& set_at_parent)
  {
    std::vector<std::string> names;
    if (map.is_object())
      for (auto const& [k, _] : map.items())
        names.push_back(k);
    auto known         = [&](const std::string& n) { return std::find(names.begin(), names.end(), n) != names.end(); };
    std::string set_at = pointer_join(set_at_parent, name);
    dotted_name(name, sub, set_at, known);
    if (not known(name)) {
      throw InputError(scenario_file_, set_at,
                       "platform " + platform_file_ + " has no OS profile \"" + name + "\"" +
                           did_you_mean(name, names) + "; OS profiles: " + join(names));
    }
    merge(map[name], sub, pattern, pointer_join(ppointer, name), set_at);
  }

  void merge(json& target, const json& sub, const std::string& pattern, const std::string& ppointer,
             const std::string& set_at)
  {
    if (not sub.is_object())
      throw InputError(scenario_file_, set_at, "expected an object of field: value, got " + quote_value(sub));
    auto keys   = declared_keys(pattern);
    bool opaque = keys.empty(); // qos, a disk's model, properties, costs: their own parsers check them
    for (auto const& [k, v] : sub.items()) {
      std::string at  = pointer_join(set_at, k);
      std::string pp  = pointer_join(ppointer, k);
      std::string pat = pattern + "/" + k;
      if (k == "name")
        throw InputError(scenario_file_, at, "the name selects the entry to override; it cannot be changed");
      if (not opaque && std::find(keys.begin(), keys.end(), k) == keys.end()) {
        std::vector<std::string> valid;
        std::copy_if(keys.begin(), keys.end(), std::back_inserter(valid), [](auto& x) { return x != "name"; });
        throw InputError(scenario_file_, at,
                         "unknown key \"" + k + "\"" + did_you_mean(k, valid) + "; valid keys: " + join(valid));
      }
      if (pat == "/hosts/*/disks") {
        if (not v.is_object())
          throw InputError(scenario_file_, at, "expected {DISK-NAME: {field: value}}, got " + quote_value(v));
        for (auto const& [disk, dsub] : v.items())
          apply_to_list(target["disks"], "disk", disk, dsub, pat + "/*", pp, at, false);
        continue;
      }
      const FieldDoc* d = doc_at(pat);
      bool object_field = target.contains(k) ? target[k].is_object() && not is_sourced(target[k])
                                             : (d != nullptr && d->type == "object") || opaque;
      if (v.is_object() && not v.contains("value") && object_field) {
        if (not target.contains(k))
          target[k] = json::object();
        merge(target[k], v, pat, pp, at);
        continue;
      }
      json old     = target.contains(k) ? target[k] : json(nullptr);
      bool sourced = is_sourced(old) || (d != nullptr && d->type.find("with source") != std::string::npos) ||
                     pattern == "/os_profiles/<name>/costs";
      json value = v;
      if (sourced) {
        std::string given = v.is_object() ? v.value("source", "") : "";
        value             = {{"value", v.is_object() && v.contains("value") ? v["value"] : v},
                             {"source", "override: " + scenario_file_ + " " + at + (given.empty() ? "" : " (" + given + ")")}};
        // A range (or choices) given with the new value comes along, so an uncertainty draw samples it as it does
        // any ranged input; the platform parser checks them as it would in the file.
        if (v.is_object() && v.contains("value"))
          for (const char* kept : {"range", "distribution", "choices", "note"})
            if (v.contains(kept))
              value[kept] = v[kept];
      }
      target[k] = value;
      out.push_back({at, pp, value, old});
    }
  }

  std::vector<PlatformOverride> out;

private:
  /** `--set` splits paths at dots, so a name with dots ("linux-2.4") arrives as nested keys: join them back. */
  template <class Known> void dotted_name(std::string& name, json& sub, std::string& set_at, Known known)
  {
    std::string n = name;
    json s        = sub;
    while (not known(n) && s.is_object() && s.size() == 1) {
      n += "." + s.begin().key();
      json inner = s.begin().value();
      s          = inner;
      if (known(n)) {
        name   = n;
        sub    = s;
        set_at = pointer_join(dir_of_pointer(set_at), name);
        return;
      }
    }
  }
  static std::string dir_of_pointer(const std::string& p) { return p.substr(0, p.rfind('/')); }

  std::string platform_file_, scenario_file_;
};

} // namespace

json declare_platform_overrides(Fields& platform)
{
  static const struct {
    const char* kind;
    const char* doc;
  } kinds[] = {
      {"hosts",
       "host entries to change, by entry name or group: {NAME: {\"speed\": ..., \"cores\": ..., \"count\": ..., "
       "\"disks\": {DISK: {...}}}}"},
      {"switches", "switches to change, by name: {NAME: {\"port\": {\"bandwidth\": ...}, \"backplane\": {...}, "
                   "\"qos\": {...}}}"},
      {"links", "links to change, by name: {NAME: {\"bandwidth\": ..., \"latency\": ...}}"},
      {"os_profiles", "OS cost tables to change, by name: {NAME: {\"costs\": {KEY: value}}}"},
  };
  json given = json::object();
  for (auto const& k : kinds) {
    // The schema serves `describe` alone: copying it for every scenario load cost more than the rest of the load.
    const json* v = platform.documenting()
                        ? platform.raw(k.kind, "object keyed by name", k.doc, override_schema(k.kind))
                        : platform.raw(k.kind, "object keyed by name", k.doc);
    if (v == nullptr)
      continue;
    if (not v->is_object())
      platform.fail(k.kind, "expected an object of NAME: {field: value}, got " + quote_value(*v));
    given[k.kind] = *v;
  }
  return given;
}

std::vector<PlatformOverride> apply_platform_overrides(json& doc, const json& overrides,
                                                       const std::string& platform_file,
                                                       const std::string& scenario_file)
{
  Applier a(platform_file, scenario_file);
  for (auto const& [kind, entries] : overrides.items()) {
    std::string set_at = pointer_join("/platform", kind);
    if (not doc.is_object() || not doc.contains(kind))
      throw InputError(scenario_file, set_at, "platform " + platform_file + " has no \"" + kind + "\" to override");
    for (auto const& [name, sub] : entries.items()) {
      if (kind == "os_profiles")
        a.apply_to_map(doc[kind], name, sub, "/os_profiles/<name>", "/os_profiles", set_at);
      else
        a.apply_to_list(doc[kind],
                        kind == "hosts"      ? "host entry or group"
                        : kind == "switches" ? "switch"
                                             : "link",
                        name, sub, "/" + kind + "/*", "/" + kind, set_at, kind == "hosts");
    }
  }
  return a.out;
}

json to_json(const std::vector<PlatformOverride>& overrides)
{
  json out = json::array();
  for (auto const& o : overrides)
    out.push_back(
        {{"set_at", o.set_at}, {"platform_pointer", o.pointer}, {"value", o.value}, {"replaced", o.replaced}});
  return out;
}

} // namespace cs
