/* Input files checked before anything runs: SimGrid XML platforms, validation tolerances, keys given twice, the
 * files SimGrid options name, and the one spelling of a scenario's path in result.json. */
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_keys.hpp"
#include "sim/platform/platform_xml_check.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/validate/validate.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using cs::json;
namespace fs = std::filesystem;

namespace {

std::string xml_error(const std::string& zone_body, const std::string& config = "")
{
  std::string path = "/tmp/cs-xml-" + std::to_string(::getpid()) + ".xml";
  std::ofstream(path) << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                         "<platform version=\"4.1\"><config>"
                      << config << "</config>\n<zone id=\"AS0\" routing=\"Full\">" << zone_body << "</zone></platform>";
  std::string what;
  try {
    cs::check_xml_platform(path);
  } catch (const cs::InputError& e) {
    what = std::string(e.what()).substr(path.size() + 2);
  }
  fs::remove(path);
  return what;
}

const std::string two_hosts = R"(<host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>)";
const std::string route     = R"(<route src="a" dst="b"><link_ctn id="l"/></route>)";

std::string link_xml(const std::string& bandwidth, const std::string& latency)
{
  return R"(<link id="l" bandwidth=")" + bandwidth + R"(" latency=")" + latency + R"("/>)";
}

} // namespace

TEST_CASE("an XML platform is checked as strictly as a JSON one", "[unit]")
{
  REQUIRE(xml_error(two_hosts + link_xml("1Gbps", "50us") + route).empty());
  REQUIRE(
      xml_error(two_hosts + link_xml("1Gbps", "50us") + route, R"(<prop id="network/model" value="CM02"/>)").empty());
  REQUIRE_THAT(xml_error(two_hosts + link_xml("0", "50us") + route),
               Catch::StartsWith("/platform/zone[AS0]/link[l]/@bandwidth: expected a bandwidth in [1, 1e+15]"));
  REQUIRE_THAT(xml_error(two_hosts + link_xml("1Gbps", "-1") + route),
               Catch::StartsWith("/platform/zone[AS0]/link[l]/@latency: expected a duration in [0, 3600]"));
  REQUIRE_THAT(xml_error(two_hosts + R"(<host id="c" speed="1Gf"/>)" + link_xml("1Gbps", "1us") + route),
               Catch::StartsWith("/platform/zone[AS0]: no route from \"a\" to \"c\""));
  REQUIRE_THAT(xml_error(two_hosts + link_xml("1Gbps", "1us") + route, R"(<prop id="network/model" value="CM03"/>)"),
               Catch::StartsWith("/platform/config/prop[network/model]:"));
  REQUIRE_THAT(xml_error(two_hosts + link_xml("1Gbps", "1us") + R"(<route src="a" dst="b"><link_ctn id="m"/></route>)"),
               Catch::Contains("no link \"m\""));
  REQUIRE_THAT(xml_error(two_hosts + link_xml("1Gbps", "1us") + R"(<route src="a" dst="x"><link_ctn id="l"/></route>)"),
               Catch::Contains("/@dst: \"x\" is no host"));
  // A one-way route leaves the way back unrouted.
  REQUIRE_THAT(xml_error(two_hosts + link_xml("1Gbps", "1us") +
                         R"(<route src="a" dst="b" symmetrical="NO"><link_ctn id="l"/></route>)"),
               Catch::Contains("no route from \"b\" to \"a\""));
  REQUIRE_THAT(xml_error(R"(<host id="a" speed="1Gf,0f"/>)"), Catch::Contains("/@speed: expected a speed"));
}

TEST_CASE("XML zones routed by Floyd reach every host through routers; nested zones need zone routes", "[unit]")
{
  std::string floyd = R"(<zone id="F" routing="Floyd"><host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
    <router id="r"/><link id="l" bandwidth="1Gbps"/>
    <route src="a" dst="r"><link_ctn id="l"/></route><route src="r" dst="b"><link_ctn id="l"/></route></zone>)";
  REQUIRE(xml_error(floyd).empty());
  std::string other = R"(<zone id="G" routing="Full"><host id="c" speed="1Gf"/></zone>)";
  REQUIRE_THAT(xml_error(floyd + other), Catch::Contains("no route from \"F\" to \"G\""));
  REQUIRE(
      xml_error(floyd + other + R"(<zoneRoute src="F" dst="G" gw_src="r" gw_dst="c"><link_ctn id="l"/></zoneRoute>)")
          .empty());
}

