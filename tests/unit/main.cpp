/* The framework tests run with the test model's table: sim/ is tested without any of models/. */
#include "tests/catch_session.hpp"
#include "tests/unit/test_model.hpp"

int main(int argc, char* argv[])
{
  cs::use_models(cs::test::test_models());
  return cs::test::run_catch(argc, argv);
}
