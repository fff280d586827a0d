'use strict';
// The watchdog of Client.lock: renews one lease every ttl/3 while the caller's function
// runs, and reports the lease lost when a renewal finds it gone, or when the server stays
// unreachable past the local estimate of its expiry.

const { performance } = require('node:perf_hooks');
const { MIN_RENEW_EVERY_MS } = require('./rules');

const monotonicMs = () => performance.now();

/**
 * The period the watchdog renews a lease of `ttlMs` at, ttl/3, as its grant says it
 * (acquire's ARGV 12): whole ms rounded up, at least 10 ms. Fairness presumes the lease
 * dead once 1.5 of these pass without a renewal.
 */
const renewalPeriodMs = (ttlMs) => Math.max(MIN_RENEW_EVERY_MS, Math.ceil(ttlMs / 3));

/**
 * Starts renewing `lease` with `renew(id, ttlMs)` (the client's renew), counting from
 * `started` (monotonic ms, read before the granting call was sent). When a renewal finds
 * it gone, `lease.lost` becomes true and `onLost(lease, status)` is called ("unknown",
 * "expired"). Returns {stop()}: stop() ends the renewals and resolves once one under way
 * has settled; the lease is not marked lost after that.
 */
function keepRenewed(lease, started, renew, onLost) {
  const ttl = lease.ttlMs;
  let validUntil = started + ttl;
  let stopped = false;
  let timer = null;
  let renewing = null;
  const markLost = (status) => {
    if (stopped) return;
    stopped = true;
    lease.lost = true;
    if (typeof onLost === 'function') {
      try {
        onLost(lease, status);
      } catch {
        // The callback's own failure must not break the watchdog.
      }
    }
  };
  async function renewOnce() {
    if (stopped) return;
    const renewStarted = monotonicMs();
    try {
      const r = await renew(lease.id, ttl);
      if (stopped) return;
      if (r.status === 'ok') {
        lease.expiresAtMs = r.expiresAtMs;
        validUntil = renewStarted + ttl;
        schedule(ttl / 3);
        return;
      }
      markLost(r.status);
    } catch {
      if (stopped) return;
      // Unreachable server or refused call: retry soon, until the local estimate of the
      // expiry passes; then the lease is lost.
      if (monotonicMs() < validUntil) {
        schedule(Math.max(5, ttl / 10));
        return;
      }
      markLost('expired');
    }
  }
  function schedule(ms) {
    timer = setTimeout(() => {
      timer = null;
      renewing = renewOnce().finally(() => { renewing = null; });
    }, ms);
  }
  schedule(Math.max(0, started + ttl / 3 - monotonicMs()));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (renewing) await renewing;
    },
  };
}

module.exports = { keepRenewed, monotonicMs, renewalPeriodMs };
