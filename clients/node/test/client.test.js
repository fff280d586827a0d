'use strict';
// The client against a real redis-server on a Unix socket (no mocks of Redis).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const os = require('node:os');
const { describe, test, before, after } = require('node:test');
const IORedis = require('ioredis');
const {
  Client, Refused, InvalidInput, ProtocolError, ScriptError, ConnectionError, AuthenticationError, Lease, libraryName,
} = require('..');
const { startRedis, sleep } = require('../testsupport/redis');

let server;
let admin; // a plain connection for looking at keys
const opened = [];

const newProject = () => `node-${crypto.randomBytes(5).toString('hex')}`;
async function connect(project, owner = 'alice', options = {}) {
  const client = await Client.fromUrl(server.url, { project, owner, ...options });
  opened.push(client);
  return client;
}
async function pair(options) {
  const project = newProject();
  return [await connect(project, 'alice', options), await connect(project, 'bob', options), project];
}
async function refusalOf(promise) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Refused, `Refused expected, got ${error.constructor.name}: ${error.message}`);
    return error;
  }
  assert.fail('granted, refusal expected');
  return null;
}
async function messageOf(promise) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof InvalidInput, `InvalidInput expected, got ${error.constructor.name}: ${error.message}`);
    return error.message;
  }
  assert.fail('accepted, InvalidInput expected');
  return '';
}
const projectKeys = (project) => admin.keys(`tl:{${project}}:*`);

before(async () => {
  server = await startRedis();
  admin = new IORedis({ path: server.socket, protocol: 2 });
});
after(async () => {
  await Promise.all(opened.map((c) => c.close()));
  if (admin) admin.disconnect();
  if (server) await server.stop();
});

describe('credentials', () => {
  test('a server that needs credentials the client did not give says so', async () => {
    const locked = await startRedis(['--user', 'default', 'off']);
    try {
      await assert.rejects(Client.fromUrl(locked.url, { project: newProject() }), (error) => {
        assert.ok(error instanceof AuthenticationError, `${error.constructor.name}: ${error.message}`);
        assert.ok(error instanceof ConnectionError);
        assert.match(error.message, /requires authentication \(NOAUTH\)/);
        return true;
      });
    } finally {
      await locked.stop();
    }
  });
});

describe('grants and refusals', () => {
  test('a grant is a lease; a conflicting acquire is refused naming its blocker', async () => {
    const [a, b, project] = await pair();
    const lease = await a.acquire({ requests: [['X', '/A/C']], op: 'move-folder', ttlMs: 20000 });
    assert.ok(lease instanceof Lease);
    assert.match(lease.id, /^[0-9a-f]{32}$/);
    assert.equal(typeof lease.fence, 'number');
    assert.ok(lease.fence > 1.5e15 && lease.fence < 2 ** 53, `${lease.fence}`);
    assert.equal(lease.holds, 1);
    assert.equal(lease.ttlMs, 20000);
    assert.deepEqual(lease.requests, [['X', '/A/C']]);
    assert.ok(Math.abs(lease.expiresAtMs - (await a.serverTimeMs() + 20000)) < 1000);
    const refused = await refusalOf(b.acquire({ requests: [['X', '/A/C/D/d.txt']], op: 'upload' }));
    const blocker = refused.blocker;
    assert.deepEqual({ ...blocker, expiresInMs: undefined }, {
      lease: lease.id,
      owner: 'alice',
      op: 'move-folder',
      path: '/A/C',
      mode: 'X',
      expiresInMs: undefined,
      clashPath: '/A/C',
      heldMode: 'X',
      wanted: ['X', '/A/C/D/d.txt'],
      queued: false,
    });
    assert.ok(blocker.expiresInMs > 15000 && blocker.expiresInMs <= 20000, `${blocker.expiresInMs}`);
    assert.equal(refused.timedOut, false);
    assert.match(refused.message, /^blocked by lease [0-9a-f]{8} \(owner alice, op move-folder\) holding X on \/A\/C, expires in \d+\.\d s$/);
    // The keys are the project's, in one hash slot.
    assert.deepEqual((await projectKeys(project)).sort(),
      [`tl:{${project}}:events`, `tl:{${project}}:expiry`, `tl:{${project}}:hot`, `tl:{${project}}:state`]);
  });

  test('an intention below a folder refuses X on the folder; siblings share it', async () => {
    const [a, b] = await pair();
    await a.acquire({ requests: [['X', '/A/C/D/d.txt']] });
    const sibling = await b.acquire({ requests: [['X', '/A/b.txt']] });
    const refused = await refusalOf(b.acquire({ requests: [['X', '/A']] }));
    // The blocker is the node's last holder: the sibling's lease raised IX on /A last.
    assert.equal(refused.blocker.lease, sibling.id);
    assert.equal(refused.blocker.clashPath, '/A');
    assert.equal(refused.blocker.heldMode, 'IX');
    assert.equal(refused.blocker.path, '/A/b.txt');
  });

  test('fences rise with every grant, across clients', async () => {
    const [a, b] = await pair();
    let last = 0;
    for (let i = 0; i < 5; ++i) {
      const lease = await (i % 2 ? a : b).acquire({ requests: [['X', `/f${i}`]] });
      assert.ok(lease.fence > last, `${lease.fence} after ${last}`);
      last = lease.fence;
    }
  });

  test('the default owner is user@host', async () => {
    const client = await Client.fromUrl(server.url, { project: newProject() });
    opened.push(client);
    assert.equal(client.owner, `${os.userInfo().username}@${os.hostname()}`);
    assert.equal(client.libraryName, libraryName());
    const lease = await client.acquire({ requests: [['S', '/x']] });
    assert.equal((await client.snapshot()).leases[0].owner, client.owner);
    await client.release(lease);
  });
});

