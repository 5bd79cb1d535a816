#include "sim/sweep/expr.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

namespace cs {

struct Expr::Node {
  enum class Kind { number, name, negate, binary, call } kind = Kind::number;
  double value                                                = 0;
  std::string name; ///< column name, or function name for a call
  char op    = 0;   ///< binary operator
  int height = 1;   ///< levels of the tree below and including this node
  std::vector<std::shared_ptr<const Node>> args;
};

namespace {

using NodePtr = std::shared_ptr<const Expr::Node>;
using Kind    = Expr::Node::Kind;

/** Parsing, evaluating and freeing an expression recurse once per level of its tree: deeper trees (parentheses
 *  20,000 deep, thousands of chained operators) would exhaust the stack, so they are refused while parsing. */
constexpr int max_expr_height = 200;

NodePtr with_children(std::shared_ptr<Expr::Node> n, size_t at)
{
  for (auto const& a : n->args)
    n->height = std::max(n->height, a->height + 1);
  if (n->height > max_expr_height)
    throw ExprError(at, "expression nested deeper than " + std::to_string(max_expr_height) + " levels");
  return n;
}

/** The only functions an expression can call, with their arity. */
const std::map<std::string, int>& function_arity()
{
  static const std::map<std::string, int> table{{"abs", 1},   {"sqrt", 1}, {"exp", 1},   {"log", 1},
                                                {"log10", 1}, {"log2", 1}, {"floor", 1}, {"ceil", 1},
                                                {"round", 1}, {"min", 2},  {"max", 2},   {"pow", 2}};
  return table;
}

double apply_function(const std::string& f, const std::vector<double>& a)
{
  if (f == "abs")
    return std::fabs(a[0]);
  if (f == "sqrt")
    return std::sqrt(a[0]);
  if (f == "exp")
    return std::exp(a[0]);
  if (f == "log")
    return std::log(a[0]);
  if (f == "log10")
    return std::log10(a[0]);
  if (f == "log2")
    return std::log2(a[0]);
  if (f == "floor")
    return std::floor(a[0]);
  if (f == "ceil")
    return std::ceil(a[0]);
  if (f == "round")
    return std::round(a[0]);
  if (f == "min")
    return std::fmin(a[0], a[1]);
  if (f == "max")
    return std::fmax(a[0], a[1]);
  return std::pow(a[0], a[1]); // "pow": the table admits nothing else
}

bool is_name_start(char c)
{
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool is_name_char(char c)
{
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

/** Recursive descent over the text; precedence from loose to tight: + -, * / %, unary -, ^ (right-associative). */
class Parser {
public:
  Parser(const std::string& text, std::vector<std::string>& names) : s_(text), names_(names) {}

  NodePtr parse_all()
  {
    NodePtr n = sum();
    skip_space();
    if (i_ < s_.size())
      throw ExprError(i_, std::string("unexpected '") + s_[i_] + "'");
    return n;
  }

private:
  void skip_space()
  {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_])))
      ++i_;
  }
  bool accept(char c)
  {
    skip_space();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  NodePtr binary(char op, NodePtr a, NodePtr b)
  {
    auto n  = std::make_shared<Expr::Node>();
    n->kind = Kind::binary;
    n->op   = op;
    n->args = {std::move(a), std::move(b)};
    return with_children(std::move(n), i_);
  }
  /** Counts the parser's own recursion (parentheses, unary signs, powers), checked before it goes deeper. */
  struct Descent {
    explicit Descent(Parser& p) : p_(p)
    {
      if (++p_.depth_ > max_expr_height)
        throw ExprError(p_.i_, "expression nested deeper than " + std::to_string(max_expr_height) + " levels");
    }
    ~Descent() { --p_.depth_; }
    Parser& p_;
  };

  NodePtr sum()
  {
    Descent guard(*this);
    NodePtr left = product();
    while (true) {
      if (accept('+'))
        left = binary('+', left, product());
      else if (accept('-'))
        left = binary('-', left, product());
      else
        return left;
    }
  }
  NodePtr product()
  {
    NodePtr left = unary();
    while (true) {
      if (accept('*'))
        left = binary('*', left, unary());
      else if (accept('/'))
        left = binary('/', left, unary());
      else if (accept('%'))
        left = binary('%', left, unary());
      else
        return left;
    }
  }
  NodePtr unary()
  {
    Descent guard(*this);
    if (accept('-')) {
      auto n  = std::make_shared<Expr::Node>();
      n->kind = Kind::negate;
      n->args = {unary()};
      return with_children(std::move(n), i_);
    }
    if (accept('+'))
      return unary();
    return power();
  }
  NodePtr power()
  {
    NodePtr base = primary();
    if (accept('^'))
      return binary('^', base, unary()); // 2^-1 and 2^3^2 = 2^(3^2), as in mathematics
    return base;
  }
  NodePtr primary()
  {
    skip_space();
    if (i_ >= s_.size())
      throw ExprError(i_, "expression ends too early");
    char c = s_[i_];
    if (accept('(')) {
      NodePtr inner = sum();
      if (not accept(')'))
        throw ExprError(i_, "expected ')'");
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.')
      return number();
    if (is_name_start(c))
      return name_or_call();
    throw ExprError(i_, std::string("unexpected '") + c + "'");
  }
  NodePtr number()
  {
    const char* begin = s_.c_str() + i_;
    char* end         = nullptr;
    double v          = std::strtod(begin, &end);
    if (end == begin)
      throw ExprError(i_, "bad number");
    i_ += static_cast<size_t>(end - begin);
    if (i_ < s_.size() && is_name_start(s_[i_]))
      throw ExprError(i_, "a number cannot be followed by a name (no units here: write SI values)");
    auto n   = std::make_shared<Expr::Node>();
    n->value = v;
    return n;
  }
  NodePtr name_or_call()
  {
    size_t start = i_;
    while (i_ < s_.size() && is_name_char(s_[i_]))
      ++i_;
    std::string word = s_.substr(start, i_ - start);
    if (word.back() == '.')
      throw ExprError(i_ - 1, "a name cannot end with '.'");
    auto n  = std::make_shared<Expr::Node>();
    n->name = word;
    if (accept('(')) {
      auto f = function_arity().find(word);
      if (f == function_arity().end())
        throw ExprError(start, "unknown function \"" + word +
                                   "\" (known: abs sqrt exp log log10 log2 floor ceil "
                                   "round min max pow)");
      n->kind = Kind::call;
      if (not accept(')')) {
        do
          n->args.push_back(sum());
        while (accept(','));
        if (not accept(')'))
          throw ExprError(i_, "expected ')' after the arguments of " + word);
      }
      if (static_cast<int>(n->args.size()) != f->second)
        throw ExprError(start, word + " takes " + std::to_string(f->second) + " argument(s), got " +
                                   std::to_string(n->args.size()));
      return with_children(std::move(n), i_);
    }
    n->kind   = Kind::name;
    bool seen = false;
    for (auto const& s : names_)
      seen = seen || s == word;
    if (not seen)
      names_.push_back(word);
    return n;
  }

  const std::string& s_;
  std::vector<std::string>& names_;
  size_t i_  = 0;
  int depth_ = 0;
};

std::optional<double> evaluate(const Expr::Node& n, const Expr::Lookup& lookup)
{
  switch (n.kind) {
  case Kind::number:
    return n.value;
  case Kind::name:
    return lookup(n.name);
  case Kind::negate: {
    auto a = evaluate(*n.args[0], lookup);
    return a ? std::optional<double>(-*a) : std::nullopt;
  }
  case Kind::binary: {
    auto a = evaluate(*n.args[0], lookup);
    auto b = evaluate(*n.args[1], lookup);
    if (not a || not b)
      return std::nullopt;
    switch (n.op) {
    case '+':
      return *a + *b;
    case '-':
      return *a - *b;
    case '*':
      return *a * *b;
    case '/':
      return *a / *b;
    case '%':
      return std::fmod(*a, *b);
    default:
      return std::pow(*a, *b);
    }
  }
  case Kind::call: {
    std::vector<double> args;
    for (auto const& a : n.args) {
      auto v = evaluate(*a, lookup);
      if (not v)
        return std::nullopt;
      args.push_back(*v);
    }
    return apply_function(n.name, args);
  }
  }
  return std::nullopt;
}

} // namespace

Expr Expr::parse(const std::string& text)
{
  Expr e;
  e.text_ = text;
  e.root_ = Parser(text, e.names_).parse_all();
  return e;
}

std::optional<double> Expr::eval(const Lookup& lookup) const
{
  if (not root_)
    return std::nullopt;
  auto v = evaluate(*root_, lookup);
  // An infinite or NaN ratio (a zero baseline, say) is no number for a CSV reader: leave the cell empty.
  if (v && not std::isfinite(*v))
    return std::nullopt;
  return v;
}

} // namespace cs
