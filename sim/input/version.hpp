#pragma once
namespace cs {
constexpr const char* version = "0.1.0";
}
