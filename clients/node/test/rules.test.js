'use strict';
// The input rules without Redis: paths, modes, requests, labels, ids, projects, URLs,
// quoting and the policy, each message compared with the C++ library's text.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const {
  normalizeRequests, canonicalName, quoteInput, parseRedisUrl, Policy, InvalidInput, InvalidPath, InvalidPolicy,
} = require('..');
const rules = require('../lib/rules');
const { redactedAddress, addressOf, redactUrl } = require('../lib/url');
const { nextRetryDelay } = require('../lib/client');

const messageOf = (fn) => {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof InvalidInput, `InvalidInput expected, got ${error.constructor.name}: ${error.message}`);
    return error.message;
  }
  assert.fail('no error');
  return '';
};
const pathError = (p) => messageOf(() => normalizeRequests([['X', p]]));

test('each path rule is refused with the C++ words', () => {
  assert.equal(pathError('A/b'), 'invalid path "A/b": a path must be absolute (start with "/") (rule relative)');
  assert.equal(pathError(''), 'invalid path "": the path is empty (rule empty)');
  assert.equal(pathError('/A/../B'), 'invalid path "/A/../B": ".." segments are not allowed (rule dot-segment)');
  assert.equal(pathError('/A/./B'), 'invalid path "/A/./B": "." segments are not allowed (rule dot-segment)');
  assert.equal(pathError('/A/b\u0001c'),
    'invalid path "/A/b\\x01c": control character U+0001 at byte 4 is not allowed (rule control-character)');
  assert.equal(pathError('/A/\u0085'),
    'invalid path "/A/\\xc2\\x85": control character U+0085 at byte 3 is not allowed (rule control-character)');
  assert.equal(pathError('/é\u007f'),
    'invalid path "/é\\x7f": control character U+007F at byte 3 is not allowed (rule control-character)');
  assert.equal(pathError('/a\ud800'), 'invalid path "/a\\xed\\xa0\\x80": not valid UTF-8 at byte 2 (rule invalid-utf8)');
  const long = '/abcdefgh'.repeat(456);
  const tooLong = pathError(long);
  assert.ok(tooLong.startsWith('invalid path "/abcdefgh/abcdefgh'), tooLong);
  assert.ok(tooLong.endsWith('"... (4104 bytes): 4104 bytes after canonicalisation, at most 4096 are allowed (rule too-long)'),
    tooLong);
  // Bytes, not UTF-16 units: 2,049 two-byte characters are 4,099 bytes.
  assert.match(pathError(`/${'é'.repeat(2049)}`), /: 4099 bytes after canonicalisation, at most 4096 are allowed/);
  assert.equal(normalizeRequests([['X', `/${'é'.repeat(2047)}`]])[0][1].length, 2048);
  assert.match(pathError('/a'.repeat(257)), /\(514 bytes\): 257 segments, at most 256 are allowed \(rule too-many-segments\)$/);
  const error = (() => { try { normalizeRequests([['X', 'rel']]); } catch (e) { return e; } return null; })();
  assert.ok(error instanceof InvalidPath);
  assert.equal(error.rule, 'relative');
  assert.equal(error.path, 'rel');
});

test('paths are canonical: slashes collapse, NFC, modes combine, sorted by UTF-8 bytes', () => {
  assert.deepEqual(normalizeRequests([['S', '//A//Cafe\u0301/'], ['IX', '/A/Café'], ['S', '/B']]),
    [['SIX', '/A/Café'], ['S', '/B']]);
  assert.deepEqual(normalizeRequests([['X', '/']]), [['X', '/']]);
  // U+FF01 (EF BC 81) sorts before U+1F600 (F0 9F 98 80) in bytes, after it in UTF-16.
  assert.deepEqual(normalizeRequests([['X', '/\u{1F600}'], ['X', '/\uff01'], ['X', '/Z'], ['X', '/a']]),
    [['X', '/Z'], ['X', '/a'], ['X', '/\uff01'], ['X', '/\u{1F600}']]);
  assert.deepEqual(normalizeRequests([{ mode: 'IS', path: '/x' }, ['X', '/x']]), [['X', '/x']]);
});

