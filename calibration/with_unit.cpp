#include "calibration/with_unit.hpp"
#include "sim/run/model.hpp"

#include <stdexcept>
#include <vector>

namespace cs::calib {

json with_unit(double value, Unit unit)
{
  if (unit == Unit::none)
    return value;
  return json(value).dump() + base_suffix(unit); // the shortest text that reads back to the same double
}

double without_unit(const json& value)
{
  if (value.is_number())
    return value.get<double>();
  auto q = parse_any_quantity(value.get<std::string>());
  if (not q)
    throw std::runtime_error("not a quantity: " + value.dump());
  return q->first;
}

namespace {

/** The dimension of a model's parameter, read from its declaration ("size in [0, ...]" starts with "size"). */
Unit declared_unit(const std::string& model, const std::string& key)
{
  const ModelEntry* entry = find_model(model);
  std::vector<FieldDoc> docs;
  entry->describe(docs);
  for (auto const& d : docs) {
    if (d.pointer != "/" + key)
      continue;
    for (Unit u : {Unit::time, Unit::size, Unit::bandwidth, Unit::speed, Unit::rate})
      if (d.type.rfind(unit_name(u), 0) == 0)
        return u;
  }
  return Unit::none;
}

} // namespace

json param_with_unit(const std::string& model, const std::string& key, const json& value)
{
  if (not value.is_number())
    return value;
  return with_unit(value.get<double>(), declared_unit(model, key));
}

} // namespace cs::calib
