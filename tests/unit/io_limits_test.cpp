/* Inputs are read from regular files of bounded size; outputs replaced together are written whole first. */
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/staged_files.hpp"
#include "sim/platform/xml_host_count.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

std::string scratch()
{
  std::string dir = fs::temp_directory_path().string() + "/cs-io-limits-" + std::to_string(::getpid());
  fs::create_directories(dir);
  return dir;
}

std::string text_of(const std::string& path)
{
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace

TEST_CASE("input files: FIFOs, devices, folders and oversized files are refused before they are read", "[unit]")
{
  std::string dir  = scratch();
  std::string fifo = dir + "/fifo.json", big = dir + "/big.json", ok = dir + "/ok.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0); // read, it would block for ever
  REQUIRE_THROWS_WITH(cs::read_input_file(fifo), Catch::Contains(fifo + ": cannot read a FIFO"));
  REQUIRE_THROWS_WITH(cs::read_input_file("/dev/zero"), Catch::Contains("/dev/zero: cannot read a device"));
  REQUIRE_THROWS_WITH(cs::read_input_file(dir), Catch::Contains("cannot read a folder"));
  std::ofstream(big) << "[" << std::string(100, ' ') << "]";
  REQUIRE_THROWS_WITH(cs::load_json_file(big, 64), Catch::Contains("larger than the"));
  REQUIRE(cs::load_json_file(big, 1000) == cs::json::array());
  std::ofstream(ok) << "{\"a\": 1}";
  REQUIRE(cs::load_json_file(ok)["a"] == 1);
  REQUIRE_THROWS_WITH(cs::read_input_file(dir + "/none.json"), Catch::Contains("cannot open file"));
  fs::remove_all(dir);
}

TEST_CASE("an XML platform's hosts are counted from its text, clusters by their radicals", "[unit]")
{
  REQUIRE(cs::xml_host_count("<platform><host id='a'/><host id=\"b\" speed='1f'></host><host_link/></platform>") == 2);
  REQUIRE(cs::xml_host_count("<cluster id='c' prefix='n' radical='0-99,200,300-309' speed='1f'/>") == 111);
  REQUIRE(cs::xml_host_count("<cluster id=\"c\" radical=\"0-9999999\"/>") == 10000000);
  REQUIRE(cs::xml_host_count("<cluster radical='0-99999999999999999999999'/>") >= 1000000000000ULL);
}

TEST_CASE("staged files replace their targets only once every one is whole", "[unit]")
{
  std::string dir = scratch();
  cs::write_file_atomic(dir + "/a.csv", "old a");
  cs::write_file_atomic(dir + "/result.json", "old result");
  {
    cs::StagedFiles files;
    files.add(dir + "/a.csv", "new a");
    std::ofstream(dir + "/file") << "a file, not a folder"; // this write cannot be made, even as root
    REQUIRE_THROWS_WITH(files.add(dir + "/file/blocked.csv", "x"),
                        Catch::Contains("cannot write " + dir + "/file/blocked.csv"));
  }
  REQUIRE(text_of(dir + "/a.csv") == "old a"); // nothing replaced, no temporary file left
  REQUIRE(text_of(dir + "/result.json") == "old result");
  fs::remove(dir + "/file");
  for (auto const& e : fs::directory_iterator(dir))
    REQUIRE(e.path().filename().string().find(".tmp.") == std::string::npos);
  cs::StagedFiles files;
  files.add(dir + "/a.csv", "new a");
  files.add(dir + "/result.json", "new result");
  files.commit();
  REQUIRE(text_of(dir + "/a.csv") == "new a");
  REQUIRE(text_of(dir + "/result.json") == "new result");
  fs::remove_all(dir);
}