test('modes and request counts are refused with the C++ words', () => {
  assert.equal(messageOf(() => normalizeRequests([['Q', '/A']])), 'invalid lock mode "Q": it must be one of IS IX S SIX X');
  assert.equal(messageOf(() => normalizeRequests([['x', '/A']])), 'invalid lock mode "x": it must be one of IS IX S SIX X');
  assert.equal(messageOf(() => normalizeRequests([])), 'no lock requests: a lease needs at least one');
  const many = Array.from({ length: 65 }, (_, i) => ['X', `/p${i + 1}`]);
  assert.equal(messageOf(() => normalizeRequests(many)),
    'too many lock requests: 65 distinct paths, at most 64 are allowed in one lease');
  assert.equal(normalizeRequests(many.slice(0, 64)).length, 64);
  // Duplicates merge before the count.
  assert.equal(normalizeRequests([...many.slice(0, 64), ['S', '/p1']]).length, 64);
});

test('ttl, wait, labels, lease ids and projects are refused with the C++ words', () => {
  assert.equal(messageOf(() => rules.validateTtl(5)), 'ttl 5 ms is out of range: it must be between 10 and 86400000 ms');
  assert.equal(messageOf(() => rules.validateTtl(86400001)),
    'ttl 86400001 ms is out of range: it must be between 10 and 86400000 ms');
  assert.equal(messageOf(() => rules.validateWait(-1, 2000)), 'wait -1 ms is out of range: it must be between 0 and 86400000 ms');
  assert.equal(messageOf(() => rules.validateWait(0, 5)),
    'wait refresh 5 ms is out of range: it must be between 10 and 86400000 ms');
  assert.equal(messageOf(() => rules.validateLabel('owner', 'al\nice')),
    'owner "al\\x0aice" contains NUL or a newline, which labels must not contain');
  assert.equal(messageOf(() => rules.validateLabel('operation', 'up\0load')),
    'operation "up\\x00load" contains NUL or a newline, which labels must not contain');
  assert.match(messageOf(() => rules.validateLabel('owner', 'o'.repeat(257))),
    /^owner "o{256}"\.\.\. \(257 bytes\) is too long: 257 bytes, at most 256 are allowed$/);
  assert.match(messageOf(() => rules.validateLabel('reason', 'é'.repeat(129))), /is too long: 258 bytes/);
  rules.validateLabel('owner', 'o'.repeat(256));
  assert.equal(messageOf(() => rules.validateLabel('operator', '', true)), 'operator is required and must not be empty');
  assert.equal(messageOf(() => rules.validateLeaseId('xyz')), 'lease id "xyz" is malformed: it must be 32 lower-case hex digits');
  assert.equal(messageOf(() => rules.validateLeaseId('0123456789ABCDEF0123456789ABCDEF')),
    'lease id "0123456789ABCDEF0123456789ABCDEF" is malformed: it must be 32 lower-case hex digits');
  assert.equal(messageOf(() => rules.validateLockDelay(-1)),
    'lock-delay -1 ms is out of range: it must be between 0 and 86400000 ms');
  assert.equal(messageOf(() => rules.validateProject('')),
    'invalid project id "": it is empty (project ids are 1-64 characters of A-Z a-z 0-9 _ . -)');
  assert.equal(messageOf(() => rules.validateProject('my project')),
    'invalid project id "my project": character at position 2 is not allowed (project ids are 1-64 characters of A-Z a-z 0-9 _ . -)');
  assert.equal(messageOf(() => rules.validateProject('p'.repeat(65))),
    `invalid project id "${'p'.repeat(65)}": 65 characters, at most 64 are allowed (project ids are 1-64 characters of A-Z a-z 0-9 _ . -)`);
  rules.validateProject('Team_1.prod-eu');
});

