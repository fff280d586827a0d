'use strict';
// A smoke test on a Redis Cluster of three primaries: redis+cluster:// loads the library
// on every primary, runs the project on its slot's node, and wakes waiters with
// SPUBLISH / SSUBSCRIBE.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { Client, InvalidInput } = require('..');
const { startCluster } = require('../testsupport/redis');
const { refusesThenWakes, SLOW_RETRIES } = require('../testsupport/wakeup');

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
    const b = await Client.fromUrl(cluster.url, { project, owner: 'bob', ...SLOW_RETRIES });
    try {
      await refusesThenWakes(a, b);
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