describe('bad input', () => {
  test('each rule is refused with the C++ words and nothing is written', async () => {
    const project = newProject();
    const a = await connect(project);
    const X = (p) => [['X', p]];
    const cases = [
      [{ requests: X('A/b') }, 'invalid path "A/b": a path must be absolute (start with "/") (rule relative)'],
      [{ requests: X('') }, 'invalid path "": the path is empty (rule empty)'],
      [{ requests: X('/A/../B') }, 'invalid path "/A/../B": ".." segments are not allowed (rule dot-segment)'],
      [{ requests: X('/A/b\u0001c') },
        'invalid path "/A/b\\x01c": control character U+0001 at byte 4 is not allowed (rule control-character)'],
      [{ requests: X(`/${'é'.repeat(2049)}`) }, /: 4099 bytes after canonicalisation, at most 4096 are allowed \(rule too-long\)$/],
      [{ requests: X('/a'.repeat(257)) }, /: 257 segments, at most 256 are allowed \(rule too-many-segments\)$/],
      [{ requests: [['X', '/ok'], ['Q', '/A']] }, 'invalid lock mode "Q": it must be one of IS IX S SIX X'],
      [{ requests: [] }, 'no lock requests: a lease needs at least one'],
      [{ requests: Array.from({ length: 65 }, (_, i) => ['X', `/p${i}`]) },
        'too many lock requests: 65 distinct paths, at most 64 are allowed in one lease'],
      [{ requests: X('/A'), ttlMs: 5 }, 'ttl 5 ms is out of range: it must be between 10 and 86400000 ms'],
      [{ requests: X('/A'), waitMs: 86400001 }, 'wait 86400001 ms is out of range: it must be between 0 and 86400000 ms'],
      [{ requests: X('/A'), owner: 'al\nice' }, 'owner "al\\x0aice" contains NUL or a newline, which labels must not contain'],
      [{ requests: X('/A'), op: 'o'.repeat(257) }, /^operation "o+"\.\.\. \(257 bytes\) is too long: 257 bytes, at most 256 are allowed$/],
      [{ requests: X('/A'), leaseId: 'xyz' }, 'lease id "xyz" is malformed: it must be 32 lower-case hex digits'],
      [{ requests: X('/A'), callId: 'é'.repeat(33) }, 'call id of 66 bytes is too long: at most 64 are allowed'],
      [{ requests: X('/A'), callId: 'a\0b' }, 'call id must not contain NUL'],
      [{ requests: X('/A'), holding: ['xyz'], callId: 'c'.repeat(65) },
        'lease id "xyz" is malformed: it must be 32 lower-case hex digits'],
      [{ requests: X('/A'), ttlMs: 1000, renewEveryMs: 1001 },
        'renewal period 1001 ms is out of range: it must be 0 (none) or between 10 ms and the ttl (1000 ms)'],
      [{ requests: X('/A'), renewEveryMs: -10 },
        'renewal period -10 ms is out of range: it must be 0 (none) or between 10 ms and the ttl (30000 ms)'],
      [{ requests: X('/A'), renewEveryMs: 12.5 }, 'renewal period "12.5" is not a whole number of milliseconds'],
      [{ requests: X('/A'), callId: 'c'.repeat(65), renewEveryMs: 1 },
        'call id of 65 bytes is too long: at most 64 are allowed'],
    ];
    for (const [options, expected] of cases) {
      const message = await messageOf(a.acquire(options));
      if (expected instanceof RegExp) assert.match(message, expected);
      else assert.equal(message, expected);
    }
    assert.equal(await messageOf(a.acquireOperation('move-folder', ['/A/C'])), 'move-folder needs SRC DSTFOLDER, got 1 argument');
    assert.equal(await messageOf(a.release('xyz')), 'lease id "xyz" is malformed: it must be 32 lower-case hex digits');
    assert.equal(await messageOf(a.renew('0123456789ABCDEF0123456789ABCDEF')),
      'lease id "0123456789ABCDEF0123456789ABCDEF" is malformed: it must be 32 lower-case hex digits');
    const id = '0123456789abcdef0123456789abcdef';
    assert.equal(await messageOf(a.renew(id, 5)), 'ttl 5 ms is out of range: it must be between 10 and 86400000 ms');
    assert.equal(await messageOf(a.forceRelease(id, { operator: '', reason: 'r' })), 'operator is required and must not be empty');
    assert.equal(await messageOf(a.forceRelease(id, { operator: 'op', reason: '' })), 'reason is required and must not be empty');
    assert.equal(await messageOf(a.forceRelease(id, { operator: 'op', reason: 'r', host: 'a\nb' })),
      'host "a\\x0ab" contains NUL or a newline, which labels must not contain');
    assert.equal(await messageOf(a.forceRelease(id, { operator: 'op', reason: '', host: 'a\nb' })),
      'host "a\\x0ab" contains NUL or a newline, which labels must not contain');
    assert.equal(await messageOf(a.forceRelease(id, { operator: 'op', reason: 'r', lockDelayMs: 86400001 })),
      'lock-delay 86400001 ms is out of range: it must be between 0 and 86400000 ms');
    assert.equal(await messageOf(a.cancelWait('no')), 'lease id "no" is malformed: it must be 32 lower-case hex digits');
    const snap = await a.snapshot();
    assert.deepEqual([snap.leases, snap.waiters], [[], []]);
    assert.deepEqual(await projectKeys(project), []);
  });

  test('a bad project id or URL is refused before connecting', async () => {
    assert.equal(await messageOf(Client.fromUrl(server.url, { project: 'my project' })),
      'invalid project id "my project": character at position 2 is not allowed (project ids are 1-64 characters of A-Z a-z 0-9 _ . -)');
    assert.equal(await messageOf(Client.fromUrl('redis://u:secret@h', { tls: { caFile: '/etc/ca.pem' } })),
      'TLS options (CA, certificate, key, SNI or insecure) were given, but "redis://u:***@h:6379" does not use TLS: '
      + 'use a rediss:// URL (rediss+sentinel://, rediss+cluster://)');
  });

  test('a reentrant acquire must repeat the same requests', async () => {
    const [a] = await pair();
    const lease = await a.acquire({ requests: [['X', '/A']] });
    const again = await a.acquire({ requests: [['X', '/A']], leaseId: lease.id, ttlMs: 5000 });
    assert.equal(again.holds, 2);
    assert.equal(again.fence, lease.fence);
    assert.equal(await messageOf(a.acquire({ requests: [['X', '/B']], leaseId: lease.id })),
      'lease id in use with other requests: a reentrant acquire must repeat the same requests');
    assert.deepEqual(await a.release(lease), { status: 'ok', remainingHolds: 1 });
    assert.deepEqual(await a.release(lease), { status: 'ok', remainingHolds: 0 });
  });

  test('an acquire run again with its lease id as call id gets the same grant', async () => {
    const [a] = await pair();
    const id = crypto.randomBytes(16).toString('hex');
    const first = await a.acquire({ requests: [['X', '/A']], leaseId: id, callId: id });
    const again = await a.acquire({ requests: [['X', '/A']], leaseId: id, callId: id });
    assert.deepEqual([again.id, again.fence, again.holds], [id, first.fence, 1]);
    assert.deepEqual((await a.snapshot()).leases.map((l) => l.holds), [1]);
    assert.deepEqual(await a.release(id), { status: 'ok', remainingHolds: 0 });
  });
});

