#include "models/msglog/nas_class.hpp"

#include <cmath>
#include <stdexcept>

namespace cs::msglog {

const NasProblem& nas_problem(NasClass c)
{
  // NPB 3.3-MPI sys/setparams.c (docs/models/msglog.md, "NPB's classes").
  static const NasProblem s{12, 60, 12, 100, 12, 50, 1400, 7, 15, 32, 4, 24};
  static const NasProblem w{24, 200, 36, 400, 33, 300, 7000, 8, 15, 128, 4, 25};
  static const NasProblem a{64, 200, 64, 400, 64, 250, 14000, 11, 15, 256, 4, 28};
  static const NasProblem b{102, 200, 102, 400, 102, 250, 75000, 13, 75, 256, 20, 30};
  static const NasProblem cc{162, 200, 162, 400, 162, 250, 150000, 15, 75, 512, 20, 32};
  switch (c) {
  case NasClass::S:
    return s;
  case NasClass::W:
    return w;
  case NasClass::A:
    return a;
  case NasClass::B:
    return b;
  default:
    return cc;
  }
}

bool is_power_of_two(long n)
{
  return n > 0 && (n & (n - 1)) == 0;
}

long exact_sqrt(long n)
{
  auto r = static_cast<long>(std::llround(std::sqrt(static_cast<double>(n))));
  return r * r == n ? r : -1;
}

long log2_exact(long n)
{
  long k = 0;
  while ((1L << k) < n)
    ++k;
  return k;
}

CgGrid cg_grid(long ranks)
{
  long k    = log2_exact(ranks);
  long rows = 1L << (k / 2);
  return {ranks / rows, rows};
}

int cg_exchange_partner(int rank, CgGrid g)
{
  auto rows = static_cast<int>(g.rows);
  if (g.cols == g.rows)
    return (rank % rows) * rows + rank / rows;
  return 2 * ((rank / 2) % rows * rows + rank / 2 / rows) + rank % 2;
}

LuGrid lu_grid(long ranks)
{
  long k    = log2_exact(ranks);
  long ydim = 1L << (k / 2);
  return {ranks / ydim, ydim};
}

std::vector<double> mg_procs(long ranks)
{
  long k  = log2_exact(ranks);
  long dx = k / 3;
  long dy = (k - dx) / 2;
  long dz = k - dx - dy;
  return {std::ldexp(1.0, static_cast<int>(dz)), std::ldexp(1.0, static_cast<int>(dy)),
          std::ldexp(1.0, static_cast<int>(dx))};
}

double nas_ops(const std::string& bench, NasClass c)
{
  const NasProblem& p = nas_problem(c);
  auto cube           = [](double n) { return n * n * n; };
  if (bench == "bt") {
    double n = static_cast<double>(p.adi_grid_bt);
    return 3478.8 * cube(n) - 17655.7 * n * n + 28023.7 * n;
  }
  if (bench == "sp") {
    double n = static_cast<double>(p.adi_grid_sp);
    return 881.174 * cube(n) - 4683.91 * n * n + 11484.5 * n - 19272.4;
  }
  if (bench == "lu") {
    double n = static_cast<double>(p.lu_grid);
    return 1984.77 * cube(n) - 10923.3 * n * n + 27770.9 * n - 144010.;
  }
  if (bench == "cg") {
    double nz = static_cast<double>(p.cg_nonzer * (p.cg_nonzer + 1));
    return 2. * static_cast<double>(p.cg_na) * (3. + nz + 25. * (5. + nz) + 3.);
  }
  if (bench == "mg")
    return 58. * cube(static_cast<double>(p.mg_grid));
  if (bench == "ep")
    return std::ldexp(1.0, static_cast<int>(p.ep_m + 1));
  throw std::logic_error("nas_ops: no operation count for " + bench);
}

} // namespace cs::msglog
