'use strict';
// Calls whose answers are lost. A proxy (testsupport/replydropper.js) passes a call to a
// real redis-server, lets it run, swallows the answer and drops the connection; CLIENT KILL
// drops a connection whose call waits behind CLIENT PAUSE. Each time the client must learn
// the outcome by sending the same call again, and the call must take effect once: no
// second lease, no second hold, no hold dropped twice.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { describe, test, before, after, beforeEach, afterEach } = require('node:test');
const IORedis = require('ioredis');
const { Client, ConnectionError } = require('..');
const { startRedis, sleep } = require('../testsupport/redis');
const { ReplyDropper } = require('../testsupport/replydropper');

let server; // of this file alone: CLIENT PAUSE and CLIENT KILL touch nobody else
let admin; // a plain connection, past the proxy
let proxy;
let project;
const opened = [];

before(async () => {
  server = await startRedis();
  admin = new IORedis({ path: server.socket });
});
after(async () => {
  admin.disconnect();
  await server.stop();
});
beforeEach(async () => {
  proxy = await ReplyDropper.start(server.socket);
  project = `lost-${crypto.randomBytes(5).toString('hex')}`;
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
  await proxy.stop();
});

/** A client of this test's project, through `url` (by default straight to the server). */
async function connect(url = server.url, options = {}) {
  const client = await Client.fromUrl(url, { project, owner: 'alice', ...options });
  opened.push(client);
  return client;
}

/** The project's leases, read straight from the server. */
async function leases() {
  return (await (await connect()).snapshot()).leases;
}

/** How many events of `type` the project's stream holds. */
async function events(type) {
  const entries = await admin.xrange(`tl:{${project}}:events`, '-', '+');
  return entries.filter(([, fields]) => fields[fields.indexOf('type') + 1] === type).length;
}

describe('a lost answer', () => {
  test('an acquire whose answer was lost is granted once', async () => {
    const client = await connect(proxy.url);
    proxy.dropAnswersTo('_acquire\r\n');
    const lease = await client.acquire({ requests: [['X', '/a']] });
    assert.equal(proxy.dropped, 1, 'the answer was not dropped: the test tested nothing');
    assert.equal(lease.holds, 1);
    assert.deepEqual((await leases()).map((l) => [l.id, l.fence, l.holds]), [[lease.id, lease.fence, 1]],
      'a second lease, another grant, or a second hold');
    assert.equal(await events('grant'), 1);
    assert.deepEqual(await client.release(lease), { status: 'ok', remainingHolds: 0 });
    assert.deepEqual(await leases(), []);
  });

  test('a reentrant acquire whose answer was lost adds one hold', async () => {
    const client = await connect(proxy.url);
    const first = await client.acquire({ requests: [['S', '/a']] });
    proxy.dropAnswersTo('_acquire\r\n');
    const again = await client.acquire({ requests: [['S', '/a']], leaseId: first.id });
    assert.equal(proxy.dropped, 1);
    assert.deepEqual([again.id, again.fence, again.holds], [first.id, first.fence, 2]);
    assert.deepEqual((await leases()).map((l) => l.holds), [2]);
  });

  test('a release of one of two holds whose answer was lost drops one', async () => {
    const client = await connect(proxy.url);
    const first = await client.acquire({ requests: [['S', '/a']] });
    await client.acquire({ requests: [['S', '/a']], leaseId: first.id });
    proxy.dropAnswersTo('_release\r\n');
    assert.deepEqual(await client.release(first.id), { status: 'ok', remainingHolds: 1 },
      'the repeat dropped a second hold');
    assert.equal(proxy.dropped, 1);
    assert.deepEqual((await leases()).map((l) => l.holds), [1]);
  });

  test('a release that freed the lease answers gone', async () => {
    const client = await connect(proxy.url);
    const lease = await client.acquire({ requests: [['X', '/a']] });
    proxy.dropAnswersTo('_release\r\n');
    assert.deepEqual(await client.release(lease.id), { status: 'gone', remainingHolds: 0 });
    assert.equal(proxy.dropped, 1);
    assert.deepEqual(await leases(), []);
    assert.equal(await events('release'), 1);
    // Without a lost answer, a release of that lease is what it always was.
    assert.equal((await client.release(lease.id)).status, 'unknown');
  });

  test('a force-release that ran answers gone', async () => {
    const client = await connect(proxy.url);
    const lease = await client.acquire({ requests: [['X', '/a']] });
    proxy.dropAnswersTo('_force_release\r\n');
    const forced = await client.forceRelease(lease.id, { operator: 'op', reason: 'stuck', admin: true });
    assert.equal(proxy.dropped, 1);
    assert.equal(forced.status, 'gone');
    assert.equal(await events('force'), 1, 'forced twice, or not at all');
  });

  test('every answer lost until the failover timeout is an unknown outcome that says so', async () => {
    const client = await connect(proxy.url, { failoverTimeoutMs: 300 });
    proxy.dropAnswersTo('_acquire\r\n', 1000);
    await assert.rejects(client.acquire({ requests: [['X', '/a']] }), (error) => {
      assert.ok(error instanceof ConnectionError, `${error.constructor.name}: ${error.message}`);
      assert.ok(error.message.endsWith('; the call was sent and no answer to it came within 300 ms of trying again: '
        + 'its outcome is unknown'), error.message);
      return true;
    });
    assert.ok(proxy.dropped > 1, 'the call was not sent again');
    assert.deepEqual((await leases()).map((l) => l.holds), [1], 'every repeat must find the first grant');
  });

  test('a call waiting behind CLIENT PAUSE is sent again after CLIENT KILL, however long reconnecting takes', async () => {
    const client = await connect(proxy.url, { commandTimeoutMs: 300 });
    assert.equal((await client.acquire({ requests: [['S', '/warm']] })).holds, 1); // connected, the library loaded
    await admin.call('CLIENT', 'PAUSE', '600', 'WRITE');
    const acquired = client.acquire({ requests: [['X', '/a']] });
    acquired.catch(() => {}); // awaited below
    await sleep(200); // the call is sent and waits behind the pause
    // For longer than the command timeout no new connection gets through: ioredis alone
    // sends an unanswered call again when it has reconnected, but gives up at that timeout.
    proxy.refuseConnectionsFor(1000);
    const killed = await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    assert.ok(killed >= 1, `no connection killed: ${killed}`);
    assert.equal((await acquired).holds, 1);
    assert.ok(proxy.refused > 1, `${proxy.refused} connections refused: the test tested less than it says`);
    assert.deepEqual((await leases()).map((l) => l.holds).sort(), [1, 1]);
  });
});
