'use strict';
// A smoke test through Sentinel: redis+sentinel:// finds the primary, grants, refuses,
// wakes a waiter and releases.

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { Client } = require('..');
const { startSentinel } = require('../testsupport/redis');
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
