'use strict';
// How a Client reaches Redis: the ioredis connection for a parsed address (single server,
// Sentinel or Cluster; over TLS for rediss URLs), connecting it, and a failed connection or
// call told as a ConnectionError.

const IORedis = require('ioredis');
const { ConnectionError, AuthenticationError, TreelockError } = require('./errors');
const { redactUrl } = require('./url');
const {
  diagnoseTls, speaksTls, where, STALL_MS,
} = require('./tls');

/** ioredis options common to every connection of `address`. */
function redisOptions(address, settings) {
  const options = {
    lazyConnect: true,
    connectTimeout: settings.connectTimeoutMs,
    commandTimeout: settings.commandTimeoutMs,
    // A call in flight when the connection closes fails at once, as does one queued while
    // it reconnects when that attempt fails: the client sends it again itself (repeat.js),
    // knowing it was sent, so that a release sent again can be told apart. The connection
    // itself keeps reconnecting.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 5), 1000),
    protocol: 2,
    disableClientInfo: true,
    db: address.db,
  };
  if (address.user) options.username = address.user;
  if (address.password) options.password = address.password;
  return options;
}

/**
 * A new (lazy) ioredis connection to `address`: a Cluster, a Sentinel-managed primary or
 * one server. `tlsSettings` (readTls) for a rediss URL: every connection is TLS, to the
 * sentinels and every cluster node too. `subscriber` makes a cluster connection subscribe
 * by slot (SSUBSCRIBE). `onError` sees every error the connection emits.
 */
function newConnection(address, settings, { tlsSettings = null, subscriber = false, onError } = {}) {
  const base = redisOptions(address, settings);
  if (tlsSettings) base.tls = tlsSettings.connect;
  let connection;
  if (address.kind === 'cluster') {
    delete base.db;
    connection = new IORedis.Cluster(address.clusterNodes.map(({ host, port }) => ({ host, port })), {
      lazyConnect: true,
      redisOptions: base,
      clusterRetryStrategy: (times) => (times > 3 ? null : 100 * times),
      // A call whose node connection closed comes back to the client, which sends it again.
      retryDelayOnFailover: 0,
      shardedSubscribers: subscriber,
      maxRedirections: 16,
    });
  } else if (address.kind === 'sentinel') {
    connection = new IORedis({
      ...base,
      sentinels: address.sentinels.map(({ host, port }) => ({ host, port })),
      name: address.masterName,
      sentinelRetryStrategy: (times) => Math.min(times * 50, 1000),
      // READONLY, LOADING and MASTERDOWN: the call did not run; ask the sentinels again and resend it.
      reconnectOnError: (error) => (/^(READONLY|LOADING|MASTERDOWN)/.test(error.message) ? 2 : false),
      sentinelMaxConnections: 10,
      enableTLSForSentinelMode: Boolean(tlsSettings),
      sentinelTLS: tlsSettings ? tlsSettings.connect : undefined,
      sentinelUsername: address.sentinelUser || undefined,
      sentinelPassword: address.sentinelPassword || undefined,
    });
  } else if (address.unixSocket) {
    connection = new IORedis({ ...base, path: address.host });
  } else {
    connection = new IORedis({ ...base, host: address.host, port: address.port });
  }
  if (onError) connection.on('error', onError);
  return connection;
}

/**
 * `error` (of `what`: "connect", a command name) as the error a Client rejects with, for
 * the Redis at `url` (redacted). `lastError` is the last error the connection emitted.
 */
function connectionError(url, error, lastError, what = 'call') {
  if (error instanceof TreelockError) return error;
  const reason = error && error.message ? error.message : String(error);
  const last = lastError && lastError !== error && lastError.message
    && !reason.includes(lastError.message) ? ` (${lastError.message})` : '';
  const both = `${reason}${last}`;
  if (both.includes('NOAUTH')) {
    return new AuthenticationError(`Redis at ${url} requires authentication (NOAUTH): give a user and `
      + 'password in the URL', { cause: error });
  }
  if (both.includes('WRONGPASS')) {
    return new AuthenticationError(`Redis at ${url}: authentication failed: ${redactUrl(both)}`,
      { cause: error });
  }
  return new ConnectionError(`Redis at ${url}: ${what} failed: ${redactUrl(reason)}${last}`, { cause: error });
}

/** A connection failure whose cause was found: its message says it in words. */
class Explained extends Error {}

/**
 * Why `address` cannot be reached when TLS is why, as "host:port: what": a refusal by
 * either side of a TLS handshake, TLS at a plain port, a plain connection to a TLS port.
 * Asks the first server (for Sentinel and Cluster, each sentinel or node in turn for TLS).
 */
async function whyNoConnection(address, settings, tlsSettings) {
  if (address.unixSocket) return null;
  const endpoints = address.kind === 'sentinel' ? address.sentinels
    : address.kind === 'cluster' ? address.clusterNodes : [address];
  const timeoutMs = settings.connectTimeoutMs;
  if (!address.tls) {
    return await speaksTls(endpoints[0], timeoutMs)
      ? `${where(endpoints[0])}: the server speaks TLS on this port: use rediss://` : null;
  }
  for (const endpoint of endpoints) {
    const why = await diagnoseTls(endpoint, tlsSettings, timeoutMs);
    if (why) return why;
  }
  return null;
}

/**
 * Connects `connection` within the connect timeout (plus the command timeout for Sentinel
 * and Cluster, which ask first). When TLS is why it cannot, that is known as soon as it
 * shows, at the first error the connection emits or when a TLS handshake stalls, and
 * rejects with Explained.
 */
async function connectWithin(connection, address, settings, tlsSettings) {
  const limitMs = settings.connectTimeoutMs + (address.kind === 'single' ? 0 : settings.commandTimeoutMs);
  let diagnosis = null;
  const diagnose = () => {
    diagnosis = diagnosis || whyNoConnection(address, settings, tlsSettings).catch(() => null);
    return diagnosis;
  };
  let timer;
  let stall;
  let onError;
  const stopped = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no connection within ${limitMs} ms`)), limitMs);
    const explain = () => diagnose().then((why) => { if (why) reject(new Explained(why)); });
    if (address.tls) stall = setTimeout(explain, Math.min(STALL_MS, settings.connectTimeoutMs / 4));
    onError = explain;
    connection.once('error', onError);
  });
  stopped.catch(() => {}); // it may reject after the race is over
  try {
    await Promise.race([connection.connect(), stopped]);
  } catch (error) {
    if (error instanceof Explained || address.unixSocket) throw error;
    const why = await diagnose();
    throw why ? new Explained(why) : error;
  } finally {
    clearTimeout(timer);
    clearTimeout(stall);
    connection.off('error', onError);
  }
}

module.exports = {
  newConnection, connectionError, connectWithin, Explained,
};
