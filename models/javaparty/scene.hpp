/* The JGF RayTracer's scene (Java Grande Forum benchmark suite, section 3, size B: 500 x 500) traced the way the
 * benchmark traces it, counting sphere intersection tests per image row: the work a row costs. 64 spheres of
 * radius 3 on a 4 x 4 x 4 grid, 5 lights, reflection and transmission (ks = kt = 0.5) to depth 6, shadow rays to
 * every light; many rows hit nothing and some cost a hundred times the average. */
#pragma once
#include <vector>

namespace cs::javaparty {

struct SceneSize {
  int width  = 500;
  int height = 500;
};

/** Sphere tests of each row of the image (height values). */
std::vector<double> row_tests(const SceneSize& size);
/** Sphere tests of one row. */
double row_tests(const SceneSize& size, int row);

} // namespace cs::javaparty
