'use strict';
// Through Sentinel: redis+sentinel:// finds the primary, grants, refuses, wakes a waiter
// and releases; over TLS, with a password for the sentinel and another for the data
// nodes, the same client follows a failover.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { Client, ConnectionError } = require('..');
const {
  startSentinel, clientTls, sleep, DATA_PASSWORD, SENTINEL_PASSWORD,
} = require('../testsupport/redis');
const { refusesThenWakes, SLOW_RETRIES } = require('../testsupport/wakeup');

let group;
before(async () => {
  group = await startSentinel('treelock');
});
after(async () => {
  if (group) await group.stop();
});

test('a redis+sentinel:// URL grants, refuses and wakes through the primary the sentinel names', async () => {
  const a = await Client.fromUrl(group.url, { project: 'sentinel', owner: 'alice' });
  const b = await Client.fromUrl(group.url, { project: 'sentinel', owner: 'bob', ...SLOW_RETRIES });
  try {
    assert.equal(a.url, group.url);
    await refusesThenWakes(a, b);
  } finally {
    await a.close();
    await b.close();
  }
});

test('over TLS, with a sentinel password of its own, the same client follows a failover', async () => {
  const tlsGroup = await startSentinel('tlsmaster', { tls: true, replicas: 1, passwords: true });
  try {
    const url = `${tlsGroup.url}?sentinel_password=${SENTINEL_PASSWORD}`;
    const client = await Client.fromUrl(url, { project: 'sentinel-tls', owner: 'alice', tls: clientTls() });
    try {
      assert.equal(client.url, `rediss+sentinel://:***@127.0.0.1:${tlsGroup.sentinelPort}/tlsmaster?sentinel_password=***`);
      const before = await client.acquire({ requests: [['X', '/before']] });
      const primary = () => tlsGroup.ask('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', 'tlsmaster').split('\n')[1];
      const old = primary();
      // Until the sentinel has seen the replica in sync it answers NOGOODSLAVE.
      const deadline = Date.now() + 20000;
      let answer = tlsGroup.ask('SENTINEL', 'FAILOVER', 'tlsmaster');
      while (!/OK/.test(answer)) {
        assert.ok(Date.now() < deadline, `SENTINEL FAILOVER keeps answering ${answer}`);
        await sleep(200);
        answer = tlsGroup.ask('SENTINEL', 'FAILOVER', 'tlsmaster');
      }
      while (primary() === old) {
        assert.ok(Date.now() < deadline, 'no failover');
        await sleep(50);
      }
      const after = await client.acquire({ requests: [['X', '/after']] });
      assert.ok(after.fence > before.fence);
    } finally {
      await client.close();
    }
    // The sentinel's password is its own: the data nodes' does not open it.
    await assert.rejects(Client.fromUrl(tlsGroup.url, {
      project: 'sentinel-tls', tls: clientTls(), sentinelPassword: DATA_PASSWORD, connectTimeoutMs: 1000, commandTimeoutMs: 1000,
    }), (error) => error instanceof ConnectionError && !error.message.includes(DATA_PASSWORD)
      && !error.message.includes(SENTINEL_PASSWORD));
  } finally {
    await tlsGroup.stop();
  }
});
