/* The test programs' entry into Catch2 (tests/catch_session.cpp). */
#pragma once

namespace cs::test {

/** Runs the tests the command line selects, as Catch2's own main would. */
int run_catch(int argc, char* argv[]);

} // namespace cs::test
