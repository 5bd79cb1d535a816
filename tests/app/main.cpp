/* The application's tests (and every model's) run with the application's model table, as the program does. */
#include "app/model_table.hpp"
#include "tests/catch_session.hpp"

int main(int argc, char* argv[])
{
  cs::use_models(cs::app::model_table());
  return cs::test::run_catch(argc, argv);
}
