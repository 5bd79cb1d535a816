#include "models/common/ti_trace.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/json_io.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <tuple>
#include <utility>

namespace cs::ti {

namespace {

/** The largest trace file read: a rank of a long run writes a line per MPI call and per computation between two. */
constexpr size_t max_trace_file_bytes = size_t{512} << 20;

struct KindName {
  const char* name;
  Kind kind;
};

// The names smpi_replay_init registers (SMPI 3.32); the writer's "sendRecv" is the only one in camel case.
constexpr std::array<KindName, 31> kind_names{{{"init", Kind::init},
                                               {"finalize", Kind::finalize},
                                               {"comm_size", Kind::no_op},
                                               {"comm_split", Kind::no_op},
                                               {"comm_dup", Kind::no_op},
                                               {"location", Kind::no_op},
                                               {"compute", Kind::compute},
                                               {"sleep", Kind::sleep},
                                               {"send", Kind::send},
                                               {"isend", Kind::isend},
                                               {"recv", Kind::recv},
                                               {"irecv", Kind::irecv},
                                               {"sendRecv", Kind::sendrecv},
                                               {"test", Kind::test},
                                               {"wait", Kind::wait},
                                               {"waitall", Kind::waitall},
                                               {"barrier", Kind::barrier},
                                               {"bcast", Kind::bcast},
                                               {"reduce", Kind::reduce},
                                               {"allreduce", Kind::allreduce},
                                               {"scan", Kind::scan},
                                               {"exscan", Kind::exscan},
                                               {"alltoall", Kind::alltoall},
                                               {"alltoallv", Kind::alltoallv},
                                               {"gather", Kind::gather},
                                               {"gatherv", Kind::gatherv},
                                               {"allgather", Kind::allgather},
                                               {"allgatherv", Kind::allgatherv},
                                               {"scatter", Kind::scatter},
                                               {"scatterv", Kind::scatterv},
                                               {"reducescatter", Kind::reducescatter}}};

const KindName* find_kind(const std::string& name)
{
  for (auto const& k : kind_names)
    if (name == k.name)
      return &k;
  return nullptr;
}

std::vector<std::string> split(const std::string& line)
{
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
      ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r')
      ++j;
    if (j > i)
      out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

/** Reads one line's arguments with the file and line for its errors. */
class LineReader {
public:
  LineReader(const std::string& file, int line, std::vector<std::string> tokens, int ranks)
      : file_(file), line_(line), tok_(std::move(tokens)), ranks_(ranks)
  {
  }
  [[noreturn]] void fail(const std::string& what) const
  {
    throw InputError(file_ + ":" + std::to_string(line_), "", what);
  }
  const std::string& action() const { return tok_[1]; }
  size_t args() const { return tok_.size() - 2; }
  /** Argument i (0 = the first after the action's name) must exist. */
  const std::string& arg(size_t i) const
  {
    if (i >= args())
      fail(action() + " needs at least " + std::to_string(i + 1) + " arguments");
    return tok_[i + 2];
  }
  void expect_args(size_t lo, size_t hi) const
  {
    if (args() < lo || args() > hi)
      fail(action() + " takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
           " arguments, not " + std::to_string(args()));
  }
  double number(size_t i, const std::string& what) const
  {
    const std::string& s = arg(i);
    errno                = 0;
    char* end            = nullptr;
    double v             = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || *end != '\0' || errno == ERANGE || not std::isfinite(v))
      fail(action() + ": " + what + " \"" + s + "\" is not a number");
    if (v < 0)
      fail(action() + ": " + what + " " + s + " is negative");
    return v;
  }
  long integer(size_t i, const std::string& what, long max = max_count) const
  {
    const std::string& s = arg(i);
    errno                = 0;
    char* end            = nullptr;
    long v               = std::strtol(s.c_str(), &end, 10);
    if (end == s.c_str() || *end != '\0' || errno == ERANGE)
      fail(action() + ": " + what + " \"" + s + "\" is not an integer");
    if (v < 0)
      fail(action() + ": " + what + " " + s + " is negative");
    if (v > max)
      fail(action() + ": " + what + " " + s + " is above " + std::to_string(max));
    return v;
  }
  /** A receive's source: a rank, or any_source as SMPI writes MPI_ANY_SOURCE. */
  int source(size_t i, const std::string& what) const
  {
    return arg(i) == std::to_string(any_source) ? any_source : rank(i, what);
  }
  int rank(size_t i, const std::string& what) const
  {
    if (arg(i)[0] == '-')
      fail(action() + ": " + what + " " + arg(i) + " is not a rank (only a receive's source may be " +
           std::to_string(any_source) + ", MPI_ANY_SOURCE)");
    long r = integer(i, what, max_trace_ranks);
    if (r >= ranks_)
      fail(action() + ": " + what + " " + arg(i) + " is not a rank of this " + std::to_string(ranks_) + "-rank trace");
    return static_cast<int>(r);
  }
  /** Size of the datatype at argument i, or `def` when the line ends before it. */
  int type_size(size_t i, int def) const
  {
    if (i >= args())
      return def;
    long id  = integer(i, "datatype", 1000);
    int size = datatype_size(static_cast<int>(id));
    if (size < 0)
      fail(action() + ": datatype " + arg(i) + " is not one of SMPI's predefined datatypes with a size");
    return size;
  }
  double bytes(size_t count_arg, size_t type_arg, int def) const
  {
    return static_cast<double>(integer(count_arg, "count")) * type_size(type_arg, def);
  }
  int ranks() const { return ranks_; }

private:
  std::string file_;
  int line_;
  std::vector<std::string> tok_;
  int ranks_;
};

/** Per-rank sizes of a v-collective: `n` counts from argument `first`, times `type`, appended to `rt.sizes`. */
std::uint32_t add_sizes(const LineReader& r, RankTrace& rt, size_t first, int type)
{
  auto at = static_cast<std::uint32_t>(rt.sizes.size());
  for (int k = 0; k < r.ranks(); ++k)
    rt.sizes.push_back(static_cast<double>(r.integer(first + static_cast<size_t>(k), "count")) * type);
  return at;
}

void parse_point_to_point(const LineReader& r, Action& a, int def)
{
  switch (a.kind) {
  case Kind::send:
  case Kind::isend:
  case Kind::recv:
  case Kind::irecv:
    r.expect_args(3, 4); // partner tag count [datatype] (SendOrRecvParser)
    a.peer  = a.kind == Kind::recv || a.kind == Kind::irecv ? r.source(0, "partner") : r.rank(0, "partner");
    a.tag   = static_cast<int>(r.integer(1, "tag", 1L << 30));
    a.bytes = r.bytes(2, 3, def);
    return;
  case Kind::sendrecv:
    r.expect_args(4, 6); // sendcount dst recvcount src [sendtype [recvtype]] (SendRecvParser)
    a.peer   = r.rank(1, "destination");
    a.peer2  = r.rank(3, "source");
    a.bytes  = r.bytes(0, 4, def);
    a.bytes2 = r.bytes(2, 5, def);
    return;
  case Kind::test:
  case Kind::wait:
    r.expect_args(3, 3); // src dst tag (WaitTestParser)
    a.peer  = r.source(0, "source");
    a.peer2 = r.rank(1, "destination");
    a.tag   = static_cast<int>(r.integer(2, "tag", 1L << 30));
    return;
  default:
    r.expect_args(0, 1); // waitall [count]: the count is ignored, as by SMPI
    if (r.args() == 1)
      r.integer(0, "count");
  }
}

void parse_rooted(const LineReader& r, Action& a, int def)
{
  size_t n = static_cast<size_t>(r.ranks());
  switch (a.kind) {
  case Kind::bcast:
    r.expect_args(1, 3); // count [root [datatype]] (BcastArgParser)
    a.bytes = r.bytes(0, 2, def);
    a.peer  = r.args() > 1 ? r.rank(1, "root") : 0;
    return;
  case Kind::reduce:
    r.expect_args(2, 4); // count comp_size [root [datatype]] (ReduceArgParser)
    a.bytes  = r.bytes(0, 3, def);
    a.amount = r.number(1, "computation");
    a.peer   = r.args() > 2 ? r.rank(2, "root") : 0;
    return;
  case Kind::gather:
  case Kind::scatter:
    r.expect_args(2, 5); // sendcount recvcount [root [sendtype [recvtype]]] (GatherArgParser, ScatterArgParser)
    a.bytes  = r.bytes(0, 3, def);
    a.bytes2 = r.bytes(1, 4, def);
    a.peer   = r.args() > 2 ? r.rank(2, "root") : 0;
    return;
  case Kind::gatherv:
    r.expect_args(n + 1, n + 4); // sendcount recvcounts[n] [root [sendtype [recvtype]]] (GatherVArgParser)
    a.bytes = r.bytes(0, n + 2, def);
    a.peer  = r.args() > n + 1 ? r.rank(n + 1, "root") : 0;
    return;
  default:                       // scatterv
    r.expect_args(n + 1, n + 4); // sendcounts[n] recvcount [root [sendtype [recvtype]]] (ScatterVArgParser)
    a.bytes2 = r.bytes(n, n + 3, def);
    a.peer   = r.args() > n + 1 ? r.rank(n + 1, "root") : 0;
  }
}

void parse_allgatherv(const LineReader& r, RankTrace& rt, Action& a, int def)
{
  // sendcount recvcounts[n], then up to two datatypes (as SMPI writes it), or n displacements, or the two datatypes
  // and n displacements (the forms AllGatherV's parser reads; where they coincide for small n, the written one).
  size_t n = static_cast<size_t>(r.ranks());
  int t1 = def, t2 = def;
  if (r.args() <= n + 3) {
    r.expect_args(n + 1, n + 3);
    t1 = r.type_size(n + 1, def);
    t2 = r.type_size(n + 2, def);
  } else if (r.args() != 2 * n + 1) {
    r.expect_args(2 * n + 3, 2 * n + 3);
    t1 = r.type_size(n + 1, def);
    t2 = r.type_size(n + 2, def);
  }
  a.bytes = static_cast<double>(r.integer(0, "sendcount")) * t1;
  a.sizes = add_sizes(r, rt, 1, t2);
}

void parse_unrooted(const LineReader& r, RankTrace& rt, Action& a, int def)
{
  size_t n = static_cast<size_t>(r.ranks());
  switch (a.kind) {
  case Kind::allreduce:
  case Kind::scan:
  case Kind::exscan:
    r.expect_args(2, 3); // count comp_size [datatype] (AllReduceArgParser, ScanArgParser)
    a.bytes  = r.bytes(0, 2, def);
    a.amount = r.number(1, "computation");
    return;
  case Kind::alltoall:
  case Kind::allgather:
    r.expect_args(2, 4); // sendcount recvcount [sendtype [recvtype]]
    a.bytes  = r.bytes(0, 2, def);
    a.bytes2 = r.bytes(1, 3, def);
    return;
  case Kind::alltoallv: {
    r.expect_args(2 * n + 2, 2 * n + 4); // sendsize sendcounts[n] recvsize recvcounts[n] [sendtype [recvtype]]
    r.integer(0, "send buffer size");
    r.integer(n + 1, "receive buffer size");
    a.sizes  = add_sizes(r, rt, 1, r.type_size(2 * n + 2, def));
    a.sizes2 = add_sizes(r, rt, n + 2, r.type_size(2 * n + 3, def));
    return;
  }
  case Kind::reducescatter:
    r.expect_args(n + 1, n + 2); // recvcounts[n] comp_size [datatype] (ReduceScatterArgParser)
    a.amount = r.number(n, "computation");
    a.bytes  = r.type_size(n + 1, def); // SMPI picks its algorithm by the element count
    a.sizes  = add_sizes(r, rt, 0, r.type_size(n + 1, def));
    return;
  default: // allgatherv
    parse_allgatherv(r, rt, a, def);
  }
}

/** The datatype of lines that give none: MPI_BYTE, or MPI_DOUBLE after an init with an argument (SMPI's
 *  MPI_DEFAULT_TYPE: TAU traces versus MPE ones). */
Action parse_action(const LineReader& r, RankTrace& rt, Kind kind, int& default_type)
{
  Action a;
  a.kind = kind;
  switch (kind) {
  case Kind::init:
    r.expect_args(0, 1);
    default_type = r.args() > 0 ? datatype_size(0) : datatype_size(6);
    break;
  case Kind::finalize:
  case Kind::barrier:
    r.expect_args(0, 0);
    break;
  case Kind::no_op:
    if (r.action() == "location")
      r.expect_args(2, 2);
    break;
  case Kind::compute:
  case Kind::sleep:
    r.expect_args(1, 1);
    a.amount = r.number(0, kind == Kind::compute ? "flops" : "seconds");
    if (kind == Kind::sleep && a.amount > max_duration_s)
      r.fail("sleep: " + r.arg(0) + " s is above " + std::to_string(static_cast<long>(max_duration_s)) + " s");
    break;
  case Kind::send:
  case Kind::isend:
  case Kind::recv:
  case Kind::irecv:
  case Kind::sendrecv:
  case Kind::test:
  case Kind::wait:
  case Kind::waitall:
    parse_point_to_point(r, a, default_type);
    break;
  case Kind::bcast:
  case Kind::reduce:
  case Kind::gather:
  case Kind::scatter:
    parse_rooted(r, a, default_type);
    break;
  case Kind::gatherv:
    parse_rooted(r, a, default_type);
    a.sizes = add_sizes(r, rt, 1, r.type_size(static_cast<size_t>(r.ranks()) + 3, default_type));
    break;
  case Kind::scatterv:
    parse_rooted(r, a, default_type);
    a.sizes = add_sizes(r, rt, 0, r.type_size(static_cast<size_t>(r.ranks()) + 2, default_type));
    break;
  default:
    parse_unrooted(r, rt, a, default_type);
  }
  return a;
}

/** The rank a line names (its first token), checked against the trace's ranks. */
int line_rank(const std::string& file, int line, const std::vector<std::string>& tok, int ranks)
{
  auto fail = [&](const std::string& what) { throw InputError(file + ":" + std::to_string(line), "", what); };
  if (tok.size() < 2)
    fail("a trace line is \"RANK ACTION ARGUMENTS...\", not \"" + tok[0] + "\"");
  char* end = nullptr;
  errno     = 0;
  long r    = std::strtol(tok[0].c_str(), &end, 10);
  if (end == tok[0].c_str() || *end != '\0' || errno == ERANGE || r < 0 || r >= max_trace_ranks)
    fail("\"" + tok[0] + "\" is not a rank (a line starts with its rank, 0 to " + std::to_string(max_trace_ranks - 1) +
         ")");
  if (ranks > 0 && r >= ranks)
    fail("rank " + tok[0] + " is not a rank of this " + std::to_string(ranks) + "-rank trace");
  return static_cast<int>(r);
}

/** Calls `each(line number, tokens)` for every line that is not empty or a comment ('#', as xbt's replay reader). */
template <class F> void for_lines(const std::string& text, F each)
{
  size_t start = 0;
  int line     = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    ++line;
    std::string s                = text.substr(start, end - start);
    start                        = end + 1;
    std::vector<std::string> tok = split(s);
    if (not tok.empty() && tok[0][0] != '#')
      each(line, tok);
  }
}

bool looks_like_actions(const std::string& text)
{
  bool actions = false, decided = false;
  for_lines(text, [&](int, const std::vector<std::string>& tok) {
    if (decided)
      return;
    decided   = true;
    char* end = nullptr;
    std::strtol(tok[0].c_str(), &end, 10);
    actions = tok.size() >= 2 && end != tok[0].c_str() && *end == '\0' && find_kind(tok[1]) != nullptr;
  });
  return actions;
}

/** A rank file the index names: absolute, else beside the index, else relative to the current folder (SMPI writes
 *  the paths relative to the folder smpirun ran in). */
std::string rank_file_path(const std::string& index, const std::string& name)
{
  if (not name.empty() && name[0] == '/')
    return name;
  std::string beside = dir_of(index) + "/" + name;
  if (file_exists(beside) || not file_exists(name))
    return beside;
  return name;
}

} // namespace

