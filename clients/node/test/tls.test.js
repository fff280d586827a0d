'use strict';
// rediss:// against real TLS servers: what connects, and every way it does not, each
// failing fast with a message that names the problem and shows no password. Servers (on
// loopback, certificates of tests/support/make-test-certs.sh): one that asks every client
// for a certificate, one presenting an expired certificate, one whose certificate is for
// other.invalid, and one without TLS.

const assert = require('node:assert/strict');
const path = require('node:path');
const { test, before, after } = require('node:test');
const {
  Client, ConnectionError, InvalidInput, Refused,
} = require('..');
const { startTcpRedis, testCerts, clientTls } = require('../testsupport/redis');

const PASSWORD = 'hunter2-not-shown';
// Generous, so that "fails fast" means the failure was recognised, not waited out.
const CONNECT_TIMEOUT_MS = 4000;
const servers = {};
let certs;
const cert = (name) => path.join(certs, name);

before(async () => {
  certs = testCerts();
  servers.mutual = await startTcpRedis();
  servers.expired = await startTcpRedis({ cert: 'expired', authClients: false });
  servers.wronghost = await startTcpRedis({ cert: 'wronghost', authClients: false });
  servers.plain = await startTcpRedis({ plain: true });
});
after(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
});

const project = () => `tls-${process.hrtime.bigint()}`;

/** The message of the ConnectionError that connecting to `url` rejects with, well within the timeout. */
async function failureOf(url, options = {}) {
  const started = Date.now();
  try {
    // A short command timeout: ioredis keeps the process up until its ready check times out.
    const client = await Client.fromUrl(url, {
      project: project(), connectTimeoutMs: CONNECT_TIMEOUT_MS, commandTimeoutMs: 1000, ...options,
    });
    await client.close();
  } catch (error) {
    const took = Date.now() - started;
    assert.ok(error instanceof ConnectionError, `ConnectionError expected, got ${error.constructor.name}: ${error.message}`);
    assert.ok(took < CONNECT_TIMEOUT_MS / 2, `${took} ms for: ${error.message}`);
    assert.ok(!error.message.includes(PASSWORD), error.message);
    return error.message;
  }
  assert.fail(`${url} connected`);
  return '';
}

const withPassword = (server) => server.url.replace('://', `://:${PASSWORD}@`);

