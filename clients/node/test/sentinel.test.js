'use strict';
// A smoke test through Sentinel: redis+sentinel:// finds the primary, grants, refuses,
// wakes a waiter and releases.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { Client, Refused } = require('..');
const { startSentinel, sleep } = require('../testsupport/redis');

let group;
before(async () => {
  group = await startSentinel('treelock');
});
after(async () => {
  if (group) await group.stop();
});

test('a redis+sentinel:// URL grants, refuses and wakes through the primary the sentinel names', async () => {
  const a = await Client.fromUrl(group.url, { project: 'sentinel', owner: 'alice' });
  // Retries 1.5-3 s apart: a grant soon after the release is the wake-up's doing.
  const b = await Client.fromUrl(group.url, { project: 'sentinel', owner: 'bob', minBackoffMs: 3000, maxBackoffMs: 3000,
    waitRefreshMs: 10000 });
  try {
    assert.equal(a.url, group.url);
    const lease = await a.acquire({ requests: [['X', '/A']] });
    await assert.rejects(b.acquire({ requests: [['S', '/A/x']] }),
      (error) => error instanceof Refused && error.blocker.lease === lease.id && error.blocker.owner === 'alice');
    const waiting = b.acquire({ requests: [['S', '/A/x']], waitMs: 10000 });
    await sleep(200);
    const released = Date.now();
    assert.equal((await a.release(lease)).status, 'ok');
    const granted = await waiting;
    assert.ok(Date.now() - released < 700, `woken ${Date.now() - released} ms after the release`);
    assert.ok(granted.fence > lease.fence);
    assert.equal((await b.release(granted)).status, 'ok');
  } finally {
    await a.close();
    await b.close();
  }
});
