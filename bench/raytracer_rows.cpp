/* Writes the JGF RayTracer's per-row work (sphere tests of each of the 500 rows of size B) as the data file the
 * javaparty model reads: scenarios/javaparty/raytracer_rows.json. Tracing the whole image takes a few seconds,
 * too long for every run; models/javaparty/javaparty_test.cpp checks rows of the file against the tracer.
 *   usage: build/raytracer_rows > scenarios/javaparty/raytracer_rows.json */
#include "models/javaparty/scene.hpp"

#include <cstdio>

int main()
{
  cs::javaparty::SceneSize size;
  auto rows = cs::javaparty::row_tests(size);
  std::printf(
      "{\n  \"description\": \"sphere intersection tests per image row of the JGF RayTracer, size B (500 x 500, "
      "64 spheres, 5 lights, depth 6)\",\n  \"source\": \"computed by bench/raytracer_rows.cpp "
      "(models/javaparty/scene.cpp traces the JGF scene); 157 of 500 rows hit nothing (docs/sources.md)\",\n"
      "  \"width\": %d,\n  \"tests\": [",
      size.width);
  for (size_t i = 0; i < rows.size(); ++i)
    std::printf("%s%.0f", i ? ", " : "", rows[i]);
  std::printf("]\n}\n");
}
