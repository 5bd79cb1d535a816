/* The contract between the framework and a model family.
 *
 * A model parses its parameters (cs::Fields, defaults in one place), creates its actors on the built platform,
 * and reports metrics to the Recorder when the simulation ends. It never prints and never reads the wall clock. */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/platform/platform.hpp"
#include "sim/run/group_sizes.hpp"
#include "sim/run/model_decl.hpp"
#include "sim/run/recorder.hpp"
#include "sim/run/rng.hpp"
#include "sim/run/scenario.hpp"
#include "sim/run/sequential.hpp"

#include <memory>
#include <string>
#include <vector>

namespace cs {

/** What a model gets to run with. */
struct ModelContext {
  const Scenario& scenario;
  Platform& platform;
  Recorder& recorder;
  const RngStreams& rng;
  /** A Fields reader over the scenario's "params" object (errors name the scenario file and /params/...). */
  Fields params() const { return Fields(scenario.params, scenario.file, scenario.params_pointer); }
  /** The platform's host called `name`, which the parameter `key` of `f` names; bad input if there is none. */
  simgrid::s4u::Host* host_param(Fields& f, const std::string& key, const std::string& name) const;
  /** `host`'s disk called `name` (its first disk if `name` is empty), which the parameter `key` of `f` names; bad
   *  input if there is none. */
  simgrid::s4u::Disk* disk_param(Fields& f, const std::string& key, simgrid::s4u::Host* host,
                                 const std::string& name = "") const;
  /** Every host of the platform's group `group` (all hosts if empty); bad input at the parameter `key` of `f` if
   *  the group has fewer than `need` (`why` ends the message: " for 16 ranks"). */
  std::vector<simgrid::s4u::Host*> group_hosts(Fields& f, const std::string& key, const std::string& group, long need,
                                               const std::string& why = "") const;
  /** The platform's switch called `name` (empty: the platform's only switch), which the parameter `key` of `f` names;
   *  bad input if there is none. */
  const SwitchSpec& switch_param(Fields& f, const std::string& key, const std::string& name) const;
};

/** One run of a model: created after the platform is built (params parsed then), started before engine.run(). */
class ModelRun {
public:
  virtual ~ModelRun() = default;
  /** Creates the actors. */
  virtual void start() = 0;
  /** Called after the simulation ended: computes and records the final metrics. */
  virtual void finish() = 0;
};

/** The usual base of a model's run: keeps the context and parses the scenario's parameters with `Params::from`
 *  (bad input fails before any actor exists). `fields_` stays available for errors found later, such as a host
 *  the platform lacks. */
template <class Params> class ParamsRun : public ModelRun {
protected:
  explicit ParamsRun(ModelContext& ctx) : ctx_(ctx), fields_(ctx.params()), p_(Params::from(fields_)) {}
  /** With the parameters parsed already (by create_experiment_run, which chose the run class from them). */
  ParamsRun(ModelContext& ctx, Params p) : ctx_(ctx), fields_(ctx.params()), p_(std::move(p)) {}
  ModelContext& ctx_;
  Fields fields_;
  Params p_;
};

/** A model as the application offers it (app/model_table.cpp lists them). Built complete or not at all: the
 *  constructor rejects a missing function, so the framework can call each of them without checking. */
class ModelEntry {
public:
  /** Documents the parameters: runs the params parser on an empty object in documentation mode. */
  using Describe = void (*)(std::vector<FieldDoc>& docs);
  /** Parses params (InputError on bad input) and prepares a run. */
  using Create = std::unique_ptr<ModelRun> (*)(ModelContext& ctx);
  /** Parses params without a platform (InputError on bad input): a sweep checks its first point before running
   *  any, so a mistyped path fails at once instead of as N failed points. */
  using Check = void (*)(const Scenario& scenario);
  /** Parses params without a platform and says how many hosts of which groups the run needs (generated groups are
   *  made that size); optional. */
  using Sizes = GroupSizes (*)(const Scenario& scenario);
  /** Parses params without a platform and says how the program runs sequentially and what time it took as measured
   *  (sim/run/sequential.hpp); optional: a model without one has no compute scale a sequential time can set. */
  using Sequential = SequentialRun (*)(const Scenario& scenario);

