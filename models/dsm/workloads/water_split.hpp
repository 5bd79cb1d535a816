/* How SPLASH's Water divides its work, as both Water programs run it (JIAJIA's apps/water and SPLASH's own with its
 * per-molecule locks): each molecule pairs with half the system in INTERF and POTENG, process q owns the molecules
 * from start(q), and the sequential time is spread over a step's pairs and molecules weighed by their operation
 * counts. */
#pragma once
#include "models/dsm/params.hpp"

namespace cs::dsm {

class WaterSplit {
protected:
  explicit WaterSplit(const WaterParams& p) : n_(p.molecules), half_(p.molecules / 2)
  {
    double work = 0;
    for (long mol = 0; mol < n_; ++mol)
      work += static_cast<double>(pairs(mol)) * (1 + p.poteng_pair) + p.predict_mol + p.correct_mol + p.poteng_mol;
    unit_ = p.seq_time / (static_cast<double>(p.steps) * work);
  }

  /** Molecules mol + 1 .. comp_last (mod N) that INTERF and POTENG pair with mol: half the system, one less for
   *  alternate molecules when N is even, so that every pair is counted once. */
  long pairs(long mol) const
  {
    long last = mol + half_;
    if (n_ % 2 == 0 && ((mol % 2 == 0 && mol < half_) || (mol % 2 == 1 && mol > half_)))
      last--;
    return last - mol;
  }
  /** The first molecule of process q of `nodes` (N at q = nodes). */
  long start(int q, int nodes) const { return q == nodes ? n_ : static_cast<long>(q) * (n_ / nodes); }

  /** Process `me`'s molecules [first, last) and the pairs they compute. */
  struct Share {
    long first, last;
    double pairs = 0;
    double molecules() const { return static_cast<double>(last - first); }
  };
  Share share(int me, int nodes) const
  {
    Share s{start(me, nodes), start(me + 1, nodes)};
    for (long mol = s.first; mol < s.last; ++mol)
      s.pairs += static_cast<double>(pairs(mol));
    return s;
  }

  long n_, half_;
  double unit_ = 0; ///< CPU seconds of one INTERF pair
};

} // namespace cs::dsm
