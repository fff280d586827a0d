'use strict';
// Sending a call again until it is answered (docs/protocol.md, "Repeating a call"). A call
// whose answer was lost (the connection closed or timed out once it was sent) goes again,
// the same bytes, as does one that did not run (LOADING; behind Sentinel or on a cluster, a
// connection that could not be made), pausing 25 ms doubling to 400 ms, within the
// failover timeout. Every call sent this way must be safe to repeat: reads are, and the
// library's functions are with a call id.

const { performance } = require('node:perf_hooks');
const { ReplyError } = require('ioredis');
const { ConnectionError, AuthenticationError } = require('./errors');

const MIN_PAUSE_MS = 25;
const MAX_PAUSE_MS = 400;
/** Codes of a refused TLS handshake (certificate, name, protocol): waiting does not mend them. */
const TLS_REFUSAL = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

const refusedTls = (error) => Boolean(error && typeof error.code === 'string' && TLS_REFUSAL.test(error.code));

/** Sleeps 25 ms doubling to 400 ms before attempt `attempt` + 1; false once `deadline` has passed. */
async function pause(attempt, deadline) {
  const left = deadline - performance.now();
  if (left <= 0) return false;
  const ms = Math.min(MIN_PAUSE_MS * 2 ** Math.min(attempt, 4), MAX_PAUSE_MS, left);
  await new Promise((resolve) => { setTimeout(resolve, ms); });
  return true;
}

/**
 * Sends a call with `send()` until it is answered, and resolves to the answer.
 *
 * - `kind`: the topology, 'single', 'sentinel' or 'cluster'.
 * - `written()`: whether what is sent now goes onto an open connection, so that a failure
 *   may have lost its answer (on a cluster every failure counts as one). On a single
 *   server a failure before anything was written is said at once.
 * - `fail(error)`: an ioredis failure as the client's error (ConnectionError, or
 *   AuthenticationError, which is never retried); `lastError()`: the connection's latest
 *   'error' event, where a refused TLS handshake shows.
 * - `closed()`: the client was closed; nothing is sent again.
 * - `timeoutMs`: the failover timeout. Once it has passed with an answer lost, the error
 *   says the outcome is unknown.
 * - `tally`: its `lost` counts the answers lost on the way; a release that finds no lease
 *   after one was lost ended it with its first attempt.
 *
 * Error replies come back as they are, but LOADING (the call did not run) is sent again.
 */
async function sendUntilAnswered({
  send, kind, written, fail, lastError, closed, timeoutMs, tally,
}) {
  const deadline = performance.now() + timeoutMs;
  let lost = 0;
  for (let attempt = 0; ; ++attempt) {
    const open = kind === 'cluster' || written();
    let failure;
    try {
      const reply = await send();
      if (tally) tally.lost += lost;
      return reply;
    } catch (error) {
      if (error instanceof ReplyError) {
        if (!error.message.startsWith('LOADING')) throw error;
        failure = error;
      } else {
        failure = fail(error);
        if (failure instanceof AuthenticationError || refusedTls(error) || refusedTls(lastError())) throw failure;
        if (open) ++lost;
        else if (kind === 'single' && lost === 0) throw failure; // a server that is not there is said at once
      }
    }
    if (closed() || !(await pause(attempt, deadline))) {
      if (lost === 0) throw failure;
      throw new ConnectionError(`${failure.message}; the call was sent and no answer to it came within ${timeoutMs} ms `
        + 'of trying again: its outcome is unknown', { cause: failure });
    }
  }
}

module.exports = { sendUntilAnswered };
