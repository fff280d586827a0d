'use strict';
// Waiting for a lease: when to try again (retry.cpp's nextRetryDelay) and the project's
// wake-up channel, which releases, force-releases and expiries publish on while someone
// waits.

/**
 * The delay before the next attempt of a waiting acquire, in ms: retry.cpp's
 * nextRetryDelay. Exponential from minBackoff to maxBackoff, jittered to [b/2, b],
 * never past the blocker's expiry (+1 ms) or the time left.
 */
function nextRetryDelay(attempt, blockerExpiresInMs, remainingMs, minBackoffMs, maxBackoffMs) {
  const cap = Math.max(maxBackoffMs, minBackoffMs) * 1000;
  let backoff = minBackoffMs * 1000;
  for (let i = 0; i < attempt && backoff < cap; ++i) backoff = Math.min(backoff * 2, cap);
  const half = Math.floor(backoff / 2);
  let delayUs = half + Math.floor(Math.random() * (half + 1));
  if (blockerExpiresInMs !== null && blockerExpiresInMs !== undefined) {
    delayUs = Math.min(delayUs, blockerExpiresInMs * 1000 + 1000);
  }
  return Math.max(0, Math.min(delayUs / 1000, remainingMs));
}

/** A wake-up channel subscription shared by the waiting acquires of one client. */
class WakeChannel {
  constructor(connection, channel, sharded) {
    this.connection = connection; // Owned.
    this.channel = channel;
    this.sharded = sharded;
    this.listeners = new Set();
    const onMessage = (ch) => {
      if (String(ch) !== channel) return;
      for (const listener of this.listeners) listener();
    };
    connection.on('message', onMessage);
    connection.on('smessage', onMessage);
  }

  async subscribe() {
    if (this.sharded) await this.connection.ssubscribe(this.channel);
    else await this.connection.subscribe(this.channel);
  }

  /** A waiter: `wait(ms)` resolves after ms, or at once if a wake-up came since the last wait. */
  waiter() {
    let woken = false;
    let wake = null;
    const listener = () => {
      woken = true;
      if (wake) wake();
    };
    this.listeners.add(listener);
    return {
      wait: (ms) => new Promise((resolve) => {
        if (woken) {
          woken = false;
          resolve(true);
          return;
        }
        const timer = setTimeout(() => {
          wake = null;
          resolve(false);
        }, ms);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          woken = false;
          resolve(true);
        };
      }),
      close: () => {
        this.listeners.delete(listener);
        if (wake) wake();
      },
    };
  }

  close() {
    this.connection.disconnect();
  }
}

module.exports = { nextRetryDelay, WakeChannel };
