#include "tests/unit/test_model.hpp"

namespace cs::test {

namespace {

struct Params {
  long rounds;
  std::string host;
  static Params from(Fields& f)
  {
    Params p;
    p.rounds = f.integer("rounds", 3, "how many times the actor sleeps", 1, 1000);
    p.host   = f.string("host", "node-0", "the host the actor runs on");
    f.finish();
    return p;
  }
};

/** Records its parameters and nothing else: the framework tests exercise the table and the parameter checks, never
 *  a simulation of this model. */
class Run : public ParamsRun<Params> {
public:
  explicit Run(ModelContext& ctx) : ParamsRun(ctx) {}
  void start() override {}
  void finish() override { ctx_.recorder.set("rounds", p_.rounds); }
};

} // namespace

const ModelTable& test_models()
{
  static const ModelTable table({model_entry<Params, Run>("test_model", "-", "the framework tests' own model")});
  return table;
}

} // namespace cs::test