const char* kind_name(Kind k)
{
  if (k == Kind::no_op)
    return "comm_size";
  for (auto const& n : kind_names)
    if (n.kind == k)
      return n.name;
  return "?";
}

bool is_collective(Kind k)
{
  return k >= Kind::barrier;
}

int datatype_size(int id)
{
  // SMPI 3.32 src/smpi/mpi/smpi_datatype.cpp, CREATE_MPI_DATATYPE(name, id, type): sizeof(type) on LP64 (x86-64).
  // -1: MPI_UB (55) and MPI_LB (56), which have no size. INTEGER1 (45) is declared with an int's size there.
  static const std::array<int, 60> sizes{8, 4,  1, 2,  8,  4, 1,  8,  1, 1,  2,  4,  8,  8,  16, 4,  1,  1,  2, 4,
                                         8, 1,  2, 4,  8,  8, 16, 32, 8, 8,  8,  16, 16, 8,  8,  8,  16, 16, 4, 4,
                                         8, 16, 8, 16, 16, 4, 2,  4,  8, 16, 32, 1,  8,  16, 32, -1, -1, 1,  8, 8};
  if (id < 0 || id >= static_cast<int>(sizes.size()))
    return -1;
  return sizes[static_cast<size_t>(id)];
}

std::vector<RankTrace> parse_rank_text(const std::string& text, const std::string& file, int rank, int ranks)
{
  std::vector<RankTrace> out(rank < 0 ? static_cast<size_t>(ranks) : 1);
  std::vector<int> default_type(out.size(), datatype_size(6));
  for (auto& rt : out)
    rt.file = file;
  for_lines(text, [&](int line, std::vector<std::string>& tok) {
    int r = line_rank(file, line, tok, ranks);
    if (rank >= 0 && r != rank)
      throw InputError(file + ":" + std::to_string(line), "",
                       "this line is rank " + tok[0] + "'s, in the file of rank " + std::to_string(rank));
    size_t k           = rank < 0 ? static_cast<size_t>(r) : 0;
    const KindName* kn = find_kind(tok[1]);
    std::string action = tok[1];
    LineReader reader(file, line, std::move(tok), ranks);
    if (kn == nullptr)
      reader.fail("unknown action \"" + action +
                  "\" (SMPI 3.32's replay knows init, finalize, compute, sleep, send, "
                  "isend, recv, irecv, sendRecv, test, wait, waitall, barrier, bcast, reduce, allreduce, scan, "
                  "exscan, alltoall, alltoallv, gather, gatherv, allgather, allgatherv, scatter, scatterv, "
                  "reducescatter, comm_size, comm_split, comm_dup and location)");
    Action a = parse_action(reader, out[k], kn->kind, default_type[k]);
    a.line   = line;
    out[k].actions.push_back(a);
  });
  return out;
}