describe('release, renew, expiry and force-release', () => {
  test('release and renew answer ok, unknown and expired', async () => {
    const [a, b] = await pair();
    const lease = await a.acquire({ requests: [['X', '/A']], ttlMs: 1000 });
    const firstExpiry = lease.expiresAtMs;
    const renewed = await a.renew(lease, 60000);
    assert.equal(renewed.status, 'ok');
    assert.ok(renewed.expiresAtMs > firstExpiry + 50000);
    assert.equal(lease.expiresAtMs, renewed.expiresAtMs, 'renew(lease) updates the lease');
    assert.equal((await a.renew(lease.id)).status, 'ok');
    assert.deepEqual(await b.release(lease.id), { status: 'ok', remainingHolds: 0 });
    assert.deepEqual(await a.release(lease), { status: 'unknown', remainingHolds: 0 });
    assert.deepEqual(await a.renew(lease), { status: 'unknown', expiresAtMs: 0 });
    const short = await a.acquire({ requests: [['X', '/B']], ttlMs: 50 });
    const other = await a.acquire({ requests: [['X', '/C']], ttlMs: 50 });
    await sleep(120);
    assert.deepEqual(await a.release(short), { status: 'expired', remainingHolds: 0 });
    assert.deepEqual(await a.release(short), { status: 'unknown', remainingHolds: 0 });
    assert.equal((await a.renew(other, 1000)).status, 'expired');
    assert.deepEqual((await a.snapshot()).leases, []);
  });

  test('a short lease expires on server time and frees its paths', async () => {
    const [a, b] = await pair();
    const lease = await a.acquire({ requests: [['X', '/A']], ttlMs: 50 });
    await refusalOf(b.acquire({ requests: [['X', '/A/b']] }));
    await sleep(120);
    const next = await b.acquire({ requests: [['X', '/A/b']] });
    assert.ok(next.fence > lease.fence);
  });

  test('force-release needs admin for a live lease; a lock-delay keeps its paths blocked', async () => {
    const [a, b] = await pair();
    const lease = await a.acquire({ requests: [['X', '/A']] });
    assert.deepEqual(await b.forceRelease(lease.id, { operator: 'oncall', reason: 'stuck' }), { status: 'live' });
    assert.deepEqual(await b.forceRelease(lease, { operator: 'oncall', reason: 'stuck', host: 'desk', admin: true }),
      { status: 'ok' });
    assert.deepEqual(await b.forceRelease(lease, { operator: 'oncall', reason: 'again', admin: true }), { status: 'unknown' });
    assert.equal((await a.release(lease)).status, 'unknown');
    const second = await a.acquire({ requests: [['X', '/A']] });
    await b.forceRelease(second, { operator: 'oncall', reason: 'hung', admin: true, lockDelayMs: 300 });
    const refused = await refusalOf(b.acquire({ requests: [['X', '/A/b']] }));
    assert.equal(refused.blocker.lease, second.id);
    assert.ok(refused.blocker.expiresInMs <= 300);
    assert.equal((await a.renew(second)).status, 'unknown');
    const revoked = (await a.snapshot()).leases.find((l) => l.id === second.id);
    assert.equal(revoked.revoked, true);
    await sleep(400);
    await b.acquire({ requests: [['X', '/A/b']] });
    const expired = await a.acquire({ requests: [['X', '/E']], ttlMs: 50 });
    await sleep(100);
    assert.deepEqual(await b.forceRelease(expired, { operator: 'oncall', reason: 'tidy' }), { status: 'ok' });
  });
});

