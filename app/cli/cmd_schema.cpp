#include "app/cli/commands.hpp"
#include "app/cli/options.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "sim/sweep/schemas.hpp"

#include <cstdio>

namespace po = boost::program_options;

namespace cs::cli {

int cmd_schema(const Args& args, const Args&)
{
  po::options_description desc("schema options");
  std::string kind, out;
  desc.add_options()("kind", po::value<std::string>(&kind)->required(), "scenario, sweep or platform")(
      "out,o", po::value<std::string>(&out), "folder to write KIND.schema.json into (default: print it)");
  po::positional_options_description pos;
  pos.add("kind", 1);
  po::variables_map vm;
  if (not parse(args, desc, &pos, vm,
                "usage: clustersim schema scenario|sweep|platform|all [--out DIR]\n"
                "Prints the JSON Schema of a kind of input file, generated from the same field declarations as "
                "`describe` and the parsers (docs/scenarios.md: editor set-up)."))
    return 0;
  std::vector<std::string> kinds = kind == "all" ? schema_kinds() : std::vector<std::string>{kind};
  if (kind == "all" && out.empty())
    throw UsageError("schema all needs --out DIR");
  for (auto const& k : kinds) {
    std::string text = input_schema(k).dump(2) + "\n";
    if (out.empty())
      std::fputs(text.c_str(), stdout);
    else
      write_file_atomic(out + "/" + k + ".schema.json", text);
  }
  return 0;
}

} // namespace cs::cli