Trace load_trace(const std::string& path)
{
  Trace t;
  t.file           = path;
  std::string text = read_input_file(path, max_trace_file_bytes);
  if (looks_like_actions(text)) {
    int ranks = 0;
    for_lines(text, [&](int line, const std::vector<std::string>& tok) {
      ranks = std::max(ranks, line_rank(path, line, tok, 0) + 1);
    });
    t.ranks = parse_rank_text(text, path, -1, ranks);
    return t;
  }
  std::vector<std::pair<int, std::string>> files;
  for_lines(text, [&](int line, const std::vector<std::string>& tok) {
    if (tok.size() != 1)
      throw InputError(path + ":" + std::to_string(line), "",
                       "an index line names one rank file (no spaces), or the file is a trace whose first line is "
                       "\"RANK ACTION ...\"");
    files.emplace_back(line, tok[0]);
  });
  if (files.empty())
    throw InputError(path, "", "the trace names no rank file and holds no action");
  if (files.size() > static_cast<size_t>(max_trace_ranks))
    throw InputError(path, "", "more than " + std::to_string(max_trace_ranks) + " rank files");
  int ranks = static_cast<int>(files.size());
  for (int r = 0; r < ranks; ++r) {
    auto const& [line, name] = files[static_cast<size_t>(r)];
    std::string file         = rank_file_path(path, name);
    if (not file_exists(file))
      throw InputError(path + ":" + std::to_string(line), "",
                       "rank " + std::to_string(r) + "'s file " + name +
                           " does not exist (looked beside the index and "
                           "in the current folder)");
    t.ranks.push_back(std::move(parse_rank_text(read_input_file(file, max_trace_file_bytes), file, r, ranks)[0]));
  }
  return t;
}

