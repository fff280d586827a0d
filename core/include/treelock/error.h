#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace treelock {

/// How much of an input quoteInput() shows by default, in bytes.
inline constexpr std::size_t kQuotedInputBytes = 256;

/// Quotes user input for a message: `text` in double quotes, printable whatever it
/// holds. Valid UTF-8 is kept; control characters (C0, DEL, C1) and bytes that are
/// not UTF-8 become \xNN; '"' and '\' are escaped. Input longer than `maxBytes` is
/// cut after the character that starts before the limit (never inside a character) and
/// followed by "... (N bytes)". Every layer quotes input with this one function.
std::string quoteInput(std::string_view text, std::size_t maxBytes = kQuotedInputBytes);

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

/// The server requires credentials that were not given (NOAUTH), or refused the
/// ones given. Nothing was sent besides the credentials and PING.
class AuthenticationError : public ConnectionError {
public:
    using ConnectionError::ConnectionError;
};

/// A TLS connection that the server or its certificate refused: a CA this
/// client does not trust, an expired certificate or one for another name, a
/// client certificate refused or missing, TLS at a plain port or plain text
/// at a TLS port. Waiting does not help: the set-up must change.
class TlsError : public ConnectionError {
public:
    using ConnectionError::ConnectionError;
};

/// Redis answered with an error (script error, BUSY, OOM, NOPERM...). The
/// outcome is "not granted / unknown", never success.
class ScriptError : public Error {
public:
    using Error::Error;
};

/// Fewer replicas acknowledged a grant or a renewal than RedisOptions::minReplicas
/// asked for within RedisOptions::replicaTimeout (WAIT). A refused grant has been
/// released again (rolledBack()), unless the release itself failed, in which case
/// the lease expires after its TTL. A refused renewal keeps the lease: the
/// replicas still hold its previous expiry.
class ReplicationError : public Error {
public:
    ReplicationError(const std::string& message, int acknowledged, int required, bool rolledBack)
        : Error(message), m_acknowledged(acknowledged), m_required(required), m_rolledBack(rolledBack) {}
    int acknowledged() const noexcept { return m_acknowledged; }
    int required() const noexcept { return m_required; }
    bool rolledBack() const noexcept { return m_rolledBack; }

private:
    int m_acknowledged;
    int m_required;
    bool m_rolledBack;
};

} // namespace treelock
