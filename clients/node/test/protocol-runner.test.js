'use strict';
// Tests the conformance runner itself: case files of our own in a temporary folder,
// run through test/protocol.test.js as a child process; every case that should pass
// passes, and a wrong expectation fails with a readable message.

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { match, Mismatch } = require('../testsupport/protocol');

const X = (p) => ['X', p];

const GOOD = {
  title: 'The runner on every verb',
  cases: [
    {
      name: 'an X lock on a folder refuses a write below it',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', op: 'move-folder', requests: [X('/A/C')], lease: 'L1' },
          expect: { granted: { fence: '$F1', holds: 1, expires_in_ms: 30000 } } },
        { client: 'b', do: 'acquire', args: { owner: 'bob', requests: [X('/A/C/D/d.txt')] },
          expect: { refused: { lease: '$L1', owner: 'alice', op: 'move-folder', path: '/A/C', mode: 'X',
            expires_in_ms: { between: [29000, 30000] }, clash_path: '/A/C', held_mode: 'X',
            wanted: X('/A/C/D/d.txt'), queued: false } } },
      ],
    },
    {
      name: 'release and renew answer their statuses; a bound name is not re-entered',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], lease: 'L1', ttl_ms: 5000 } },
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], lease: 'L1' },
          expect: { refused: { lease: '$L1', owner: 'alice' } } },
        { client: 'a', do: 'renew', args: { lease: 'L1', ttl_ms: 1000 }, expect: { status: 'ok', expires_in_ms: 1000 } },
        { client: 'a', do: 'renew', args: { lease: 'L1' }, expect: { status: 'ok', expires_in_ms: 1000 } },
        { client: 'a', do: 'release', args: { lease: '$L1' }, expect: { status: 'ok', remaining_holds: 0 } },
        { client: 'a', do: 'release', args: { lease: 'L1' }, expect: { status: 'unknown' } },
        { client: 'a', do: 'release', args: { lease: 'nothex' },
          expect: { error: 'lease id "nothex" is malformed: it must be 32 lower-case hex digits' } },
        { client: 'a', do: 'release', args: { lease: '0123456789abcdef0123456789abcdef' }, expect: { status: 'unknown' } },
      ],
    },
    {
      name: 'a short lease expires and fences rise',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], lease: 'L1', ttl_ms: 50 },
          expect: { granted: { fence: '$F1' } } },
        { do: 'sleep', args: { ms: 80 } },
        { client: 'b', do: 'acquire', args: { owner: 'bob', requests: [X('/A')], lease: 'L2' },
          expect: { granted: { fence: { gt: '$F1' } } } },
        { client: 'a', do: 'release', args: { lease: 'L1' }, expect: { status: 'unknown' } },
        { client: 'a', do: 'leases', expect: { leases: [{ lease: '$L2', owner: 'bob', op: 'lock', requests: [X('/A')], fence: '*' }],
          waiters: [] } },
      ],
    },
    {
      name: 'release of an expired lease answers expired',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], lease: 'L1', ttl_ms: 50 } },
        { do: 'sleep', args: { ms: 80 } },
        { client: 'a', do: 'release', args: { lease: 'L1' }, expect: { status: 'expired' } },
        { client: 'a', do: 'leases', expect: { leases: [] } },
      ],
    },
    {
      name: 'force-release needs admin for a live lease',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], lease: 'L1' } },
        { client: 'op', do: 'force_release', args: { lease: 'L1', operator: 'root', reason: 'test' }, expect: { status: 'live' } },
        { client: 'op', do: 'force_release', args: { lease: 'L1', operator: '', reason: 'test' },
          expect: { error: 'operator is required and must not be empty' } },
        { client: 'op', do: 'force_release', args: { lease: 'L1', operator: 'root', reason: 'test', admin: true },
          expect: { status: 'ok' } },
        { client: 'a', do: 'release', args: { lease: 'L1' }, expect: { status: 'unknown' } },
      ],
    },
    {
      name: 'a waiter is listed, woken by the release, and granted under its id',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], lease: 'L1' } },
        { client: 'b', do: 'acquire', async: 'W1', args: { owner: 'bob', requests: [X('/A/b')], wait_ms: 5000, lease: 'L2' } },
        { do: 'sleep', args: { ms: 150 } },
        { client: 'a', do: 'leases', expect: { waiters: [{ lease: '$WID', owner: 'bob', op: 'lock', requests: [X('/A/b')] }] } },
        { client: 'a', do: 'release', args: { lease: 'L1' }, expect: { status: 'ok' } },
        { do: 'await', args: { task: 'W1' }, expect: { granted: { holds: 1 } } },
        { client: 'a', do: 'leases', expect: { leases: [{ lease: '$WID' }], waiters: [] } },
        { client: 'b', do: 'release', args: { lease: 'L2' }, expect: { status: 'ok' } },
      ],
    },
    {
      name: 'a wait that runs out answers the last refusal',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [['S', '/A']], lease: 'L1' } },
        { client: 'b', do: 'acquire', args: { owner: 'bob', requests: [X('/A/x')], wait_ms: 200 },
          expect: { refused: { lease: '$L1', clash_path: '/A', held_mode: 'S', mode: 'S', queued: false } } },
        { client: 'a', do: 'leases', expect: { waiters: [] } },
      ],
    },
    {
      name: 'bad input is refused with the C++ message and takes nothing',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [['Q', '/A']] },
          expect: { error: 'invalid lock mode "Q": it must be one of IS IX S SIX X' } },
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A'), X('A/b')] },
          expect: { error: 'invalid path "A/b": a path must be absolute (start with "/") (rule relative)' } },
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], ttl_ms: 5 },
          expect: { error: 'ttl 5 ms is out of range: it must be between 10 and 86400000 ms' } },
        { client: 'a', do: 'leases', expect: { leases: [], waiters: [] } },
      ],
    },
    {
      name: 'a folder move under the seed profile takes SIX on the destination',
      steps: [
        { client: 'a', do: 'operation', args: { owner: 'alice', operation: 'move-folder', paths: ['/A/C', '/B'], lease: 'M' },
          expect: { granted: { holds: 1 } } },
        { client: 'b', do: 'operation', args: { owner: 'bob', operation: 'create', paths: ['/B', 'x'] },
          expect: { refused: { lease: '$M', op: 'move-folder', path: '/B', mode: 'SIX', clash_path: '/B', held_mode: 'SIX',
            wanted: X('/B/x') } } },
        { client: 'b', do: 'operation', args: { owner: 'bob', operation: 'move-folder', paths: ['/A', '/A/C'] },
          expect: { error: 'move-folder: cannot move "/A" into its own subtree "/A/C"' } },
        { client: 'a', do: 'leases', expect: { leases: [{ lease: '$M', requests: [X('/A/C'), ['SIX', '/B'], X('/B/C')] }] } },
      ],
    },
  ],
};