describe('waiting', () => {
  test('a holder is not held back by a waiter that waits for it', async () => {
    // alice holds S /a/c; bob waits for X /a and, past the grace, holds back. alice's
    // next request conflicts only with bob's reservation: naming her lease, she goes on.
    const [a, b, project] = await pair();
    const carol = await connect(project, 'carol');
    const first = await a.acquire({ requests: [['S', '/a/c']], op: 'copy' });
    const waiting = b.acquire({ requests: [['X', '/a']], op: 'delete', waitMs: 20000 });
    for (let i = 0; i < 200; i += 1) {
      const { waiters } = await a.snapshot();
      if (waiters.length > 0 && waiters[0].holdsBack) break;
      await sleep(10);
    }
    const queued = await refusalOf(a.acquire({ requests: [['S', '/a/d']], op: 'copy' }));
    assert.equal(queued.blocker.owner, 'bob');
    assert.equal(queued.blocker.queued, true);
    const second = await a.acquire({ requests: [['S', '/a/d']], op: 'copy', holding: [first.id] });
    assert.equal(second.holds, 1);
    // carol names a lease of her own that bob does not wait for. (Naming alice's second
    // lease would race: bob keeps retrying, and his last blocker may become that lease.)
    const unrelated = await carol.acquire({ requests: [['S', '/z']] });
    const other = await refusalOf(carol.acquire({ requests: [['S', '/a/e']], holding: [unrelated.id] }));
    assert.equal(other.blocker.owner, 'bob', 'fairness toward everyone else is unchanged');
    await assert.rejects(a.acquire({ requests: [['S', '/a/f']], holding: Array(65).fill(first.id) }),
      /holding names 65 leases, at most 64 are allowed/);
    await a.release(first);
    await a.release(second);
    assert.equal((await waiting).holds, 1, 'bob gets in once alice is done');
  });

  test('a waiter is listed and woken by the release well before its wait ends', async () => {
    // Retries 1.5-3 s apart: a grant soon after the release is the wake-up's doing.
    const [a, b] = await pair({ minBackoffMs: 3000, maxBackoffMs: 3000, waitRefreshMs: 10000 });
    const lease = await a.acquire({ requests: [['X', '/A']] });
    const started = Date.now();
    const waiting = b.acquire({ requests: [['X', '/A/x']], op: 'upload', waitMs: 10000 });
    await sleep(300);
    const snap = await a.snapshot();
    assert.equal(snap.waiters.length, 1);
    const waiter = snap.waiters[0];
    assert.equal(waiter.owner, 'bob');
    assert.equal(waiter.op, 'upload');
    assert.deepEqual(waiter.requests, [['X', '/A/x']]);
    assert.equal(waiter.blocker.lease, lease.id);
    const released = Date.now();
    await a.release(lease);
    const granted = await waiting;
    const waitedAfterRelease = Date.now() - released;
    assert.ok(waitedAfterRelease < 700, `granted ${waitedAfterRelease} ms after the release`);
    assert.ok(Date.now() - started < 3000);
    assert.equal(granted.id, waiter.id, 'granted under the id it waited for');
    assert.deepEqual((await a.snapshot()).waiters, []);
  });

  test('a wait that runs out rejects with the last refusal and leaves no waiter', async () => {
    const [a, b] = await pair();
    const lease = await a.acquire({ requests: [['S', '/A']] });
    const started = Date.now();
    const refused = await refusalOf(b.acquire({ requests: [['X', '/A/x']], waitMs: 300 }));
    const took = Date.now() - started;
    assert.ok(took >= 280 && took < 2000, `${took} ms`);
    assert.equal(refused.timedOut, true);
    assert.ok(refused.attempts > 1);
    assert.equal(refused.blocker.lease, lease.id);
    assert.deepEqual((await a.snapshot()).waiters, []);
    assert.equal(await a.cancelWait(crypto.randomBytes(16).toString('hex')), false);
  });

  test('an expiry wakes a waiter too', async () => {
    const [a, b] = await pair();
    await a.acquire({ requests: [['X', '/A']], ttlMs: 300 });
    const started = Date.now();
    await b.acquire({ requests: [['X', '/A']], waitMs: 5000 });
    assert.ok(Date.now() - started < 2000);
  });
});