test('mutual TLS grants, refuses and releases', async () => {
  const p = project();
  const alice = await Client.fromUrl(servers.mutual.url, { project: p, owner: 'alice', tls: clientTls() });
  const bob = await Client.fromUrl(servers.mutual.url, { project: p, owner: 'bob', tls: clientTls() });
  try {
    const lease = await alice.acquire({ requests: [['X', '/A']] });
    await assert.rejects(bob.acquire({ requests: [['X', '/A/b']] }), (e) => e instanceof Refused && e.blocker.lease === lease.id);
    await alice.release(lease);
    assert.ok((await bob.acquire({ requests: [['X', '/A/b']], waitMs: 2000 })).fence > lease.fence);
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('a hashed CA folder and a server name verify too', async () => {
  const client = await Client.fromUrl(servers.wronghost.url, {
    project: project(), tls: { caDir: cert('cadir'), serverName: 'other.invalid' },
  });
  try {
    assert.ok((await client.acquire({ requests: [['X', '/A']] })).fence > 0);
  } finally {
    await client.close();
  }
});

test('insecure connects to anyone and warns each time', async () => {
  const warnings = [];
  const onWarning = (w) => { if (w.code === 'TREELOCK_TLS_INSECURE') warnings.push(w.message); };
  process.on('warning', onWarning);
  try {
    for (let i = 0; i < 2; ++i) {
      const client = await Client.fromUrl(servers.expired.url, { project: project(), tls: { insecure: true } });
      assert.ok((await client.acquire({ requests: [['X', '/A']] })).fence > 0);
      await client.close();
    }
    await new Promise((resolve) => { setImmediate(resolve); });
  } finally {
    process.off('warning', onWarning);
  }
  assert.equal(warnings.length, 2);
  assert.match(warnings[0], /^TLS to rediss:\/\/127\.0\.0\.1:\d+ verifies nothing \(tls\.insecure\)/);
});

test('an unknown CA is named', async () => {
  const { port } = servers.mutual;
  const message = await failureOf(withPassword(servers.mutual), { tls: { ...clientTls(), caFile: cert('other-ca.crt') } });
  assert.ok(message.startsWith(`Redis at rediss://:***@127.0.0.1:${port}: connect failed: 127.0.0.1:${port}: the `
    + "server's certificate is not signed by a CA this client trusts ("), message);
  assert.ok(message.endsWith('): give its CA with tls.caFile'), message);
});

test('an expired certificate is named', async () => {
  const message = await failureOf(withPassword(servers.expired), { tls: { caFile: cert('ca.crt') } });
  assert.match(message, /127\.0\.0\.1:\d+: the server's certificate expired on 20\d\d-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
});

test('a certificate for another host is named', async () => {
  let message = await failureOf(withPassword(servers.wronghost), { tls: { caFile: cert('ca.crt') } });
  assert.ok(message.includes(": the server's certificate is not for 127.0.0.1 (it names other.invalid)"), message);
  message = await failureOf(servers.mutual.url, { tls: { ...clientTls(), serverName: 'db.example' } });
  assert.ok(message.includes("the server's certificate is not for db.example (it names localhost, 127.0.0.1, ::1)"),
    message);
});

test('a missing client certificate is named', async () => {
  const message = await failureOf(withPassword(servers.mutual), { tls: { caFile: cert('ca.crt') } });
  assert.ok(message.includes('the server requires a client certificate ('), message);
  assert.ok(message.endsWith('): give one with tls.certFile and tls.keyFile'), message);
});

test('a refused client certificate is named, every time', async () => {
  for (let i = 0; i < 3; ++i) {
    const message = await failureOf(withPassword(servers.mutual), {
      tls: { caFile: cert('ca.crt'), certFile: cert('rogue.crt'), keyFile: cert('rogue.key') },
    });
    assert.ok(message.includes(`the server refused the client certificate ${cert('rogue.crt')} (`), message);
  }
});

test('TLS at a plain port is named', async () => {
  const { port } = servers.plain;
  const url = `rediss://:${PASSWORD}@127.0.0.1:${port}`;
  assert.equal(await failureOf(url, { tls: { caFile: cert('ca.crt') } }), `Redis at rediss://:***@127.0.0.1:${port}: `
    + `connect failed: 127.0.0.1:${port}: the server does not speak TLS on this port: use redis://`);
});

test('plain at a TLS port is named', async () => {
  const { port } = servers.mutual;
  assert.equal(await failureOf(`redis://:${PASSWORD}@127.0.0.1:${port}`), `Redis at redis://:***@127.0.0.1:${port}: `
    + `connect failed: 127.0.0.1:${port}: the server speaks TLS on this port: use rediss://`);
});

test('a missing or unusable file is InvalidInput naming it', async () => {
  const refusal = async (tls) => {
    try {
      await Client.fromUrl(`rediss://:${PASSWORD}@127.0.0.1:1`, { project: project(), tls });
    } catch (error) {
      assert.ok(error instanceof InvalidInput, `${error.constructor.name}: ${error.message}`);
      return error.message;
    }
    return assert.fail('accepted');
  };
  const nowhere = path.join(certs, 'nowhere.pem');
  for (const [option, what] of [['caFile', 'CA file'], ['certFile', 'certificate file'], ['keyFile', 'key file']]) {
    assert.equal(await refusal({ ...clientTls(), [option]: nowhere }),
      `cannot read the TLS ${what} "${nowhere}" (tls.${option}): No such file or directory`);
  }
  assert.equal(await refusal({ caFile: cert('client.key') }),
    `the TLS CA file "${cert('client.key')}" (tls.caFile) holds no PEM certificate`);
  const message = await refusal({ certFile: cert('client.crt'), keyFile: cert('server.key') });
  assert.ok(message.endsWith("cannot be used: the key is not the certificate's"), message);
  assert.equal(await refusal({ certFile: cert('client.crt') }), 'a client certificate needs both tls.certFile and tls.keyFile');
  assert.equal(await refusal({ caDir: nowhere }), `the TLS CA folder "${nowhere}" (tls.caDir) is not a folder this process can read`);
  assert.equal(await refusal({ cafile: 'x' }),
    'unknown TLS option "cafile": expected caFile, caDir, certFile, keyFile, serverName or insecure');
});
