'use strict';
// The errors this client rejects with. Contention is an error here (Refused), because a
// promise has one way to say "not granted"; it carries the blocker as a value.

/** Base of every error this client raises. */
class TreelockError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Input that breaks a documented rule (path, mode, ttl, label, lease id, project,
 * policy, URL). The message is worded as the C++ library words it. Raised before
 * anything is sent to Redis, except for the two refusals of a lease id that only the
 * server can see ("lease id is revoked", "lease id in use with other requests").
 */
class InvalidInput extends TreelockError {}

/** A path that cannot be canonicalised; `path` is the input, `rule` a stable identifier. */
class InvalidPath extends InvalidInput {
  constructor(message, path, rule) {
    super(message);
    this.path = path;
    this.rule = rule;
  }
}

/** A policy document that is malformed or names unknown operations, targets or modes. */
class InvalidPolicy extends InvalidInput {}

/**
 * An acquire that was not granted. `blocker` says who is in the way; `timedOut` is true
 * when the call waited (waitMs > 0) and the wait ran out.
 */
class Refused extends TreelockError {
  constructor(blocker, { timedOut = false, attempts = 1, waitedMs = 0 } = {}) {
    super(describeRefusal(blocker) + (timedOut ? `; still blocked after waiting ${secondsText(waitedMs)}` : ''));
    this.blocker = blocker;
    this.timedOut = timedOut;
    this.attempts = attempts;
  }
}

/**
 * A function of the library answered {-1, message}: arguments it does not accept.
 * `function` names it. A client that validates its input never sees one unless the
 * library and the client disagree.
 */
class ProtocolError extends TreelockError {
  constructor(functionName, message) {
    super(`Redis function ${functionName} refused the call: ${message}`);
    this.function = functionName;
    this.reason = message;
  }
}

/**
 * Redis answered with an error (NOPERM, OOM, BUSY, a library that cannot be loaded...).
 * The outcome is "not granted / unknown", never success.
 */
class ScriptError extends TreelockError {}

/**
 * Redis cannot be reached, or a call's answer was lost (the connection dropped or timed
 * out once it was sent) and was still lost when the failover timeout passed: the message
 * then ends "its outcome is unknown". The message names the URL (password hidden).
 */
class ConnectionError extends TreelockError {}

/**
 * The server requires credentials that were not given (NOAUTH), or refused the ones
 * given (WRONGPASS). Waiting does not mend it.
 */
class AuthenticationError extends ConnectionError {}

/** "12.3 s": a duration in seconds with one decimal, as the CLI and the Python client write it. */
function secondsText(ms) {
  const tenths = Math.max(0, Math.floor((ms + 50) / 100));
  return `${Math.floor(tenths / 10)}.${tenths % 10} s`;
}

/** One line saying who blocks, in the words of the `treelock` CLI and the Python client. */
function describeRefusal(b) {
  if (!b) return 'refused';
  if (!b.lease) return `blocked by an unidentified lease holding ${b.heldMode} on ${b.clashPath}`;
  const who = `${b.owner || '-'}'s ${b.op || '-'} (${b.mode} ${b.path})`;
  if (b.queued) return `waits behind ${who}, who has waited longer`;
  return `blocked by lease ${b.lease.slice(0, 8)} (owner ${b.owner || '-'}, op ${b.op || '-'}) `
    + `holding ${b.mode} on ${b.path}, expires in ${secondsText(b.expiresInMs)}`;
}

module.exports = {
  TreelockError,
  InvalidInput,
  InvalidPath,
  InvalidPolicy,
  Refused,
  ProtocolError,
  ScriptError,
  ConnectionError,
  AuthenticationError,
};
