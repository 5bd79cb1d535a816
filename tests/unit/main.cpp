/* The framework tests run with the test model's table: sim/ is tested without any of models/. */
#define CATCH_CONFIG_RUNNER
#include "tests/unit/test_model.hpp"

#include <catch2/catch.hpp>

int main(int argc, char* argv[])
{
  cs::use_models(cs::test::test_models());
  return Catch::Session().run(argc, argv);
}