  /** std::invalid_argument if a text is empty or a function missing. */
  ModelEntry(const char* name, const char* seed, const char* summary, Describe describe, Create create, Check check,
             Sizes sizes = nullptr, Sequential sequential = nullptr);

  const char* name;    ///< as written in scenarios' "model"
  const char* seed;    ///< the seed document it reproduces ("000"...)
  const char* summary; ///< one line for `clustersim list`

  void describe(std::vector<FieldDoc>& docs) const { describe_(docs); }
  std::unique_ptr<ModelRun> create(ModelContext& ctx) const { return create_(ctx); }
  void check(const Scenario& scenario) const { check_(scenario); }
  GroupSizes group_sizes(const Scenario& scenario) const { return sizes_ ? sizes_(scenario) : GroupSizes{}; }
  SequentialRun sequential(const Scenario& scenario) const
  {
    return sequential_ ? sequential_(scenario) : SequentialRun{};
  }
  /** Whether the model has a compute scale (a sequential run a measured time can fit it on). */
  bool has_sequential() const { return sequential_ != nullptr; }

  /** The model's outputs and platform reads (sim/run/model_decl.hpp). */
  using Declare = const ModelDecl& (*)();
  /** This entry with its declarations; the model table refuses an entry without them. */
  ModelEntry declared(Declare declare) const
  {
    ModelEntry e = *this;
    e.declare_   = declare;
    return e;
  }
  bool has_decl() const { return declare_ != nullptr; }
  /** std::logic_error if the entry was not `declared`. */
  const ModelDecl& decl() const;

private:
  Describe describe_;
  Create create_;
  Check check_;
  Sizes sizes_;
  Sequential sequential_;
  Declare declare_ = nullptr;
};

/** `describe` for a model whose parameters are parsed by `Params::from(Fields&)` (documentation mode). */
template <class Params> void describe_params(std::vector<FieldDoc>& docs)
{
  Fields f(json::object(), "<defaults>", "", &docs);
  Params::from(f);
}

/** `check` for a model whose parameters are parsed by `Params::from(Fields&)`. */
template <class Params> void check_params(const Scenario& scenario)
{
  Fields f(scenario.params, scenario.file, scenario.params_pointer);
  Params::from(f);
}

/** `create` for a model whose run class is constructed from the context. */
template <class Run> std::unique_ptr<ModelRun> create_run(ModelContext& ctx)
{
  return std::make_unique<Run>(ctx);
}

/** `create` for a model with one run class per experiment: parses the parameters once and builds the run that
 *  `choose` returns for them (each run class takes `(ModelContext&, Params)`), so no run asks again which
 *  experiment it is. */
template <class Params, std::unique_ptr<ModelRun> (*choose)(ModelContext&, Params)>
std::unique_ptr<ModelRun> create_experiment_run(ModelContext& ctx)
{
  Fields f = ctx.params();
  return choose(ctx, Params::from(f));
}

/** The entry of a model whose parameters are `Params` and whose run `choose` builds for each experiment. */
template <class Params, std::unique_ptr<ModelRun> (*choose)(ModelContext&, Params)>
ModelEntry experiment_model_entry(const char* name, const char* seed, const char* summary)
{
  return {name,
          seed,
          summary,
          describe_params<Params>,
          create_experiment_run<Params, choose>,
          check_params<Params>,
          group_sizes_of<Params>,
          has_sequential<Params>::value ? sequential_of<Params> : nullptr};
}

/** The entry of a model whose parameters are `Params` and whose run is `Run`. */
template <class Params, class Run> ModelEntry model_entry(const char* name, const char* seed, const char* summary)
{
  return {name,
          seed,
          summary,
          describe_params<Params>,
          create_run<Run>,
          check_params<Params>,
          group_sizes_of<Params>,
          has_sequential<Params>::value ? sequential_of<Params> : nullptr};
}

/** The entry of the application's model table (sim/run/model_table.hpp) called `name`, or nullptr. */
const ModelEntry* find_model(const std::string& name);

/** Loads the scenario with these overrides and checks the model's parameters, without running: InputError if bad. */
void check_scenario(const std::string& path, const std::vector<std::string>& sets);

} // namespace cs
