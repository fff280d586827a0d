#pragma once

#include <stdexcept>
#include <string>

namespace treelock {

/// Base of every error core throws. Contention is never an error: a refused
/// acquire is a value (AcquireResult with a Blocker).
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Input that breaks a documented rule (path, mode, project, policy, argument).
/// The message names the input and the rule.
class InvalidInput : public Error {
public:
    using Error::Error;
};

/// A path that cannot be canonicalised. `rule()` is a short stable identifier
/// such as "relative", "dot-segment", "control-character", "invalid-utf8",
/// "too-long", "too-many-segments", "empty-name".
class InvalidPath : public InvalidInput {
public:
    InvalidPath(std::string path, std::string rule, const std::string& message)
        : InvalidInput(message), m_path(std::move(path)), m_rule(std::move(rule)) {}
    const std::string& path() const noexcept { return m_path; }
    const std::string& rule() const noexcept { return m_rule; }

private:
    std::string m_path;
    std::string m_rule;
};

/// A policy document (JSON) that is malformed or names unknown operations,
/// targets or modes.
class InvalidPolicy : public InvalidInput {
public:
    using InvalidInput::InvalidInput;
};

/// The Redis server cannot be reached, the connection dropped, or a command
/// timed out. The outcome of the command in flight is unknown.
class ConnectionError : public Error {
public:
    using Error::Error;
};

/// Redis answered with an error (script error, BUSY, OOM, NOPERM...). The
/// outcome is "not granted / unknown", never success.
class ScriptError : public Error {
public:
    using Error::Error;
};

} // namespace treelock