describe('lock()', () => {
  test('the watchdog keeps a 300 ms lease alive for 1 s and releases it after', async () => {
    const [a, b] = await pair();
    let lost = false;
    const result = await a.lock({ requests: [['X', '/job']], ttlMs: 300, onLost: () => { lost = true; } }, async (lease) => {
      await sleep(1000);
      const refused = await refusalOf(b.acquire({ requests: [['X', '/job']] }));
      assert.equal(refused.blocker.lease, lease.id);
      assert.equal(lease.lost, false);
      return 'done';
    });
    assert.equal(result, 'done');
    assert.equal(lost, false);
    assert.deepEqual((await a.snapshot()).leases, []);
    await b.acquire({ requests: [['X', '/job']] });
  });

  test('lock() reports the loss after a force-release', async () => {
    const [a, b] = await pair();
    const reports = [];
    let seen;
    await a.lock({ requests: [['X', '/job']], ttlMs: 300, onLost: (lease, status) => reports.push([lease.id, status]) },
      async (lease) => {
        seen = lease;
        await b.forceRelease(lease, { operator: 'oncall', reason: 'test', admin: true });
        const deadline = Date.now() + 2000;
        while (!lease.lost && Date.now() < deadline) await sleep(20);
      });
    assert.equal(seen.lost, true);
    assert.deepEqual(reports, [[seen.id, 'unknown']]);
  });

  test('a lock() whose watchdog stopped no longer makes its waiter hold others back', async () => {
    // The grant says the watchdog's period (ttl/3: 500 ms). While it renews, bob, who
    // waits for alice's lease, holds carol back; once alice's client is gone (as if its
    // process died in the function) and 1.5 periods pass without a renewal, carol gets in
    // while alice's lease still excludes.
    const [a, b, project] = await pair();
    const [carol, dave] = [await connect(project, 'carol'), await connect(project, 'dave')];
    let waiting;
    await a.lock({ requests: [['X', '/a/x']], ttlMs: 1500, op: 'upload' }, async (lease) => {
      waiting = b.acquire({ requests: [['X', '/a']], op: 'delete-folder', waitMs: 10000 });
      for (let i = 0; i < 200; i += 1) {
        const { waiters } = await carol.snapshot();
        if (waiters.length > 0 && waiters[0].holdsBack) break;
        await sleep(10);
      }
      await sleep(800); // more than 1.5 periods, renewed all along
      const held = await refusalOf(carol.acquire({ requests: [['X', '/a/y']] }));
      assert.deepEqual([held.blocker.owner, held.blocker.op, held.blocker.queued], ['bob', 'delete-folder', true]);

      await a.close(); // its renewals fail from now on; the lease stays
      let mine = null;
      while (mine === null && (await carol.snapshot()).leases.some((l) => l.id === lease.id)) {
        try {
          mine = await carol.acquire({ requests: [['X', '/a/y']] });
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          await sleep(20);
        }
      }
      assert.ok(mine !== null, "bob stopped holding carol back before alice's lease expired");
      const excluded = await refusalOf(dave.acquire({ requests: [['X', '/a/x']] }));
      assert.deepEqual([excluded.blocker.lease, excluded.blocker.queued], [lease.id, false], "alice's lease still excludes");
      assert.equal((await carol.release(mine)).status, 'ok');
    });
    assert.equal((await waiting).holds, 1, "bob gets in once alice's lease expires");
  });

  test('lock() releases when the function throws, and passes the error on', async () => {
    const [a] = await pair();
    await assert.rejects(a.lock({ requests: [['X', '/job']] }, async () => { throw new Error('boom'); }), /boom/);
    assert.deepEqual((await a.snapshot()).leases, []);
  });
});

