'use strict';
// What the library's functions answer, as JavaScript values: texts and numbers of a
// reply, a refusal's blocker, and a granted lease.

const rules = require('./rules');

const text = (value) => (Buffer.isBuffer(value) ? value.toString('utf8') : value === null || value === undefined ? '' : String(value));
const int = (value) => (typeof value === 'number' ? value : Number(text(value)));

/** A blocker as acquire and waiter records list it (11 values from `first`). */
function blockerOf(r, first = 0) {
  return {
    lease: rules.leaseIdOfWire(r[first]),
    owner: text(r[first + 1]),
    op: text(r[first + 2]),
    path: text(r[first + 3]),
    mode: text(r[first + 4]), // "" with the lease, owner, op and path when no holder can be named
    expiresInMs: int(r[first + 5]),
    clashPath: text(r[first + 6]),
    heldMode: text(r[first + 7]),
    wanted: [text(r[first + 9]), text(r[first + 8])],
    queued: int(r[first + 10]) === 1,
  };
}

/** A granted lease. `fence` is a Number (µs timestamps, well within 2^53). */
class Lease {
  constructor(fields) {
    this.id = fields.id;
    this.fence = fields.fence;
    this.expiresAtMs = fields.expiresAtMs;
    this.ttlMs = fields.ttlMs;
    this.holds = fields.holds;
    this.requests = fields.requests;
    this.owner = fields.owner;
    this.op = fields.op;
    /** True once lock()'s watchdog found the lease gone. */
    this.lost = false;
  }
}

module.exports = { text, int, blockerOf, Lease };
