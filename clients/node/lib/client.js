'use strict';
// Client: one project on one Redis (single server, Sentinel or Cluster), speaking the
// Treelock function library. Thin by design: every lock rule runs inside Redis; this
// file validates input, builds FCALLs, decodes replies, waits and renews.

const os = require('node:os');
const IORedis = require('ioredis');
const errors = require('./errors');
const rules = require('./rules');
const { Policy } = require('./policy');
const { addressOf, redactedAddress } = require('./url');
const {
  newConnection, connectionError, connectWithin, Explained,
} = require('./connection');
const { tlsGiven, readTls } = require('./tls');
const { library, WAITER_VERBS } = require('./library');
const { text, int, blockerOf, Lease } = require('./replies');
const { nextRetryDelay, WakeChannel } = require('./waiting');
const { keepRenewed, monotonicMs, renewalPeriodMs } = require('./watchdog');
const { sendUntilAnswered } = require('./repeat');

const {
  InvalidInput, Refused, ProtocolError, ScriptError, ConnectionError,
} = errors;
const { ReplyError } = IORedis;

const REAP_BATCH = 16; // expired leases reaped at the start of an acquire (kReapBatch)
const SNAPSHOT_PAGE = 5000;
const STATUS = { 0: 'unknown', 1: 'ok', 2: 'expired', 3: 'live' };

/**
 * The status a release or force-release answered, as its caller must read it: a repeat
 * that found no lease ("unknown") after an answer was lost means the first attempt ended
 * the lease ("gone").
 */
function endedStatus(code, tally) {
  const status = STATUS[int(code)] || 'unknown';
  return status === 'unknown' && tally.lost > 0 ? 'gone' : status;
}

const DEFAULTS = {
  connectTimeoutMs: 2000,
  commandTimeoutMs: 5000,
  failoverTimeoutMs: 15000, // RedisOptions::failoverTimeout
  waitRefreshMs: 2000, // kWaitRefresh
  minBackoffMs: 5, // retry::kMinBackoff
  maxBackoffMs: 250, // retry::kMaxBackoff
};

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

function defaultOwner() {
  let user = 'unknown';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry for this uid (containers): keep "unknown".
  }
  return `${user}@${os.hostname()}`;
}