TEST_CASE("tolerances that can never pass are refused when the file is read", "[unit]")
{
  auto error_of = [](json tolerance, json measured, bool compared = true) {
    try {
      cs::check_tolerance(tolerance, measured, compared, "v.json", "/cells/0/tolerance", "/cells/0/measured");
    } catch (const cs::InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  REQUIRE(error_of({{"rel", 0.05}}, 2.0).empty());
  REQUIRE(error_of({{"range", {1, 5}}}, nullptr).empty());
  REQUIRE_THAT(error_of({{"range", {5, 1}}}, nullptr), Catch::Contains("/cells/0/tolerance/range: a range"));
  REQUIRE_THAT(error_of({{"rel", -1}}, 2.0), Catch::Contains("/cells/0/tolerance/rel: a negative tolerance"));
  REQUIRE_THAT(error_of({{"rel", 0.1}}, 0), Catch::Contains("/cells/0/measured: a rel tolerance of a measured 0"));
  REQUIRE_THAT(error_of({{"abs", 0.1}}, nullptr), Catch::Contains("/cells/0/measured: a abs tolerance needs"));
  REQUIRE(error_of({{"rel", 0.1}}, nullptr, false).empty()); // a prediction: never compared
  REQUIRE_THAT(error_of({{"rel", "5%"}}, 1), Catch::Contains("expected finite numbers"));
}

TEST_CASE("a validation file with two cells of one id is refused", "[unit]")
{
  json cell{{"id", "x.1"},
            {"source", "s"},
            {"metric", "m"},
            {"measured", 1},
            {"tolerance", {{"rel", 0.1}}},
            {"compute", {{"op", "value"}, {"run", "r"}, {"y", "t"}}}};
  json doc{{"seed", "000"}, {"runs", json::object()}, {"cells", {cell, cell}}};
  REQUIRE_THROWS_WITH(cs::check_validation_document(doc, "v.json"),
                      Catch::StartsWith("v.json: /cells/1/id: a second cell \"x.1\""));
}

TEST_CASE("a key given twice in one object is named by its pointer", "[unit]")
{
  REQUIRE_NOTHROW(cs::check_duplicate_keys(R"({"a": 1, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]})", "f.json"));
  REQUIRE_THROWS_WITH(cs::check_duplicate_keys(R"({"answers": {"q1": 1, "q2": 2, "q1": 3}})", "f.json"),
                      Catch::StartsWith("f.json: /answers/q1: this key is given twice"));
  REQUIRE_THROWS_WITH(cs::check_duplicate_keys(R"({"c": [1, {"x": 1}, {"y": 1, "y": 2}]})", "f.json"),
                      Catch::StartsWith("f.json: /c/2/y:"));
}

TEST_CASE("a file a SimGrid option names is checked before SimGrid opens it", "[unit]")
{
  REQUIRE_THAT(cs::simgrid_option_problem("tracing/filename", "/no/such/folder/x.trace"),
               Catch::Contains("the folder \"/no/such/folder\" of the trace file"));
  REQUIRE(cs::simgrid_option_problem("tracing/filename", "x.trace").empty());
  REQUIRE_THAT(cs::simgrid_option_problem("tracing/comment-file", "/no/such/file"), Catch::Contains("not a readable"));
  REQUIRE_THAT(cs::simgrid_log_problem("root.app:file:/no/such/folder/log.txt"), Catch::Contains("/no/such/folder"));
  REQUIRE_THROWS_AS(cs::check_simgrid_args({"--cfg=tracing/filename:/no/such/folder/x.trace"}), cs::UsageError);
}

TEST_CASE("a file inside the data directory has one spelling however it is typed", "[unit]")
{
  std::string data = cs::data_dir();
  REQUIRE(cs::canonical_data_path(data + "/scenarios/../scenarios/pp.json") == "scenarios/pp.json");
  REQUIRE(cs::canonical_data_path(data + "/./platforms/x.json") == "platforms/x.json");
  REQUIRE(cs::canonical_data_path("/tmp/elsewhere/../pp.json") == "/tmp/pp.json");
}

TEST_CASE("every numeric SimGrid option has a range, checked with its reason", "[unit]")
{
  REQUIRE(cs::simgrid_numeric_options_without_range().empty());
  REQUIRE_THAT(cs::simgrid_option_problem("maxmin/precision", "1e10"),
               Catch::Contains("must be in [1e-15, 0.01], got 1e10"));
  REQUIRE_THAT(cs::simgrid_option_problem("network/bandwidth-factor", "1000"), Catch::Contains("faster than its rate"));
  REQUIRE_THAT(cs::simgrid_option_problem("network/bandwidth-factor", "-0.5"), Catch::Contains("[0.001, 1]"));
  REQUIRE_THAT(cs::simgrid_option_problem("network/latency-factor", "-1"), Catch::Contains("[1, 100000]"));
  REQUIRE_THAT(cs::simgrid_option_problem("surf/precision", "0"), Catch::Contains("clock stands still"));
  REQUIRE_THAT(cs::simgrid_option_problem("contexts/stack-size", "0"), Catch::Contains("KiB per actor"));
  REQUIRE(cs::simgrid_option_problem("network/bandwidth-factor", "0.97").empty());
  REQUIRE(cs::simgrid_option_problem("contexts/stack-size", "8192").empty());
  REQUIRE(cs::simgrid_option_problem("maxmin/precision", "1e-5").empty());
  REQUIRE_THROWS_AS(cs::check_simgrid_args({"--cfg=surf/precision:0"}), cs::UsageError);
}
