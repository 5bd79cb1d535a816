#include "sim/run/uncertainty_record.hpp"

namespace cs {

json uncertainty_record(const UncertaintyDraw& draw, const std::vector<DrawnInput>& inputs)
{
  json list = json::array(), unused = json::array();
  for (auto const& in : inputs) {
    if (not in.read) { // parsed and drawn, but the run never used it: it cannot explain a metric
      unused.push_back(in.id);
      continue;
    }
    json item{{"id", in.id},
              {"unit", in.unit},
              {"value", in.value},
              {"point", in.point},
              {"range", {in.lo, in.hi}},
              {"distribution", spread_name(in.spread)},
              {"quantile", in.quantile}};
    if (not in.chosen.empty()) // a choice: value and point are indices into its choices, this is the one drawn
      item["chosen"] = json::parse(in.chosen);
    list.push_back(item);
  }
  json out{{"sample", draw.sample}, {"samples", draw.samples}, {"seed", draw.seed}, {"inputs", list}};
  if (not unused.empty())
    out["unused_inputs"] = unused;
  return out;
}

void add_uncertainty_record(json& header)
{
  if (uncertainty_draw().active())
    header["uncertainty"] = uncertainty_record(uncertainty_draw(), drawn_inputs());
}

} // namespace cs
