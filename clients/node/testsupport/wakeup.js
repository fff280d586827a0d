'use strict';
// One check shared by the Sentinel and Cluster smoke tests: alice's lease refuses bob and
// names her, bob waits, and alice's release wakes him well before his retries would.

const assert = require('node:assert/strict');
const { Refused } = require('..');
const { sleep } = require('./redis');

/** Options that space bob's retries 1.5-3 s apart: a grant soon after the release is the wake-up's. */
const SLOW_RETRIES = { minBackoffMs: 3000, maxBackoffMs: 3000, waitRefreshMs: 10000 };

async function refusesThenWakes(alice, bob) {
  const lease = await alice.acquire({ requests: [['X', '/A']] });
  await assert.rejects(bob.acquire({ requests: [['S', '/A/x']] }),
    (error) => error instanceof Refused && error.blocker.lease === lease.id && error.blocker.owner === alice.owner);
  const waiting = bob.acquire({ requests: [['S', '/A/x']], waitMs: 10000 });
  await sleep(200);
  assert.equal((await alice.snapshot()).waiters.length, 1);
  const released = Date.now();
  assert.equal((await alice.release(lease)).status, 'ok');
  const granted = await waiting;
  assert.ok(Date.now() - released < 700, `woken ${Date.now() - released} ms after the release`);
  assert.ok(granted.fence > lease.fence);
  assert.equal((await bob.release(granted)).status, 'ok');
}

module.exports = { refusesThenWakes, SLOW_RETRIES };
