#include "models/javaparty/scene.hpp"

#include <cmath>

namespace cs::javaparty {

namespace {

struct Vec {
  double x = 0, y = 0, z = 0;
  Vec operator+(const Vec& o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec operator-(const Vec& o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec operator*(double s) const { return {x * s, y * s, z * s}; }
  double dot(const Vec& o) const { return x * o.x + y * o.y + z * o.z; }
  Vec cross(const Vec& o) const { return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x}; }
  Vec unit() const
  {
    double l = std::sqrt(dot(*this));
    return l > 0 ? *this * (1 / l) : *this;
  }
};

struct Hit {
  double t   = 0;
  int index  = -1;
  bool enter = false;
};

class Tracer {
public:
  Tracer()
  {
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        for (int k = 0; k < 4; ++k)
          centres_.push_back({20.0 / 3 * i - 10, 20.0 / 3 * j - 10, 20.0 / 3 * k - 10});
    lights_ = {{100, 100, -50}, {-100, 100, -50}, {100, -100, -50}, {-100, -100, -50}, {200, 200, 0}};
  }

  double tests = 0;

  Hit intersect(const Vec& p, const Vec& d, double tmax)
  {
    Hit best;
    best.t = tmax;
    for (size_t i = 0; i < centres_.size(); ++i) {
      tests++;
      Vec v       = centres_[i] - p;
      double b    = v.dot(d);
      double disc = b * b - v.dot(v) + r2_;
      if (disc < 0)
        continue;
      disc     = std::sqrt(disc);
      double t = (b - disc < 1e-6) ? b + disc : b - disc;
      if (t < 1e-6 || t >= best.t)
        continue;
      best = {t, static_cast<int>(i), v.dot(v) > r2_ + 1e-6};
    }
    return best;
  }

  void trace(int level, double weight, const Vec& p, const Vec& d)
  {
    if (level > 6)
      return;
    Hit h = intersect(p, d, 1e6);
    if (h.index < 0)
      return;
    Vec at = p + d * h.t;
    Vec n  = (at - centres_[static_cast<size_t>(h.index)]).unit();
    for (auto const& l : lights_) { // a shadow ray toward every light the surface faces
      Vec to = l - at;
      if (n.dot(to) >= 0)
        intersect(at, to.unit(), std::sqrt(to.dot(to)));
    }
    if (ks_ * weight > 1e-3) { // reflection
      Vec r = d - n * (2 * d.dot(n));
      trace(level + 1, ks_ * weight, at, r.unit());
    }
    if (kt_ * weight > 1e-3) // transmission: index of refraction 1, the ray goes straight on
      trace(level + 1, kt_ * weight, at, d);
  }

  double row(const SceneSize& s, int y)
  {
    tests = 0;
    Vec from{0, 20, -30}, at{0, 0, 0}, up{0, 1, 0};
    Vec view    = (at - from).unit();
    Vec upv     = (up - view * up.dot(view)).unit();
    Vec left    = up.cross(view).unit();
    double w    = std::tan(35.0 * 3.14159265 / 180.0); // dist 1, aspect 1
    upv         = upv * -w;
    left        = left * w;
    double ylen = 2.0 * y / s.width - 1.0;
    for (int x = 0; x < s.width; ++x) {
      double xlen = 2.0 * x / s.width - 1.0;
      Vec d       = (left * xlen + upv * ylen + view).unit();
      trace(0, 1.0, from, d);
    }
    return tests;
  }

private:
  std::vector<Vec> centres_, lights_;
  double r2_ = 9, ks_ = 0.5, kt_ = 0.5;
};

} // namespace

double row_tests(const SceneSize& size, int row)
{
  Tracer t;
  return t.row(size, row);
}

std::vector<double> row_tests(const SceneSize& size)
{
  Tracer t;
  std::vector<double> out;
  for (int y = 0; y < size.height; ++y)
    out.push_back(t.row(size, y));
  return out;
}

} // namespace cs::javaparty
