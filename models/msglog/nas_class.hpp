/* NPB's problem classes and decompositions for P ranks (NPB 3.3-MPI; docs/models/msglog.md "Any class, any rank
 * count"): the sizes of each benchmark per class, the process grids each code builds for P ranks, and NPB's own
 * operation counts, from which a rank's compute is scaled from its calibration point. Pure functions, unit-tested. */
#pragma once
#include <string>
#include <vector>

namespace cs::msglog {

enum class NasClass { S, W, A, B, C };

/** The problem of one class, as NPB 3.3's setparams writes it. */
struct NasProblem {
  long adi_grid_bt = 0; ///< BT grid points per dimension
  long bt_steps    = 0; ///< BT time steps (timed; NPB runs one more untimed)
  long adi_grid_sp = 0;
  long sp_steps    = 0;
  long lu_grid     = 0;
  long lu_itmax    = 0; ///< LU SSOR iterations (timed; one more untimed)
  long cg_na       = 0; ///< CG matrix order
  long cg_nonzer   = 0;
  long cg_niter    = 0; ///< CG outer iterations (timed; one more untimed)
  long mg_grid     = 0;
  long mg_nit      = 0;
  long ep_m        = 0; ///< EP: 2^(m+1) random numbers
};

const NasProblem& nas_problem(NasClass c);

bool is_power_of_two(long n);
/** sqrt(n) when n is a perfect square, else -1. */
long exact_sqrt(long n);
long log2_exact(long n);

/** CG's process grid: columns (npcols) and rows; npcols = 2 x nprows when P is not a square. */
struct CgGrid {
  long cols = 1, rows = 1;
};
CgGrid cg_grid(long ranks);
/** CG's transpose-exchange partner (NPB setup_submatrix_info). */
int cg_exchange_partner(int rank, CgGrid g);

/** LU's process grid: xdim x ydim with xdim = 2 ydim when P is not a square (NPB proc_grid); x varies fastest. */
struct LuGrid {
  long xdim = 1, ydim = 1;
};
LuGrid lu_grid(long ranks);

/** MG's process grid (x, y, z) for P = 2^k: NPB's split of k into k/3, (k - k/3)/2 and the rest, in reversed axis
 *  order (the cube is symmetric; this order keeps the 16-rank stream the seed's runs were matched with). */
std::vector<double> mg_procs(long ranks);

/** NPB's operation count of one iteration (BT/SP/LU step, CG outer iteration, MG V-cycle) or of the whole run (EP),
 *  from each code's Mop/s report. */
double nas_ops(const std::string& bench, NasClass c);

} // namespace cs::msglog
