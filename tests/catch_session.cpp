/* Catch2's implementation (session, reporters, matchers): compiled once for both test programs, whose own main()
 * chooses the model table first. */
#define CATCH_CONFIG_RUNNER
#include "tests/catch_session.hpp"

#include <catch2/catch.hpp>

namespace cs::test {

int run_catch(int argc, char* argv[])
{
  return Catch::Session().run(argc, argv);
}

} // namespace cs::test
