'use strict';
// A smoke test on a Redis Cluster of three primaries: redis+cluster:// loads the library
// on every primary, runs the project on its slot's node, and wakes waiters with
// SPUBLISH / SSUBSCRIBE.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { Client, Refused, InvalidInput } = require('..');
const { startCluster, sleep } = require('../testsupport/redis');

const SLOW_RETRIES = { minBackoffMs: 3000, maxBackoffMs: 3000, waitRefreshMs: 10000 };
let cluster;
before(async () => {
  cluster = await startCluster(3);
});
after(async () => {
  if (cluster) await cluster.stop();
});

test('a redis+cluster:// URL grants, refuses and wakes on the node that serves the project', async () => {
  for (const project of ['orders', 'invoices', 'users']) {
    const a = await Client.fromUrl(cluster.url, { project, owner: 'alice' });
    // Retries 1.5-3 s apart: a grant soon after the release is the wake-up's doing.
    const b = await Client.fromUrl(cluster.url, { project, owner: 'bob', ...SLOW_RETRIES });
    try {
      const lease = await a.acquire({ requests: [['X', '/A']] });
      await assert.rejects(b.acquire({ requests: [['X', '/A/x']] }),
        (error) => error instanceof Refused && error.blocker.lease === lease.id);
      const waiting = b.acquire({ requests: [['X', '/A/x']], waitMs: 10000 });
      await sleep(200);
      assert.equal((await a.snapshot()).waiters.length, 1);
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
  }
});

test('a plain URL at a cluster node is refused as the wrong URL', async () => {
  const url = `redis://127.0.0.1:${cluster.ports[0]}`;
  await assert.rejects(Client.fromUrl(url, { project: 'p' }), (error) => error instanceof InvalidInput
    && error.message === `Redis at ${url} is a Redis Cluster node: connect with a redis+cluster:// URL (naming this node will do)`);
});