const BAD = {
  title: 'A wrong expectation',
  cases: [
    {
      name: 'the owner is not carol',
      steps: [
        { client: 'a', do: 'acquire', args: { owner: 'alice', requests: [X('/A')], lease: 'L1' } },
        { client: 'b', do: 'acquire', args: { owner: 'bob', requests: [X('/A')] },
          expect: { refused: { lease: '$L1', owner: 'carol' } } },
      ],
    },
  ],
};

function runRunner(dir) {
  const env = { ...process.env, TREELOCK_PROTOCOL_DIR: dir };
  delete env.NODE_TEST_CONTEXT; // a run of its own, not a subtest of this one
  const result = spawnSync(process.execPath, ['--test-reporter=tap', path.join(__dirname, 'protocol.test.js')], {
    env,
    encoding: 'utf8',
    timeout: 120000,
  });
  const count = (word) => {
    const m = new RegExp(`^# ${word} (\\d+)$`, 'm').exec(result.stdout);
    return m ? Number(m[1]) : -1;
  };
  return { ...result, pass: count('pass'), fail: count('fail') };
}

test('the runner passes every case of a good file and fails a wrong expectation', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-protocol-'));
  try {
    fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify(GOOD, null, 2));
    fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(BAD, null, 2));
    const r = runRunner(dir);
    const transports = 2; // protocol.test.js runs every case on a Unix socket and over mutual TLS
    assert.equal(r.fail, transports, `one failure per transport expected:\n${r.stdout}\n${r.stderr}`);
    assert.equal(r.pass, GOOD.cases.length * transports, `every good case passes:\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /expected "carol", got "alice"/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('placeholders bind once and then compare', () => {
  const vars = {};
  match({ a: '$X', b: ['$X', '*'] }, { a: 5, b: [5, 'anything'], c: 1 }, vars, 'answer');
  assert.equal(vars.X, 5);
  assert.throws(() => match('$X', 6, vars, 'answer'), Mismatch);
  match({ gt: '$X' }, 6, vars, 'answer');
  assert.throws(() => match({ lt: '$X' }, 6, vars, 'answer'), /below 5/);
  match({ between: [1, 3] }, 3, vars, 'answer');
  assert.throws(() => match({ between: [1, 3] }, 4, vars, 'answer'), Mismatch);
  assert.throws(() => match([1, 2], [1], vars, 'answer'), /expected 2 items/);
  assert.throws(() => match({ k: 1 }, {}, vars, 'answer'), /no "k"/);
});