class Client {
  /**
   * Connects to the Redis at `url` for `project`. Validates the project id, connects
   * (within connectTimeoutMs), loads the function library if the server lacks it, and
   * refuses a project holding locks of an earlier layout.
   */
  static async fromUrl(url, options = {}) {
    const project = options.project === undefined ? 'default' : options.project;
    rules.validateProject(project);
    const owner = options.owner === undefined ? defaultOwner() : options.owner;
    rules.validateLabel('owner', owner);
    const settings = { ...DEFAULTS };
    for (const key of Object.keys(DEFAULTS)) {
      if (options[key] !== undefined) {
        if (!Number.isInteger(options[key]) || options[key] < 1) {
          throw new InvalidInput(`${key} ${rules.describeValue(options[key])} must be a positive whole number`);
        }
        settings[key] = options[key];
      }
    }
    rules.validateTtl(settings.waitRefreshMs, 'wait refresh');
    const { sentinelUser, sentinelPassword } = options;
    const address = addressOf(url, { sentinelUser, sentinelPassword, tlsGiven: tlsGiven(options.tls) });
    const tlsSettings = address.tls ? readTls(options.tls || {}) : null;
    const client = new Client(address, project, owner, settings, tlsSettings);
    if (tlsSettings && tlsSettings.insecure) {
      process.emitWarning(`TLS to ${client.url} verifies nothing (tls.insecure): the connection is encrypted, but to `
        + 'whoever answers', { type: 'InsecureTlsWarning', code: 'TREELOCK_TLS_INSECURE' });
    }
    try {
      await client._connect();
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  /** Use Client.fromUrl. */
  constructor(address, project, owner, settings, tlsSettings = null) {
    this.project = project;
    this.owner = owner;
    this.url = redactedAddress(address);
    this.libraryName = library().name;
    this._address = address;
    this._settings = settings;
    this._tls = tlsSettings;
    this._cluster = address.kind === 'cluster';
    const prefix = `tl:{${project}}:`;
    this._keys = {
      state: `${prefix}state`,
      expiry: `${prefix}expiry`,
      events: `${prefix}events`,
      waiters: `${prefix}waiters`,
      hot: `${prefix}hot`,
      wake: `${prefix}wake`,
    };
    this._publish = this._cluster ? 'SPUBLISH' : 'PUBLISH';
    this._lastError = null;
    this._loaded = false;
    this._loading = null;
    this._cannotLoad = null; // the NOPERM refusal of FUNCTION LOAD, if any
    this._wake = null; // WakeChannel, on the first waiting acquire
    this._wakeSetup = null;
    this._closed = false;
    this._redis = this._newConnection(false);
  }

  // ---------------------------------------------------------------- connection

  _newConnection(subscriber) {
    return newConnection(this._address, this._settings, {
      tlsSettings: this._tls,
      subscriber,
      onError: (error) => { this._lastError = error; },
    });
  }

  _connectionError(error, what = 'call') {
    return connectionError(this.url, error, this._lastError, what);
  }

  async _connect() {
    try {
      await connectWithin(this._redis, this._address, this._settings, this._tls);
    } catch (error) {
      if (error instanceof Explained) {
        throw new ConnectionError(`Redis at ${this.url}: connect failed: ${error.message}`, { cause: error });
      }
      throw this._connectionError(error, 'connect');
    }
    if (!this._cluster) await this._refuseClusterNode();
    await this._loadLibrary();
    // A project written by a version before the state hash is refused, never mixed.
    const prefix = `tl:{${this.project}}:`;
    const older = [`${prefix}nodes`, `${prefix}who`, `${prefix}leases`];
    const found = await this._command(['EXISTS', ...older]);
    if (found > 0) {
      throw new InvalidInput(`project ${this.project} on Redis at ${this.url} holds locks in the layout of an earlier `
        + `Treelock version (${older[0]} and others): release them with that version, or delete the project's keys `
        + `(${prefix}*), then connect again`);
    }
  }

  /**
   * A plain URL at a Redis Cluster node would work until the project's slot moved: it is
   * refused as the wrong URL it is. (A user without INFO is not checked.)
   */
  async _refuseClusterNode() {
    let info;
    try {
      info = String(await this._command(['INFO', 'cluster']));
    } catch (error) {
      if (error instanceof ReplyError) return;
      throw error;
    }
    if (/^cluster_enabled:1\s*$/m.test(info)) {
      throw new InvalidInput(`Redis at ${this.url} is a Redis Cluster node: connect with a redis+cluster:// URL `
        + '(naming this node will do)');
    }
  }

  /**
   * A plain command on the project's server (the slot's owner on a cluster), sent again
   * while its answer is lost or it did not run, within the failover timeout (repeat.js);
   * connection problems become ConnectionError, error replies come back as they are.
   * `tally` counts the answers lost on the way.
   */
  async _command(args, buffers = false, tally = null) {
    if (this._closed) throw new ConnectionError(`Redis at ${this.url}: the client is closed`);
    return sendUntilAnswered({
      send: () => (buffers ? this._redis.callBuffer(...args) : this._redis.call(...args)),
      kind: this._address.kind,
      written: () => this._redis.status === 'ready',
      fail: (error) => this._connectionError(error, args[0]),
      lastError: () => this._lastError,
      closed: () => this._closed,
      timeoutMs: this._settings.failoverTimeoutMs,
      tally,
    });
  }

  _primaries() {
    return this._cluster ? this._redis.nodes('master') : [this._redis];
  }

  /** FUNCTION LOAD of the library on the server (every primary of a cluster). */
  _loadLibrary() {
    if (this._loading) return this._loading;
    this._loading = (async () => {
      const lib = library();
      try {
        for (const node of this._primaries()) {
          try {
            await node.call('FUNCTION', 'LOAD', lib.body);
          } catch (error) {
            if (!(error instanceof ReplyError)) throw this._connectionError(error, 'FUNCTION LOAD');
            const message = error.message;
            // Another client loaded the same version first: the name says it is this code.
            if (message.includes('already exists')) continue;
            if (message.includes('NOPERM')) {
              this._cannotLoad = await this._describeNoPermission(node, message);
              continue;
            }
            let hint = '';
            if (/unknown command/i.test(message)) hint = ' (Redis 7.0 or later is needed)';
            throw new ScriptError(`cannot load the Treelock function library ${lib.name}: ${message}${hint}`);
          }
        }
        this._loaded = true;
      } finally {
        this._loading = null;
      }
    })();
    return this._loading;
  }

  async _describeNoPermission(node, message) {
    const lib = library();
    let held;
    try {
      const list = await node.call('FUNCTION', 'LIST', 'LIBRARYNAME', 'tl_*');
      const names = [];
      for (const entry of list) {
        for (let i = 0; i + 1 < entry.length; i += 2) {
          if (String(entry[i]) === 'library_name') names.push(String(entry[i + 1]));
        }
      }
      held = names.length ? `the server holds ${names.join(', ')}` : 'the server holds no tl_ library';
    } catch (error) {
      held = `the server's tl_ libraries cannot be listed (${error.message})`;
    }
    return `cannot load the Treelock function library ${lib.name} on Redis at ${this.url}: ${message} (this server `
      + 'does not have this version\'s functions yet, and this user may not FUNCTION LOAD: connect once with a user '
      + `that may, such as the admin user of docs/security.md); ${held}`;
  }

  /**
   * FCALL of `verb` with its keys, the wake-up command and `args`; loads the library on
   * "Function not found" and tries once more. Returns the reply; {-1, message} becomes
   * ProtocolError (InvalidInput for the two refusals of a lease id only Redis can see).
   */
  async _fcall(verb, args, tally = null) {
    const lib = library();
    const fn = `${lib.name}_${verb}`;
    const k = this._keys;
    const keys = WAITER_VERBS.has(verb) ? [k.state, k.expiry, k.events, k.waiters, k.hot] : [k.state, k.expiry, k.events];
    const command = ['FCALL', fn, keys.length, ...keys, this._publish, ...args];
    for (let attempt = 0; attempt < 2; ++attempt) {
      if (!this._loaded) await this._loadLibrary();
      let reply;
      try {
        reply = await this._command(command, true, tally);
      } catch (error) {
        if (!(error instanceof ReplyError)) throw error;
        if (error.message.includes('Function not found')) {
          if (this._cannotLoad) throw new ScriptError(this._cannotLoad);
          this._loaded = false; // FUNCTION FLUSH, a restarted server, a new cluster node
          continue;
        }
        // TLPROTOCOL (a newer protocol keeps this project), NOPERM, OOM, BUSY...: reported as they are.
        throw new ScriptError(`Redis refused script ${verb}: ${error.message}`);
      }
      if (Array.isArray(reply) && reply.length === 2 && reply[0] === -1) {
        const message = text(reply[1]);
        if (message.startsWith('lease id is revoked') || message.startsWith('lease id in use')) {
          throw new InvalidInput(message);
        }
        throw new ProtocolError(fn, message);
      }
      return reply;
    }
    throw new ScriptError(`Redis keeps losing the Treelock function library ${lib.name} `
      + '("Function not found" after FUNCTION LOAD)');
  }

  // ---------------------------------------------------------------- verbs

  /** One acquire call, no waiting: {granted: Lease} or {blocker}. Input already normalised. */
  async _acquireOnce(requests, {
    owner, op, ttlMs, id, waitMs, waitRefreshMs, holding, callId, renewEveryMs,
  }) {
    // ARGV 10, the leases the caller holds (empty: none), then ARGV 11, the call id that
    // makes sending the call again safe: it cannot add a hold twice; ARGV 12, when the
    // holder says how often it renews the lease.
    const args = [rules.wireLeaseId(id), owner, op, String(ttlMs), String(REAP_BATCH),
      String(waitMs), rules.formatRequests(requests), String(waitRefreshMs),
      Buffer.concat(holding.map((h) => rules.wireLeaseId(h))), callId];
    if (renewEveryMs > 0) args.push(String(renewEveryMs));
    const reply = await this._fcall('acquire', args);
    if (int(reply[0]) === 1) {
      return {
        lease: new Lease({
          id, fence: int(reply[1]), expiresAtMs: int(reply[2]), ttlMs, holds: int(reply[3]), requests, owner, op,
        }),
      };
    }
    return { blocker: blockerOf(reply, 1) };
  }

  /**
   * Takes `requests` ([[mode, path], ...]) all-or-nothing. Resolves to a Lease, or
   * rejects with Refused carrying the blocker. With waitMs > 0 it waits as LockClient
   * does: every attempt asks for the same lease id and registers a waiter, sleeps on the
   * project's wake-up channel with a jittered backoff bounded by the blocker's expiry,
   * and cancels its registration when the wait runs out. `leaseId` re-enters a live
   * lease (same requests: one more hold). `holding` names the ids of leases the caller
   * already holds (at most 64): a waiter that waits for one of them does not hold this
   * call back, so the two never wait for each other.
   *
   * The call is sent again when its answer is lost (see release), with the same `callId`
   * (at most 64 bytes without NUL; by default 16 random hex digits, drawn for each call),
   * so it takes effect once. A caller that may run the same acquire again as a whole (a
   * process that died and starts over) gives `leaseId` and a `callId` of its own, the
   * lease id will do: the repeat answers the same grant (fence, holds), never a second
   * hold. Each lease remembers the call id of its last change of holds only.
   *
   * `renewEveryMs` says how often the caller will renew the lease (0, the default: it
   * does not say; else 10 ms to ttlMs). Once such a lease has gone 1.5 periods without a
   * renewal, fairness presumes its holder dead: a waiter it blocks no longer holds back
   * newer requests. The lease still excludes until it expires. lock() says its
   * watchdog's period itself.
   */
  async acquire(options = {}) {
    return this._acquire(options, false);
  }

  // acquire; a lease the watchdog will keep says the watchdog's period.
  async _acquire(options, watchdog) {
    const {
      requests, ttlMs = 30000, waitMs = 0, op = 'lock', leaseId, holding = [], callId, renewEveryMs = 0,
    } = options;
    const owner = options.owner === undefined ? this.owner : options.owner;
    const normal = rules.normalizeRequests(requests);
    rules.validateTtl(ttlMs);
    rules.validateLabel('owner', owner);
    rules.validateLabel('operation', op);
    if (leaseId !== undefined) rules.validateLeaseId(leaseId);
    rules.validateWait(waitMs, this._settings.waitRefreshMs);
    if (holding.length > rules.MAX_HOLDING) {
      throw new InvalidInput(`holding names ${holding.length} leases, at most ${rules.MAX_HOLDING} are allowed`);
    }
    for (const held of holding) rules.validateLeaseId(held);
    if (callId !== undefined) rules.validateCallId(callId);
    if (!watchdog) rules.validateRenewEvery(renewEveryMs, ttlMs);
    return this._acquireLoop(normal, {
      owner, op, ttlMs, waitMs, leaseId, holding, callId: callId || rules.newCallId(),
      renewEveryMs: watchdog ? renewalPeriodMs(ttlMs) : renewEveryMs,
    });
  }

  // One call id for every attempt: a refused attempt records none, and a granted one is
  // the call its repeats name.
  async _acquireLoop(requests, {
    owner, op, ttlMs, waitMs, leaseId, holding, callId, renewEveryMs,
  }) {
    const s = this._settings;
    const id = leaseId === undefined ? rules.newLeaseId() : leaseId;
    const waits = waitMs > 0;
    const deadline = monotonicMs() + waitMs;
    let attempts = 0;
    let retry = 0;
    let waiter = null;
    let subscribed = false;
    const giveUp = async () => {
      if (!waits) return;
      try {
        await this.cancelWait(id);
      } catch {
        // Unreachable: the registration ends by itself after the wait refresh.
      }
    };
    try {
      for (;;) {
        const started = monotonicMs();
        // A waiting acquire says so up to its last attempt (at least 1 ms), so that
        // attempt still counts as the waiter's.
        const attemptWait = waits ? Math.max(1, Math.floor(deadline - started)) : 0;
        let result;
        try {
          result = await this._acquireOnce(requests, {
            owner, op, ttlMs, id, waitMs: Math.min(attemptWait, rules.MAX_TTL_MS), waitRefreshMs: waits ? s.waitRefreshMs : 0,
            holding, callId, renewEveryMs,
          });
        } catch (error) {
          await giveUp();
          throw error;
        }
        ++attempts;
        if (result.lease) {
          // Where the watchdog counts from: before the granting call was sent.
          Object.defineProperty(result.lease, 'grantStartedMs', { value: started, enumerable: false });
          return result.lease;
        }
        const { blocker } = result;
        const now = monotonicMs();
        if (now >= deadline) {
          await giveUp();
          throw new Refused(blocker, { timedOut: waits, attempts, waitedMs: waitMs });
        }
        if (!subscribed) {
          // Subscribe, then try again at once: a release between the refused attempt and
          // the subscription would otherwise go unnoticed.
          subscribed = true;
          waiter = await this._wakeWaiter();
          continue;
        }
        const blockerExpiresIn = blocker.lease && !blocker.queued ? blocker.expiresInMs : null;
        // The next attempt comes well within the registration's refresh period.
        const maxBackoff = Math.min(s.maxBackoffMs, s.waitRefreshMs / 3);
        const delay = nextRetryDelay(retry++, blockerExpiresIn, deadline - now, Math.max(1, s.minBackoffMs),
          Math.max(maxBackoff, 1));
        if (waiter) await waiter.wait(delay);
        else await sleep(delay);
        if (this._closed) {
          await giveUp();
          throw new ConnectionError(`Redis at ${this.url}: the client was closed while waiting`);
        }
      }
    } finally {
      if (waiter) waiter.close();
    }
  }

  /** A waiter on the wake-up channel, or null when it cannot be subscribed (timer only). */
  async _wakeWaiter() {
    if (this._closed) return null;
    if (!this._wakeSetup) {
      this._wakeSetup = (async () => {
        const connection = this._newConnection(true);
        const channel = new WakeChannel(connection, this._keys.wake, this._cluster);
        try {
          await connection.connect();
          await channel.subscribe();
        } catch (error) {
          channel.close();
          this._wakeSetup = null; // try again on the next wait
          throw error;
        }
        if (this._closed) {
          channel.close();
          throw new ConnectionError(`Redis at ${this.url}: the client is closed`);
        }
        this._wake = channel;
        return channel;
      })();
    }
    try {
      const channel = await this._wakeSetup;
      return channel.waiter();
    } catch {
      // A wake-up is a shortcut, never the only way in: retry on the timer alone.
      return null;
    }
  }

  /**
   * Drops one hold of a lease: {status: "ok"|"unknown"|"expired"|"gone", remainingHolds}.
   * "gone": the answer was lost and the call, sent again, found no lease: the first attempt
   * ended it (a success). Every call is sent again when its answer is lost (the connection
   * closed or timed out once it was sent), pausing 25 ms doubling to 400 ms, until
   * failoverTimeoutMs passes; then ConnectionError says the outcome is unknown. A release
   * carries a call id of its own, so a repeat drops no second hold.
   */
  async release(leaseOrId) {
    const id = leaseIdOf(leaseOrId);
    rules.validateLeaseId(id);
    const tally = { lost: 0 };
    const reply = await this._fcall('release', [rules.wireLeaseId(id), rules.newCallId()], tally);
    return { status: endedStatus(reply[0], tally), remainingHolds: int(reply[1]) };
  }

  /** Extends a live lease to now + ttlMs (its own TTL if not given): {status, expiresAtMs}. */
  async renew(leaseOrId, ttlMs) {
    const id = leaseIdOf(leaseOrId);
    rules.validateLeaseId(id);
    if (ttlMs !== undefined && ttlMs !== null) rules.validateTtl(ttlMs);
    const reply = await this._fcall('renew', [rules.wireLeaseId(id), String(ttlMs ?? 0)]);
    const status = STATUS[int(reply[0])] || 'unknown';
    if (status === 'ok' && leaseOrId instanceof Lease) {
      leaseOrId.expiresAtMs = int(reply[1]);
      if (ttlMs) leaseOrId.ttlMs = ttlMs;
    }
    return { status, expiresAtMs: status === 'ok' ? int(reply[1]) : 0 };
  }

  /**
   * An operator's release, audited in the event stream: {status: "ok"|"unknown"|"live"|"gone"}.
   * A live lease needs admin; lockDelayMs keeps its paths blocked that long after. "gone":
   * the answer was lost and the call, sent again, found the lease ended by its first attempt.
   */
  async forceRelease(leaseOrId, options = {}) {
    const id = leaseIdOf(leaseOrId);
    const {
      operator, reason, host = '', admin = false, lockDelayMs = 0,
    } = options;
    rules.validateLeaseId(id);
    // The order of C++'s validateForce: lease id, operator, host, reason, lock-delay.
    rules.validateLabel('operator', operator === undefined ? '' : operator, true);
    rules.validateLabel('host', host);
    rules.validateLabel('reason', reason === undefined ? '' : reason, true);
    rules.validateLockDelay(lockDelayMs);
    const tally = { lost: 0 };
    const reply = await this._fcall('force_release', [rules.wireLeaseId(id), operator, host, reason, admin ? '1' : '0',
      String(lockDelayMs)], tally);
    return { status: endedStatus(reply[0], tally) };
  }

  /** Ends the waiter registered under a lease id; true if there was one. */
  async cancelWait(leaseOrId) {
    const id = leaseIdOf(leaseOrId);
    rules.validateLeaseId(id);
    const reply = await this._fcall('cancel_wait', [rules.wireLeaseId(id)]);
    return int(reply[0]) === 1;
  }

  /**
   * The server time, every lease (expired-unreaped and revoked too) in (expiry, id)
   * order, and every live waiter, oldest first. Reads pages of 5000 leases.
   */
  async snapshot() {
    const result = { serverTimeMs: 0, leases: [], waiters: [] };
    for (let offset = 0; ; offset += SNAPSHOT_PAGE) {
      const reply = await this._fcall('snapshot', [String(offset), String(SNAPSHOT_PAGE)]);
      if (offset === 0) {
        result.serverTimeMs = int(reply[0]);
        result.waiters = (reply[2] || []).map((w) => ({
          id: rules.leaseIdOfWire(w[0]),
          owner: text(w[1]),
          op: text(w[2]),
          requests: rules.parseRequests(text(w[3])),
          sinceUs: int(w[4]),
          lastAttemptMs: int(w[5]),
          untilMs: int(w[6]),
          holdsBack: int(w[7]) === 1,
          blocker: blockerOf(w[8] || [], 0),
        })).sort((a, b) => a.sinceUs - b.sinceUs);
      }
      const total = int(reply[1]);
      for (let i = 3; i < reply.length; ++i) {
        const r = reply[i];
        result.leases.push({
          id: rules.leaseIdOfWire(r[0]),
          owner: text(r[1]),
          op: text(r[2]),
          requests: rules.parseRequests(text(r[3])),
          ttlMs: int(r[4]),
          createdAtMs: int(r[5]),
          expiresAtMs: int(r[6]),
          fence: int(r[7]),
          holds: int(r[8]),
          revoked: int(r[9]) === 1,
        });
      }
      if (offset + SNAPSHOT_PAGE >= total) break;
    }
    return result;
  }

  /** The server's clock (Redis TIME) in ms. */
  async serverTimeMs() {
    const [seconds, micros] = await this._command(['TIME']);
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  /**
   * Plans `operation` on `paths` with a policy profile ("fine", as the CLI, unless given, or a Policy)
   * exactly as the C++ Policy::plan does, and acquires the requests with op = the
   * operation's name.
   */
  async acquireOperation(operation, paths, options = {}) {
    const { profile = 'fine', policy, ...rest } = options;
    const chosen = policy instanceof Policy ? policy : Policy.builtin(profile);
    const requests = chosen.plan(operation, paths);
    return this.acquire({ ...rest, requests, op: operation });
  }

  /**
   * Acquires, runs `fn(lease)`, and releases when it settles. A timer renews the lease
   * every ttl/3, and the grant says so (renewEveryMs, at least 10 ms; a renewEveryMs given
   * here is not used): should the process die in `fn`, a waiter the lease blocks stops
   * holding back newer requests after 1.5 periods. When a renewal finds the lease gone
   * (or the server stays unreachable past its expiry) `lease.lost` becomes true and
   * `onLost(lease, status)` is called. The release at the end is best effort (an
   * unreachable server lets the lease expire by its TTL).
   */
  async lock(options, fn) {
    const { onLost, ...acquireOptions } = options;
    if (typeof fn !== 'function') throw new InvalidInput('lock needs a function to run while the lease is held');
    const lease = await this._acquire(acquireOptions, true);
    const started = lease.grantStartedMs === undefined ? monotonicMs() : lease.grantStartedMs;
    const watchdog = keepRenewed(lease, started, (id, ttlMs) => this.renew(id, ttlMs), onLost);
    try {
      return await fn(lease);
    } finally {
      const wasLost = lease.lost;
      await watchdog.stop();
      if (!wasLost && !lease.lost) {
        try {
          await this.release(lease.id);
        } catch {
          // Best effort: the lease expires by its TTL.
        }
      }
    }
  }

  /** Closes the connections. Waiting acquires end with ConnectionError. */
  async close() {
    if (this._closed) return;
    this._closed = true;
    const connections = [this._redis];
    if (this._wake) {
      connections.push(this._wake.connection);
      for (const listener of this._wake.listeners) listener(); // waiting acquires notice the close
    }
    this._wake = null;
    await Promise.all(connections.map(async (connection) => {
      try {
        if (connection.status === 'ready') await Promise.race([connection.quit(), sleep(1000)]);
      } catch {
        // Closing anyway.
      } finally {
        connection.disconnect();
      }
    }));
  }
}

function leaseIdOf(leaseOrId) {
  if (leaseOrId instanceof Lease) return leaseOrId.id;
  if (leaseOrId && typeof leaseOrId === 'object' && typeof leaseOrId.id === 'string') return leaseOrId.id;
  return leaseOrId;
}

module.exports = { Client, Lease, nextRetryDelay, defaultOwner };
