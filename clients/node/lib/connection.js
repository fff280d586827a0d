'use strict';
// How a Client reaches Redis: the ioredis connection for a parsed address (single server,
// Sentinel or Cluster), and a failed connection or call told as a ConnectionError.

const IORedis = require('ioredis');
const { ConnectionError, AuthenticationError, TreelockError } = require('./errors');
const { redactUrl } = require('./url');

/** ioredis options common to every connection of `address`. */
function redisOptions(address, settings) {
  const options = {
    lazyConnect: true,
    connectTimeout: settings.connectTimeoutMs,
    commandTimeout: settings.commandTimeoutMs,
    // A call on a dead server fails after one reconnection attempt (or the command
    // timeout), never waits forever; the connection itself keeps reconnecting.
    maxRetriesPerRequest: 1,
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
 * one server. `subscriber` makes a cluster connection subscribe by slot (SSUBSCRIBE).
 * `onError` sees every error the connection emits.
 */
function newConnection(address, settings, { subscriber = false, onError } = {}) {
  const base = redisOptions(address, settings);
  let connection;
  if (address.kind === 'cluster') {
    delete base.db;
    connection = new IORedis.Cluster(address.clusterNodes.map(({ host, port }) => ({ host, port })), {
      lazyConnect: true,
      redisOptions: base,
      clusterRetryStrategy: (times) => (times > 3 ? null : 100 * times),
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

module.exports = { newConnection, connectionError };