describe('operations', () => {
  test('acquireOperation plans move-folder with the seed profile, and the fine one by default', async () => {
    const [a, b] = await pair();
    const lease = await a.acquireOperation('move-folder', ['/A/C', '/B'], { ttlMs: 10000, profile: 'seed' });
    assert.deepEqual(lease.requests, [['X', '/A/C'], ['SIX', '/B'], ['X', '/B/C']]);
    assert.equal(lease.op, 'move-folder');
    const listed = (await a.snapshot()).leases[0];
    assert.equal(listed.op, 'move-folder');
    assert.equal(listed.ttlMs, 10000);
    const refused = await refusalOf(b.acquireOperation('create', ['/B', 'y.txt'], { profile: 'seed' }));
    assert.deepEqual([refused.blocker.path, refused.blocker.mode, refused.blocker.op], ['/B', 'SIX', 'move-folder']);
    await b.acquireOperation('copy-file', ['/B/b.txt', '/E']);
    const fine = await b.acquireOperation('move-folder', ['/X/C', '/Y']);
    assert.deepEqual(fine.requests, [['X', '/X/C'], ['X', '/Y/C']]);
  });
});

describe('the function library', () => {
  test('a server that lost the library gets it again', async () => {
    const [a] = await pair();
    await admin.call('FUNCTION', 'FLUSH');
    const lease = await a.acquire({ requests: [['X', '/A']] });
    assert.equal((await a.release(lease)).status, 'ok');
    const names = (await admin.call('FUNCTION', 'LIST', 'LIBRARYNAME', 'tl_*')).map((entry) => entry[1]);
    assert.deepEqual(names, [libraryName()]);
  });

  test('a user that may not load it is told which library it needs and which the server holds', async () => {
    const own = await startRedis();
    try {
      const setup = new IORedis({ path: own.socket, protocol: 2 });
      await setup.call('FUNCTION', 'LOAD', "#!lua name=tl_0000000000000000\nredis.register_function('tl_0000000000000000_x', function() return 1 end)");
      await setup.call('ACL', 'SETUSER', 'default', '-function|load');
      setup.disconnect();
      const client = await Client.fromUrl(own.url, { project: 'p' });
      try {
        await assert.rejects(client.acquire({ requests: [['X', '/A']] }), (error) => {
          assert.ok(error instanceof ScriptError, error.constructor.name);
          assert.ok(error.message.includes(libraryName()), error.message);
          assert.ok(error.message.includes('tl_0000000000000000'), error.message);
          assert.ok(error.message.includes('NOPERM'), error.message);
          return true;
        });
      } finally {
        await client.close();
      }
    } finally {
      await own.stop();
    }
  });

  test('a function that refuses its arguments is a ProtocolError naming it', async () => {
    const [a] = await pair();
    await assert.rejects(a._fcall('snapshot', ['-1', '10']), (error) => {
      assert.ok(error instanceof ProtocolError);
      assert.equal(error.function, `${libraryName()}_snapshot`);
      assert.match(error.message, /an integer offset >= 0 and page size 1\.\.5000 expected/);
      return true;
    });
  });

  test('a project in the layout of an earlier version is refused at connect', async () => {
    const project = newProject();
    await admin.hset(`tl:{${project}}:nodes`, '/A|X', '1');
    const message = await messageOf(Client.fromUrl(server.url, { project }));
    assert.match(message, new RegExp(`^project ${project} on Redis at unix://.* holds locks in the layout of an earlier Treelock version`));
  });
});

