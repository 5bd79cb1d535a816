#include "tests/unit/test_model.hpp"

#include <simgrid/s4u.hpp>

#include <limits>

namespace cs::test {

namespace {

struct Params {
  long rounds;
  std::string host;
  std::string ending;
  static Params from(Fields& f)
  {
    Params p;
    p.rounds = f.integer("rounds", 3, "how many times the actor sleeps", 1, 1000);
    p.host   = f.string("host", "node-0", "the host the actor runs on");
    p.ending = f.choice("ending", "none",
                        {"none", "deadlock", "nan_metric", "past_horizon", "undeclared_metric", "undeclared_column"},
                        "a broken ending for the run checks' tests (none: no actor at all)");
    f.finish();
    return p;
  }
};

/** Records its parameters and, unless asked for a broken ending, simulates nothing: the framework tests exercise the
 *  table and the parameter checks, and the checks of how a run ended. */
class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx) {}
  void start() override
  {
    if (p_.ending == "deadlock")
      simgrid::s4u::Actor::create("waiter", simgrid::s4u::Host::by_name(p_.host),
                                  [] { simgrid::s4u::Mailbox::by_name("nobody sends here")->get<int>(); });
    if (p_.ending == "past_horizon")
      simgrid::s4u::Actor::create("sleeper", simgrid::s4u::Host::by_name(p_.host),
                                  [] { simgrid::s4u::this_actor::sleep_for(2e9); });
  }
  void finish() override
  {
    ctx_.recorder.set("rounds", p_.rounds);
    if (p_.ending == "nan_metric")
      ctx_.recorder.set("ratio", std::numeric_limits<double>::quiet_NaN());
    if (p_.ending == "undeclared_metric")
      ctx_.recorder.set("mystery_s", 1.0);
    if (p_.ending == "undeclared_column")
      ctx_.recorder.table("rounds", {"round", "mystery_s"});
  }
};

const ModelDecl& decl()
{
  static const ModelDecl d{
      {{"rounds", "1", "the rounds parameter, as given"}, {"ratio", "1", "NaN, for the run checks' tests"}},
      {{"rounds", "one row per round", {{"round", "1", "the round's number"}}}},
      {"/hosts/*/speed", "/links", "/switches/*/port", "/os_profiles/*/costs/fork_fixed"},
      {{"/os_profiles/*/costs/fork_fixed", "/rounds", 3}}};
  return d;
}

} // namespace

const ModelTable& test_models()
{
  static const ModelTable table(
      {model_entry<Params, Run>("test_model", "-", "the framework tests' own model").declared(decl)});
  return table;
}

} // namespace cs::test
