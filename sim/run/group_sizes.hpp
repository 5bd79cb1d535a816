/* How many hosts of each platform group a run asks for, known from its parameters before the platform is built: a
 * generated host group (sim/platform_generator.hpp) is made that size. */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/platform/platform_generator.hpp"
#include "sim/run/scenario.hpp"

#include <map>
#include <string>
#include <type_traits>
#include <utility>

namespace cs {

template <class P, class = void> struct has_group_sizes : std::false_type {
};
template <class P>
struct has_group_sizes<P, std::void_t<decltype(std::declval<const P&>().group_sizes())>> : std::true_type {
};

/** The group sizes of a model whose `Params` say them (`GroupSizes group_sizes() const`); none otherwise. */
template <class Params> GroupSizes group_sizes_of(const Scenario& scenario)
{
  if constexpr (has_group_sizes<Params>::value) {
    Fields f(scenario.params, scenario.file, scenario.params_pointer);
    return Params::from(f).group_sizes();
  } else {
    (void)scenario;
    return {};
  }
}

} // namespace cs