namespace {

using MatchKey = std::tuple<int, int, int>; // source, destination, tag

/** Receives of rank `r` from a named source (`wildcards` false) or from any (true), each counted against `have`. */
void count_receives(const Trace& t, bool wildcards, std::map<MatchKey, long>& have)
{
  std::map<MatchKey, long> received;
  for (int r = 0; r < t.size(); ++r) {
    const RankTrace& rt = t.ranks[static_cast<size_t>(r)];
    for (auto const& a : rt.actions) {
      bool recv = a.kind == Kind::recv || a.kind == Kind::irecv;
      if (not recv && a.kind != Kind::sendrecv)
        continue;
      int src = recv ? a.peer : a.peer2;
      if ((src == any_source) != wildcards)
        continue;
      int tag = recv ? a.tag : 0;
      MatchKey k{src, r, tag};
      long n = ++received[k];
      if (n <= have[k])
        continue;
      std::string where = rt.file + ":" + std::to_string(a.line);
      if (wildcards)
        throw InputError(where, "",
                         std::string(kind_name(a.kind)) + " from any rank (-333, MPI_ANY_SOURCE) with tag " +
                             std::to_string(tag) + " has no matching send: the other ranks send " +
                             std::to_string(have[k]) + " message(s) with that tag to rank " + std::to_string(r) +
                             " that no receive from a named rank takes, and this is receive " + std::to_string(n));
      throw InputError(where, "",
                       std::string(kind_name(a.kind)) + " from rank " + std::to_string(src) + " with tag " +
                           std::to_string(tag) + " has no matching send: rank " + std::to_string(src) + " sends " +
                           std::to_string(have[k]) + " message(s) with that tag to rank " + std::to_string(r) +
                           ", and this is receive " + std::to_string(n));
    }
  }
  if (wildcards)
    return;
  // What the named receives leave, per (destination, tag), is what receives from any source may take.
  std::map<MatchKey, long> left;
  for (auto const& [k, n] : have)
    left[{any_source, std::get<1>(k), std::get<2>(k)}] += n - received[k];
  have = std::move(left);
}

} // namespace

