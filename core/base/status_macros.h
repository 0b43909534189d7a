// Early-return helpers for absl::Status and absl::StatusOr (abseil has no
// public ones).
#ifndef XWDB_CORE_BASE_STATUS_MACROS_H_
#define XWDB_CORE_BASE_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define XWDB_CONCAT_INNER_(a, b) a##b
#define XWDB_CONCAT_(a, b) XWDB_CONCAT_INNER_(a, b)

// Evaluates `expr` (an absl::Status) and returns it from the enclosing
// function if it is not OK.
#define XWDB_RETURN_IF_ERROR(expr)                \
  do {                                            \
    ::absl::Status xwdb_status_ = (expr);         \
    if (!xwdb_status_.ok()) return xwdb_status_;  \
  } while (0)

// `XWDB_ASSIGN_OR_RETURN(auto x, F())`: evaluates F() (an absl::StatusOr<T>),
// returns its status if not OK, else moves the value into `lhs`.
#define XWDB_ASSIGN_OR_RETURN(lhs, expr) \
  XWDB_ASSIGN_OR_RETURN_IMPL_(XWDB_CONCAT_(xwdb_statusor_, __LINE__), lhs, expr)

#define XWDB_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                \
  if (!tmp.ok()) return std::move(tmp).status();    \
  lhs = std::move(tmp).value()

#endif  // XWDB_CORE_BASE_STATUS_MACROS_H_
