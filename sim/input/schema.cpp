#include "sim/input/schema.hpp"

#include <map>
#include <memory>

namespace cs {

namespace {

/** The docs as a tree of pointer segments; a node is one field (or a list item / named entry). */
struct Node {
  json own      = json::object(); ///< the field's own schema (type, enum...), empty for implied objects
  bool required = false;
  std::vector<std::pair<std::string, std::unique_ptr<Node>>> children; ///< declaration order
  Node& child(const std::string& key)
  {
    for (auto& [k, n] : children)
      if (k == key)
        return *n;
    children.emplace_back(key, std::make_unique<Node>());
    return *children.back().second;
  }
};

std::vector<std::string> segments(const std::string& pointer)
{
  std::vector<std::string> out;
  size_t start = 1;
  while (start <= pointer.size()) {
    size_t slash    = pointer.find('/', start);
    std::string seg = pointer.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    // RFC 6901 unescaping: ~1 is '/', ~0 is '~'.
    for (size_t p; (p = seg.find("~1")) != std::string::npos;)
      seg.replace(p, 2, "/");
    for (size_t p; (p = seg.find("~0")) != std::string::npos;)
      seg.replace(p, 2, "~");
    out.push_back(seg);
    if (slash == std::string::npos)
      break;
    start = slash + 1;
  }
  return out;
}

json to_schema(const Node& n)
{
  json s = n.own;
  if (n.children.empty())
    return s;
  for (auto const& [key, child] : n.children) {
    if (key == "*") {
      s["type"]  = "array";
      s["items"] = to_schema(*child);
    } else if (key == "<name>") {
      s["type"]                 = "object";
      s["additionalProperties"] = to_schema(*child);
    } else {
      s["type"]            = "object";
      s["properties"][key] = to_schema(*child);
      if (child->required)
        s["required"].push_back(key);
    }
  }
  if (s.contains("properties") && not s.contains("additionalProperties"))
    s["additionalProperties"] = false;
  return s;
}

} // namespace

json schema_from_docs(const std::vector<FieldDoc>& docs)
{
  Node root;
  for (auto const& d : docs) {
    Node* n = &root;
    for (auto const& seg : segments(d.pointer))
      n = &n->child(seg);
    for (auto const& [k, v] : d.schema.items())
      n->own[k] = v;
    if (not d.doc.empty())
      n->own["description"] = d.doc;
    n->required = d.default_value == "(required)";
  }
  return root.children.empty() ? json::object() : to_schema(root);
}

json without_required(json schema)
{
  if (schema.is_object()) {
    schema.erase("required");
    schema.erase("minItems");
    for (auto& [_, v] : schema.items())
      v = without_required(v);
  } else if (schema.is_array()) {
    for (auto& v : schema)
      v = without_required(v);
  }
  return schema;
}

} // namespace cs