void check_matching(const Trace& t)
{
  std::map<MatchKey, long> sent;
  for (int r = 0; r < t.size(); ++r)
    for (auto const& a : t.ranks[static_cast<size_t>(r)].actions)
      if (a.kind == Kind::send || a.kind == Kind::isend)
        ++sent[{r, a.peer, a.tag}];
      else if (a.kind == Kind::sendrecv)
        ++sent[{r, a.peer, 0}]; // SMPI's sendRecv sends and receives with tag 0
  count_receives(t, false, sent);
  count_receives(t, true, sent);
}

const Action* first_any_source(const Trace& t, const RankTrace** in)
{
  for (auto const& rt : t.ranks)
    for (auto const& a : rt.actions)
      if (a.peer == any_source &&
          (a.kind == Kind::recv || a.kind == Kind::irecv || a.kind == Kind::wait || a.kind == Kind::test)) {
        *in = &rt;
        return &a;
      }
  return nullptr;
}

bool AnySourceTags::has(int dst, int tag) const
{
  return std::binary_search(keys_.begin(), keys_.end(), std::make_pair(dst, tag));
}

AnySourceTags any_source_tags(const Trace& t)
{
  AnySourceTags out;
  for (int r = 0; r < t.size(); ++r) {
    const RankTrace& rt = t.ranks[static_cast<size_t>(r)];
    std::map<int, std::pair<int, int>> first; // tag -> first line of a receive from any source, from a named rank
    for (auto const& a : rt.actions) {
      bool recv = a.kind == Kind::recv || a.kind == Kind::irecv;
      if (not recv && a.kind != Kind::sendrecv)
        continue;
      int tag            = recv ? a.tag : 0;
      bool wildcard      = recv && a.peer == any_source;
      auto& [any, named] = first.try_emplace(tag, 0, 0).first->second;
      int& seen          = wildcard ? any : named;
      if (seen == 0)
        seen = a.line;
      if (any != 0 && named != 0)
        throw InputError(rt.file + ":" + std::to_string(a.line), "",
                         std::string(kind_name(a.kind)) + " with tag " + std::to_string(tag) + ": rank " +
                             std::to_string(r) + " receives this tag both from any rank (" +
                             std::to_string(any_source) + ", MPI_ANY_SOURCE; line " + std::to_string(any) +
                             ") and from a named rank (line " + std::to_string(named) +
                             "), which the replay cannot match exactly (docs/models/msglog.md, Trace workloads)");
      if (wildcard && (out.keys_.empty() || out.keys_.back() != std::make_pair(r, tag)))
        out.keys_.emplace_back(r, tag);
    }
  }
  std::sort(out.keys_.begin(), out.keys_.end());
  out.keys_.erase(std::unique(out.keys_.begin(), out.keys_.end()), out.keys_.end());
  return out;
}

} // namespace cs::ti
