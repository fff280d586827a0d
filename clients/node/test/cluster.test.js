'use strict';
// On a Redis Cluster of three primaries: redis+cluster:// loads the library on every
// primary, runs the project on its slot's node, and wakes waiters with SPUBLISH /
// SSUBSCRIBE. Over TLS (rediss+cluster://, the bus too), a call whose slot moved to a node
// the client never spoke to follows the MOVED there over TLS.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { Client, InvalidInput, Refused } = require('..');
const { startCluster, clientTls } = require('../testsupport/redis');
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

/** Moves `slot` with its keys from the node at `from` to the one at `to` (SETSLOT, MIGRATE). */
function migrate(c, slot, from, to) {
  const [fromId, toId] = [from, to].map((port) => c.cli(port, 'cluster', 'myid'));
  c.cli(to, 'cluster', 'setslot', String(slot), 'importing', fromId);
  c.cli(from, 'cluster', 'setslot', String(slot), 'migrating', toId);
  const keys = c.cli(from, 'cluster', 'getkeysinslot', String(slot), '1000').split('\n').filter(Boolean);
  if (keys.length) c.cli(from, 'migrate', '127.0.0.1', String(to), '', '0', '10000', 'keys', ...keys);
  for (const port of [to, from, ...c.ports.filter((p) => p !== to && p !== from)]) {
    c.cli(port, 'cluster', 'setslot', String(slot), 'node', toId);
  }
}

test('over TLS, a moved slot is followed to a node the client never spoke to', async () => {
  const c = await startCluster(3, { tls: true, spare: 1 });
  const project = 'moved-over-tls';
  const alice = await Client.fromUrl(c.url, { project, owner: 'alice', tls: clientTls() });
  const bob = await Client.fromUrl(c.url, { project, owner: 'bob', tls: clientTls() });
  try {
    const lease = await alice.acquire({ requests: [['X', '/A']] });
    const key = `tl:{${project}}:state`;
    const slot = Number(c.cli(c.ports[0], 'cluster', 'keyslot', key));
    const owner = c.ports.find((port) => c.cli(port, 'exists', key) === '1');
    const spare = c.ports[3];
    migrate(c, slot, owner, spare);
    assert.equal(c.cli(spare, 'exists', key), '1');
    // Both calls get MOVED to the spare node, which has neither a connection of theirs nor
    // the library: they follow over TLS and load it there.
    await assert.rejects(bob.acquire({ requests: [['X', '/A/b']] }), (e) => e instanceof Refused && e.blocker.lease === lease.id);
    assert.equal((await alice.release(lease)).status, 'ok');
    assert.ok((await bob.acquire({ requests: [['X', '/A/b']] })).fence > lease.fence);
  } finally {
    await alice.close();
    await bob.close();
    await c.stop();
  }
});