test('quoteInput escapes as the C++ quoteInput does', () => {
  assert.equal(quoteInput('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(quoteInput('a\nb\x7f'), '"a\\x0ab\\x7f"');
  assert.equal(quoteInput('\u0085'), '"\\xc2\\x85"');
  assert.equal(quoteInput('/Bücher/日本'), '"/Bücher/日本"');
  assert.equal(quoteInput(Buffer.from([0x61, 0xff, 0x62])), '"a\\xffb"');
  assert.equal(quoteInput(Buffer.from([0xe0, 0x80, 0xaf])), '"\\xe0\\x80\\xaf"');
  assert.equal(quoteInput(Buffer.from([0xe6, 0x97])), '"\\xe6\\x97"');
  const text = 'ab日日cd';
  assert.equal(quoteInput(text, 6), '"ab日日"... (10 bytes)');
  assert.equal(quoteInput(text, 5), '"ab日"... (10 bytes)');
  assert.equal(quoteInput(text, 2), '"ab"... (10 bytes)');
  assert.equal(quoteInput(text, 3), '"ab日"... (10 bytes)');
  assert.equal(quoteInput(text, 10), '"ab日日cd"');
});

test('names follow canonicalName', () => {
  assert.equal(canonicalName('Cafe\u0301'), 'Café');
  assert.equal(messageOf(() => canonicalName('')), 'invalid name "": the name is empty (rule empty-name)');
  assert.equal(messageOf(() => canonicalName('x/y')), 'invalid name "x/y": a name must not contain "/" (rule slash-in-name)');
  assert.equal(messageOf(() => canonicalName('..')), 'invalid name "..": ".." segments are not allowed (rule dot-segment)');
});

test('Redis URLs parse and fail as redisurl.cpp does, never showing the password', () => {
  const a = parseRedisUrl('redis://bob:pw@cache.local');
  assert.equal(a.user, 'bob');
  assert.equal(a.password, 'pw');
  assert.equal(redactedAddress(a), 'redis://bob:***@cache.local:6379');
  assert.equal(redactedAddress(parseRedisUrl('redis://127.0.0.1:6380/3')), 'redis://127.0.0.1:6380/3');
  assert.equal(redactedAddress(parseRedisUrl('redis://:pw@h')), 'redis://:***@h:6379');
  assert.equal(redactedAddress(parseRedisUrl('redis://[::1]:7000')), 'redis://[::1]:7000');
  assert.equal(redactedAddress(parseRedisUrl('unix:///run/redis/redis.sock?db=2')), 'unix:///run/redis/redis.sock?db=2');
  const s = parseRedisUrl('redis+sentinel://u:pw@s1:26380,s2,[::1]:5000/orders/2');
  assert.equal(s.kind, 'sentinel');
  assert.equal(s.masterName, 'orders');
  assert.equal(s.db, 2);
  assert.deepEqual(s.sentinels, [{ host: 's1', port: 26380 }, { host: 's2', port: 26379 }, { host: '::1', port: 5000 }]);
  assert.equal(redactedAddress(s), 'redis+sentinel://u:***@s1:26380,s2:26379,[::1]:5000/orders/2');
  const c = parseRedisUrl('redis+cluster://n1:7000,n2');
  assert.deepEqual(c.clusterNodes, [{ host: 'n1', port: 7000 }, { host: 'n2', port: 6379 }]);
  assert.equal(parseRedisUrl('redis://u:%40t@h').password, '@t');

  const expected = '": expected redis[s]://[user:password@]host[:port][/db], unix:///path, '
    + 'redis[s]+sentinel://host[:port][,host[:port]...]/MASTER or redis[s]+cluster://host[:port][,host[:port]...]';
  for (const url of ['http://x', 'redis:/h', 'h:6379', '']) {
    assert.equal(messageOf(() => parseRedisUrl(url)), `invalid Redis URL "${url}${expected}`);
  }
  assert.equal(messageOf(() => parseRedisUrl('redis://u:p@/2')), 'invalid Redis URL "redis://u:***@/2": host is missing');
  for (const url of ['redis://h:0', 'redis://h:65536', 'redis://h:x', 'redis://h:', 'redis://h:80x', 'redis://h:-1']) {
    assert.equal(messageOf(() => parseRedisUrl(url)), `invalid Redis URL "${url}": port must be a number from 1 to 65535`);
  }
  for (const url of ['redis://h/db', 'redis://h/-1', 'redis://h/1048577', 'redis://h/1/2', 'unix:///s.sock?db=x']) {
    assert.equal(messageOf(() => parseRedisUrl(url)), `invalid Redis URL "${url}": db must be a number from 0 to 1048576`);
  }
  assert.equal(messageOf(() => parseRedisUrl('unix://relative.sock')),
    'invalid Redis URL "unix://relative.sock": unix:// needs an absolute socket path (unix:///path/to.sock)');
  assert.equal(messageOf(() => parseRedisUrl('redis+sentinel://s1,,s2/m')),
    'invalid Redis URL "redis+sentinel://s1,,s2/m": a sentinel\'s host is missing');
  assert.equal(messageOf(() => parseRedisUrl('redis+cluster://n1/3')),
    'invalid Redis URL "redis+cluster://n1/3": a Redis Cluster URL takes nothing after its nodes (a cluster has only db 0); '
    + 'expected redis+cluster://host[:port][,host[:port]...]');
  for (const url of ['redis://u:topsecret@h:99999', 'redis://topsecret@h:bad', 'redis://u:top@secret@h:0',
    'redis://topsecret@h/x', 'redis://u:topsecret@[::1', 'redis://u:topsecret@', 'redis://u:topsecret%zz@h']) {
    const message = messageOf(() => parseRedisUrl(url));
    assert.ok(!message.includes('secret'), message);
    assert.ok(message.includes('***'), message);
  }
});

test('rediss means TLS for every shape, as in tst_redisurl.cpp', () => {
  const one = parseRedisUrl('rediss://u:secret-pw@cache.local:6380/2');
  assert.deepEqual([one.tls, one.host, one.port, one.db], [true, 'cache.local', 6380, 2]);
  assert.equal(redactedAddress(one), 'rediss://u:***@cache.local:6380/2');
  assert.equal(parseRedisUrl('redis://cache.local').tls, false);
  const sentinels = parseRedisUrl('rediss+sentinel://u:pw@s1,s2:26380/mymaster');
  assert.deepEqual([sentinels.tls, sentinels.kind, sentinels.sentinels.length, sentinels.masterName],
    [true, 'sentinel', 2, 'mymaster']);
  assert.equal(redactedAddress(sentinels), 'rediss+sentinel://u:***@s1:26379,s2:26380/mymaster');
  const cluster = parseRedisUrl('rediss+cluster://n1:7000,n2:7001');
  assert.deepEqual([cluster.tls, cluster.clusterNodes.length], [true, 2]);
  assert.equal(redactedAddress(cluster), 'rediss+cluster://n1:7000,n2:7001');
});

test('TLS options need a TLS URL, sentinel credentials a Sentinel URL', () => {
  assert.equal(addressOf('rediss://h:6380', { tlsGiven: true }).tls, true);
  for (const url of ['redis://u:secret-pw@h:6379', 'unix:///tmp/r.sock']) {
    assert.equal(messageOf(() => addressOf(url, { tlsGiven: true })), 'TLS options (CA, certificate, key, SNI or '
      + `insecure) were given, but "${redactedAddress(parseRedisUrl(url))}" does not use TLS: use a rediss:// URL `
      + '(rediss+sentinel://, rediss+cluster://)');
  }
  const a = parseRedisUrl('redis+sentinel://u:data-pw@s1,s2/m/1?sentinel_user=watch&sentinel_password=s%40pw');
  assert.deepEqual([a.user, a.password, a.sentinelUser, a.sentinelPassword, a.db, a.masterName],
    ['u', 'data-pw', 'watch', 's@pw', 1, 'm']);
  assert.equal(redactedAddress(a), 'redis+sentinel://u:***@s1:26379,s2:26379/m/1?sentinel_user=watch&sentinel_password=***');
  assert.equal(messageOf(() => parseRedisUrl('redis+sentinel://s1/m?sentinel_password=hush&colour=red')),
    'invalid Redis URL "redis+sentinel://s1/m?sentinel_password=***&colour=red": unknown parameter "colour"; '
    + 'a Sentinel URL understands ?sentinel_user=U&sentinel_password=P');
  assert.equal(messageOf(() => parseRedisUrl('redis+sentinel://s1/m?db=1')), 'invalid Redis URL '
    + '"redis+sentinel://s1/m?db=1": unknown parameter "db"; a Sentinel URL understands ?sentinel_user=U&sentinel_password=P');
  const url = 'redis+sentinel://s1/m?sentinel_password=from-url';
  assert.equal(addressOf(url, { sentinelPassword: 'from-option' }).sentinelPassword, 'from-option');
  assert.equal(addressOf(url).sentinelPassword, 'from-url');
  assert.equal(messageOf(() => addressOf('redis://:pw@h', { sentinelPassword: 'x' })), 'sentinel credentials were '
    + 'given, but "redis://:***@h:6379" is not a Sentinel URL (redis+sentinel:// or rediss+sentinel://)');
  for (const bad of ['redis://127.0.0.1:7000?db=2', 'redis+cluster://n1:7000?db=2', 'rediss://h?sentinel_password=x',
    'rediss+cluster://n1?db=2']) {
    assert.equal(messageOf(() => parseRedisUrl(bad)), `invalid Redis URL "${redactUrl(bad)}": query parameters are `
      + 'understood only by unix:// (?db=N) and Sentinel URLs (?sentinel_user=U&sentinel_password=P); give the db as '
      + 'a path, redis://host:port/N');
  }
  assert.equal(redactUrl('redis+sentinel://s1/m?sentinel_password=p1&sentinel_password=p2'),
    'redis+sentinel://s1/m?sentinel_password=***&sentinel_password=***');
  for (const bad of ['rediss://u:topsecret@h:99999', 'rediss+sentinel://s1/m?sentinel_password=topsecret&x=1',
    'rediss+sentinel://s1/m?sentinel_password=topsecret%zz', 'rediss+cluster://u:topsecret@n1/3']) {
    const message = messageOf(() => parseRedisUrl(bad));
    assert.ok(!message.includes('topsecret') && message.includes('***'), message);
  }
});

test('the policy copies equal resources/policies', () => {
  const originals = path.resolve(__dirname, '..', '..', '..', 'resources', 'policies');
  const copies = path.resolve(__dirname, '..', 'policies');
  const names = fs.readdirSync(originals).filter((f) => f.endsWith('.json')).sort();
  assert.ok(names.length > 0);
  assert.deepEqual(fs.readdirSync(copies).filter((f) => f.endsWith('.json')).sort(), names);
  for (const name of names) {
    assert.ok(fs.readFileSync(path.join(copies, name)).equals(fs.readFileSync(path.join(originals, name))),
      `clients/node/policies/${name} differs from resources/policies/${name}: copy it again`);
  }
});

test('the policy plans operations as policy.cpp does', () => {
  const seed = Policy.builtin('seed');
  const fine = Policy.builtin();
  assert.deepEqual(seed.plan('move-folder', ['/A/C', '/B']), [['X', '/A/C'], ['SIX', '/B'], ['X', '/B/C']]);
  assert.deepEqual(fine.plan('move-folder', ['/A/C', '/B']), [['X', '/A/C'], ['X', '/B/C']]);
  assert.deepEqual(fine.plan('copy-file', ['/A/a.txt', '/B']), [['S', '/A/a.txt'], ['X', '/B/a.txt']]);
  assert.deepEqual(fine.plan('rename-folder', ['/A/C', 'E2']), [['X', '/A/C'], ['X', '/A/E2']]);
  assert.deepEqual(fine.plan('create', ['/A', 'new.txt']), [['X', '/A/new.txt']]);
  assert.deepEqual(fine.plan('delete-file', ['/A/a.txt']), [['X', '/A/a.txt']]);
  assert.deepEqual(fine.plan('purge', ['A', '/B', '/.recycle/C']),
    [['X', '/.recycle/A'], ['X', '/.recycle/B'], ['X', '/.recycle/C']]);
  assert.equal(messageOf(() => fine.plan('move-folder', ['/A/C'])), 'move-folder needs SRC DSTFOLDER, got 1 argument');
  assert.equal(messageOf(() => fine.plan('purge', [])), 'purge needs ITEM..., got 0 arguments');
  assert.equal(messageOf(() => fine.plan('move-folder', ['/', '/B'])), 'move-folder: cannot move the root "/"');
  assert.equal(messageOf(() => fine.plan('move-folder', ['/A', '/A/C'])),
    'move-folder: cannot move "/A" into its own subtree "/A/C"');
  assert.equal(messageOf(() => fine.plan('copy-folder', ['/A', '/A'])), 'copy-folder: cannot copy "/A" into itself');
  assert.equal(messageOf(() => fine.plan('move-file', ['/A/a.txt', '/A'])),
    'move-file: cannot move "/A/a.txt" into "/A": it is already there (the destination equals the source)');
  assert.equal(messageOf(() => fine.plan('rename-file', ['/A/a.txt', 'a.txt'])),
    'rename-file: cannot rename "/A/a.txt" to "a.txt": the new name is the current name');
  assert.equal(messageOf(() => fine.plan('create', ['/A', 'x/y'])),
    'create NAME: invalid name "x/y": a name must not contain "/" (rule slash-in-name)');
  assert.equal(messageOf(() => fine.plan('rename-file', ['A/b', 'c'])),
    'rename-file SRC: invalid path "A/b": a path must be absolute (start with "/") (rule relative)');
  assert.equal(messageOf(() => fine.plan('purge', ['/.recycle'])),
    'purge: item "/.recycle" names the recycle bin itself; give items inside it ("A", "/A" and "/.recycle/A" all mean "/.recycle/A")');
  assert.equal(messageOf(() => fine.plan('explode', ['/A'])),
    'unknown operation "explode": expected one of create, upload, move-folder, move-file, copy-folder, copy-file, '
    + 'rename-folder, rename-file, delete-folder, delete-file, purge');
  assert.equal(messageOf(() => Policy.builtin('coarse')), 'unknown policy profile "coarse" (built-in profiles: fine, seed)');
  assert.throws(() => Policy.fromJson('{"name": "x", "operations": {"move": []}}'),
    (e) => e instanceof InvalidPolicy && e.message === 'policy "x": operations.move: unknown operation (known: create, '
      + 'upload, move-folder, move-file, copy-folder, copy-file, rename-folder, rename-file, delete-folder, delete-file, purge)');
});

test('policy documents are checked in the C++ order, with its words', () => {
  const ops = Object.fromEntries(require('../lib/policy').operationNames().map((op) => [op, [{ target: 'source', mode: 'X' }]]));
  const doc = (extra) => JSON.stringify({ name: 'x', ...extra });
  const policyError = (json) => {
    try {
      Policy.fromJson(json);
    } catch (error) {
      assert.ok(error instanceof InvalidPolicy, error.message);
      return error.message;
    }
    return assert.fail('accepted');
  };
  assert.equal(policyError('{}'), 'policy: name: missing');
  assert.equal(policyError(doc({ zz: 1, foo: 1 })), 'policy "x": foo: unknown key (known keys: name, description, recycle_bin, operations)');
  // Entries in byte order, as nlohmann::json keeps them: "create" before "upload".
  assert.equal(policyError(doc({ operations: { ...ops, upload: [{ target: 'parent', mode: 'X' }], create: [{ target: 'source', mode: 'W' }] } })),
    'policy "x": operations.create[0].target: "source" is not a target of create (valid: folder, new)');
  assert.equal(policyError(doc({ operations: { ...ops, create: [{ target: 'new', mode: 'W' }] } })),
    'policy "x": operations.create[0].mode: "W" is not a lock mode (one of IS IX S SIX X)');
  const { purge, ...withoutPurge } = ops;
  assert.ok(purge);
  assert.equal(policyError(doc({ operations: { ...withoutPurge, create: [{ target: 'new', mode: 'X' }], upload: [{ target: 'new', mode: 'X' }] } })),
    'policy "x": operations.purge: missing');
});

test('the retry delay is jittered backoff bounded by the blocker and the time left', () => {
  for (let i = 0; i < 50; ++i) {
    const first = nextRetryDelay(0, null, 10000, 5, 250);
    assert.ok(first >= 2.5 && first <= 5, `${first}`);
    const late = nextRetryDelay(20, null, 10000, 5, 250);
    assert.ok(late >= 125 && late <= 250, `${late}`);
    assert.ok(nextRetryDelay(20, 10, 10000, 5, 250) <= 11);
    assert.ok(nextRetryDelay(20, null, 3, 5, 250) <= 3);
  }
});

test('the function library is composed from the checkout\'s lua/ folder', () => {
  const { library, checkoutLua } = require('../lib/library');
  const { VERBS } = require('../lib/composer');
  const lua = path.resolve(__dirname, '..', '..', '..', 'lua');
  assert.equal(checkoutLua(), lua);
  const { name, body } = library();
  assert.match(name, /^tl_[0-9a-f]{16}$/);
  assert.equal(require('..').libraryName(), name);
  assert.ok(body.subarray(0, 40).toString().startsWith(`#!lua name=${name}\n`));
  const { PROLOGUE } = require('../lib/composer');
  assert.ok(body.includes(Buffer.concat(PROLOGUE.map((part) => fs.readFileSync(path.join(lua, `${part}.lua`))))));
  for (const [verb] of VERBS) {
    assert.ok(body.includes(fs.readFileSync(path.join(lua, `${verb}.lua`))), verb);
    assert.ok(body.includes(`function_name = '${name}_${verb}'`), verb);
  }
});
