// Status: an NNRT_ReturnCode value plus a human-readable message.
// Errors are values everywhere in the reference; nothing throws across a layer.
#ifndef NNRT_REFERENCE_IR_STATUS_H_
#define NNRT_REFERENCE_IR_STATUS_H_

#include <string>
#include <utility>

#include "reference/hal/nnrt_hal_types.h"

namespace nnrt {

class Status {
 public:
  Status() = default;
  Status(NNRT_ReturnCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }
  bool ok() const { return code_ == NNRT_SUCCESS; }
  NNRT_ReturnCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // "INVALID_MODEL: node 3 (conv): group must divide inChannel"
  std::string ToString() const;

  // Prefixes the message with context, keeping the code: "node 3: " + message.
  Status WithContext(const std::string& context) const {
    if (ok()) return *this;
    return Status(code_, context + ": " + message_);
  }

 private:
  NNRT_ReturnCode code_ = NNRT_SUCCESS;
  std::string message_;
};

const char* ReturnCodeName(NNRT_ReturnCode code);

inline Status InvalidModel(std::string m) { return Status(NNRT_INVALID_MODEL, std::move(m)); }
inline Status InvalidInput(std::string m) { return Status(NNRT_INVALID_INPUT, std::move(m)); }
inline Status InvalidParameter(std::string m) { return Status(NNRT_INVALID_PARAMETER, std::move(m)); }
inline Status Unsupported(std::string m) { return Status(NNRT_UNSUPPORTED_OP, std::move(m)); }

}  // namespace nnrt

#define NNRT_RETURN_IF_ERROR(expr)         \
  do {                                     \
    ::nnrt::Status nnrt_status_ = (expr);  \
    if (!nnrt_status_.ok()) return nnrt_status_; \
  } while (0)

#endif  // NNRT_REFERENCE_IR_STATUS_H_