describe('connection problems', () => {
  test('an unreachable server fails the connect in bounded time, naming the URL without its password', async () => {
    const started = Date.now();
    await assert.rejects(Client.fromUrl('redis://bob:secret-pw@127.0.0.1:1/0', { connectTimeoutMs: 500 }), (error) => {
      assert.ok(error instanceof ConnectionError, `${error.constructor.name}: ${error.message}`);
      assert.ok(error.message.includes('redis://bob:***@127.0.0.1:1'), error.message);
      assert.ok(!error.message.includes('secret-pw'), error.message);
      return true;
    });
    assert.ok(Date.now() - started < 3000);
    await assert.rejects(Client.fromUrl('unix:///nonexistent/redis.sock', { connectTimeoutMs: 500 }),
      (error) => error instanceof ConnectionError && error.message.includes('unix:///nonexistent/redis.sock'));
  });

  test('a server that dies after the connect fails calls in bounded time', async () => {
    const own = await startRedis();
    const client = await Client.fromUrl(own.url, { project: 'p', commandTimeoutMs: 1000 });
    try {
      await client.acquire({ requests: [['X', '/A']] });
      await own.stop();
      const started = Date.now();
      await assert.rejects(client.acquire({ requests: [['X', '/B']] }), (error) => {
        assert.ok(error instanceof ConnectionError, `${error.constructor.name}: ${error.message}`);
        assert.ok(error.message.includes(own.url), error.message);
        return true;
      });
      assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
    } finally {
      await client.close();
    }
  });
});
