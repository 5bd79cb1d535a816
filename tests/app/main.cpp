/* The application's tests (and every model's) run with the application's model table, as the program does. */
#define CATCH_CONFIG_RUNNER
#include "app/model_table.hpp"

#include <catch2/catch.hpp>

int main(int argc, char* argv[])
{
  cs::use_models(cs::app::model_table());
  return Catch::Session().run(argc, argv);
}
