'use strict';
// The conformance runner of tests/protocol/README.md: runs one case (its steps, on a
// fresh project, one Client per named client) and compares every answer with its
// expectation. Used by test/protocol.test.js.

const crypto = require('node:crypto');
const { Client, Refused, TreelockError } = require('..');

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

class Mismatch extends Error {}

const show = (value) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v));

function isPlaceholder(value) {
  return typeof value === 'string' && value.length > 1 && value[0] === '$';
}

/** The number a `gt`/`lt` bound stands for: a number, or a bound placeholder. */
function boundNumber(x, vars, where) {
  if (isPlaceholder(x)) {
    const name = x.slice(1);
    if (!(name in vars)) throw new Mismatch(`${where}: placeholder ${x} is not bound yet`);
    return vars[name];
  }
  return x;
}

function sameValue(a, b) {
  return show(a) === show(b);
}

/**
 * Checks `actual` against `expected` as the README says: equal primitives, "$NAME"
 * placeholders (bind, then compare), "*", {between: [lo, hi]}, {gt: x}, {lt: x}, lists
 * item by item, objects by their named keys. Throws Mismatch naming where.
 */
function match(expected, actual, vars, where) {
  if (isPlaceholder(expected)) {
    const name = expected.slice(1);
    if (!(name in vars)) {
      vars[name] = actual;
      return;
    }
    if (!sameValue(vars[name], actual)) {
      throw new Mismatch(`${where}: expected ${expected} = ${show(vars[name])}, got ${show(actual)}`);
    }
    return;
  }
  if (expected === '*') return;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) throw new Mismatch(`${where}: expected a list, got ${show(actual)}`);
    if (actual.length !== expected.length) {
      throw new Mismatch(`${where}: expected ${expected.length} items, got ${actual.length}: ${show(actual)}`);
    }
    expected.forEach((item, i) => match(item, actual[i], vars, `${where}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    const keys = Object.keys(expected);
    if (keys.length === 1 && keys[0] === 'between' && Array.isArray(expected.between)) {
      const [lo, hi] = expected.between.map((x) => boundNumber(x, vars, where));
      if (typeof actual !== 'number' || actual < lo || actual > hi) {
        throw new Mismatch(`${where}: expected a number between ${lo} and ${hi}, got ${show(actual)}`);
      }
      return;
    }
    if (keys.length <= 2 && keys.length > 0 && keys.every((k) => k === 'prefix' || k === 'suffix')
        && keys.every((k) => typeof expected[k] === 'string')) {
      const ok = typeof actual === 'string' && (expected.prefix === undefined || actual.startsWith(expected.prefix))
        && (expected.suffix === undefined || actual.endsWith(expected.suffix));
      if (!ok) {
        throw new Mismatch(`${where}: expected a text starting ${show(expected.prefix ?? '')} and ending `
          + `${show(expected.suffix ?? '')}, got ${show(actual)}`);
      }
      return;
    }
    if (keys.length === 1 && (keys[0] === 'gt' || keys[0] === 'lt')) {
      const x = boundNumber(expected[keys[0]], vars, where);
      const ok = typeof actual === 'number' && (keys[0] === 'gt' ? actual > x : actual < x);
      if (!ok) throw new Mismatch(`${where}: expected a number ${keys[0] === 'gt' ? 'above' : 'below'} ${x}, got ${show(actual)}`);
      return;
    }
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      throw new Mismatch(`${where}: expected an object, got ${show(actual)}`);
    }
    for (const key of keys) {
      if (!(key in actual)) throw new Mismatch(`${where}: no "${key}" in the answer ${show(actual)}`);
      match(expected[key], actual[key], vars, `${where}.${key}`);
    }
    return;
  }
  if (expected !== actual) throw new Mismatch(`${where}: expected ${show(expected)}, got ${show(actual)}`);
}

/** Compares a step's answer with its `expect` (exactly one answer key, or several for leases/waiters). */
function check(expect, answer, vars, where) {
  if (expect === undefined || expect === null) return;
  for (const key of Object.keys(expect)) {
    if (!(key in answer)) {
      throw new Mismatch(`${where}: expected ${key} ${show(expect[key])}, got ${show(answer)}`);
    }
    match(expect[key], answer[key], vars, `${where}: ${key}`);
  }
}

/**
 * The inputs too long to write out: {repeat, times} is the text repeated;
 * {numbered, prefix, count} is [[mode, prefix1], ..., [mode, prefixN]].
 */
function expand(value) {
  if (Array.isArray(value)) return value.map(expand);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort().join(',');
  if (keys === 'repeat,times') return String(value.repeat).repeat(value.times);
  if (keys === 'count,numbered,prefix') {
    return Array.from({ length: value.count }, (_, i) => [value.numbered, `${value.prefix}${i + 1}`]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v)]));
}

const snakeBlocker = (b) => ({
  lease: b.lease,
  owner: b.owner,
  op: b.op,
  path: b.path,
  mode: b.mode,
  expires_in_ms: b.expiresInMs,
  clash_path: b.clashPath,
  held_mode: b.heldMode,
  wanted: b.wanted,
  queued: b.queued,
});

/**
 * Runs one case against the Redis at `url`, each client made with `options` (TLS and such)
 * as well. Throws Mismatch (or the unexpected error).
 */
async function runCase(testCase, url, options = {}) {
  const project = `proto-${crypto.randomBytes(6).toString('hex')}`;
  const clients = new Map();
  const vars = {};
  const tasks = new Map();

  const clientNamed = async (name = 'a') => {
    if (!clients.has(name)) clients.set(name, Client.fromUrl(url, { ...options, project, owner: name }));
    return clients.get(name);
  };
  // A bound lease name (or "$NAME") is its id; anything else is taken literally.
  const leaseArg = (value) => {
    if (typeof value !== 'string') return value;
    const name = isPlaceholder(value) ? value.slice(1) : value;
    return name in vars ? vars[name] : value;
  };
  const bindLease = (name, id) => {
    if (typeof name !== 'string') return;
    vars[isPlaceholder(name) ? name.slice(1) : name] = id;
  };

  // Answers of the verbs that may refuse: TreelockError becomes {error}, Refused {refused}.
  const guarded = async (body) => {
    try {
      return await body();
    } catch (error) {
      if (error instanceof Refused) return { refused: snakeBlocker(error.blocker) };
      if (error instanceof TreelockError) return { error: error.message };
      throw error;
    }
  };

  const run = async (step) => {
    const args = expand(step.args || {});
    if (step.do === 'sleep') {
      await sleep(args.ms === undefined ? step.ms : args.ms);
      return {};
    }
    const client = await clientNamed(step.client);
    switch (step.do) {
      case 'acquire':
      case 'operation':
        return guarded(async () => {
          const options = {
            // A case's owner defaults to "anonymous"; a bound lease name is not re-entered
            // (tests/protocol/README.md).
            owner: args.owner === undefined ? 'anonymous' : args.owner,
            ttlMs: args.ttl_ms === undefined ? 30000 : args.ttl_ms,
            waitMs: args.wait_ms === undefined ? 0 : args.wait_ms,
            holding: (args.holding || []).map(leaseArg),
          };
          // "as" names the lease this acquire asks for (a re-entry); "call" is its call id.
          if (args.as !== undefined) options.leaseId = leaseArg(args.as);
          if (args.call !== undefined) options.callId = args.call;
          if (args.renew_every_ms !== undefined) options.renewEveryMs = args.renew_every_ms;
          const lease = step.do === 'acquire'
            ? await client.acquire({ ...options, requests: args.requests, op: args.op === undefined ? 'lock' : args.op })
            : await client.acquireOperation(args.operation, args.paths,
              { ...options, profile: args.profile === undefined ? 'seed' : args.profile });
          if (args.lease !== undefined) bindLease(args.lease, lease.id);
          // A grant's expiry is the server's now + ttl: expires_in_ms is the ttl, exactly.
          return {
            granted: {
              lease: lease.id, fence: lease.fence, holds: lease.holds, expires_in_ms: lease.ttlMs, requests: lease.requests,
            },
          };
        });
      case 'release':
        return guarded(async () => {
          const r = await client.release(leaseArg(args.lease));
          return { status: r.status, remaining_holds: r.remainingHolds };
        });
      case 'renew':
        return guarded(async () => {
          const id = leaseArg(args.lease);
          let ttl = args.ttl_ms;
          if (ttl === undefined) {
            // Renewed by its own TTL: the server's new expiry is now + that TTL.
            const found = (await client.snapshot()).leases.find((l) => l.id === id);
            ttl = found ? found.ttlMs : undefined;
          }
          const r = await client.renew(id, args.ttl_ms);
          return { status: r.status, expires_in_ms: r.status === 'ok' ? ttl : 0 };
        });
      case 'force_release':
        return guarded(async () => {
          const r = await client.forceRelease(leaseArg(args.lease), {
            operator: args.operator,
            reason: args.reason,
            host: args.host === undefined ? '' : args.host,
            admin: args.admin === undefined ? false : args.admin,
            lockDelayMs: args.lock_delay_ms === undefined ? 0 : args.lock_delay_ms,
          });
          return { status: r.status };
        });
      case 'leases':
        return guarded(async () => {
          const snap = await client.snapshot();
          return {
            leases: snap.leases.map((l) => ({
              lease: l.id,
              owner: l.owner,
              op: l.op,
              requests: l.requests,
              fence: l.fence,
              holds: l.holds,
              ttl_ms: l.ttlMs,
              expires_in_ms: Math.max(0, l.expiresAtMs - snap.serverTimeMs),
              revoked: l.revoked,
            })),
            waiters: snap.waiters.map((w) => ({
              lease: w.id, owner: w.owner, op: w.op, requests: w.requests, holds_back: w.holdsBack,
            })),
          };
        });
      default:
        throw new Mismatch(`unknown verb ${show(step.do)}`);
    }
  };

  try {
    for (const [i, step] of (testCase.steps || []).entries()) {
      const where = `step ${i + 1} (${step.do}${step.client ? ` by ${step.client}` : ''})`;
      if (step.do === 'await') {
        const awaitArgs = step.args || {};
        const name = awaitArgs.task || step.task;
        const task = tasks.get(name);
        if (!task) throw new Mismatch(`${where}: no task ${show(name)} was started`);
        tasks.delete(name);
        const awaitStarted = Date.now();
        const { answer, failure, at } = await task.promise;
        if (failure) throw failure;
        const within = awaitArgs.within_ms;
        if (within !== undefined && at - awaitStarted > within) {
          throw new Mismatch(`${where}: ${name} finished ${at - awaitStarted} ms after the await began, `
            + `not within ${within} ms`);
        }
        check(step.expect !== undefined ? step.expect : task.step.expect, answer, vars, `${where} of ${name}`);
        continue;
      }
      if (step.async) {
        // Kept settled-or-answered so a failure surfaces at its await, not as an unhandled rejection.
        const promise = run(step).then((answer) => ({ answer, at: Date.now() }), (failure) => ({ failure }));
        tasks.set(step.async, { step, promise });
        continue;
      }
      check(step.expect, await run(step), vars, where);
    }
  } finally {
    await Promise.all([...tasks.values()].map((t) => t.promise));
    await Promise.all([...clients.values()].map(async (c) => {
      try {
        await (await c).close();
      } catch {
        // A client that never connected has nothing to close.
      }
    }));
  }
}

module.exports = { runCase, match, check, Mismatch };
