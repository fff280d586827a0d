'use strict';
// Redis URLs as core/src/redis/redisurl.cpp reads them, with the same messages:
//   redis://[[user]:password@]host[:port][/db]     host may be [IPv6]
//   unix:///absolute/path.sock[?db=N]
//   redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/MASTER[/db]
//   redis+cluster://[[user]:password@]host[:port][,host[:port]...]

const { InvalidInput } = require('./errors');

const SENTINEL_SCHEME = 'redis+sentinel://';
const CLUSTER_SCHEME = 'redis+cluster://';

function invalid(shown, reason) {
  return new InvalidInput(`invalid Redis URL "${shown}": ${reason}`);
}

function percentDecode(text, shown) {
  const bytes = [];
  for (let i = 0; i < text.length; ++i) {
    if (text[i] === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw invalid(shown, 'bad %-escape');
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseNumber(text, shown, what, lo, hi) {
  const ok = /^[+-]?[0-9]+$/.test(text) && !text.startsWith('+');
  const value = ok ? Number(text) : NaN;
  if (!ok || value < lo || value > hi) throw invalid(shown, `${what} must be a number from ${lo} to ${hi}`);
  return value;
}

/** The URL with its password replaced by "***" (a bare "password@" hides all of it). */
function redactUrl(url) {
  const scheme = url.indexOf('://');
  if (scheme < 0) return url;
  const hostStart = scheme + 3;
  const authorityEnd = url.indexOf('/', hostStart);
  const at = url.lastIndexOf('@', authorityEnd < 0 ? url.length : authorityEnd);
  if (at < 0 || at < hostStart) return url;
  const colon = url.indexOf(':', hostStart);
  const maskFrom = colon >= 0 && colon < at ? colon + 1 : hostStart;
  return `${url.slice(0, maskFrom)}***${url.slice(at)}`;
}

function parseHostPort(text, shown, defaultPort) {
  const node = { host: '', port: defaultPort };
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) throw invalid(shown, 'unclosed [ in host');
    node.host = text.slice(1, close);
    const after = text.slice(close + 1);
    if (after.length > 0) {
      if (after[0] !== ':') throw invalid(shown, 'junk after ]');
      node.port = parseNumber(after.slice(1), shown, 'port', 1, 65535);
    }
  } else {
    const colon = text.lastIndexOf(':');
    node.host = colon < 0 ? text : text.slice(0, colon);
    if (colon >= 0) node.port = parseNumber(text.slice(colon + 1), shown, 'port', 1, 65535);
  }
  if (node.host.length === 0) throw invalid(shown, 'host is missing');
  return node;
}

function takeCredentials(authority, address, shown) {
  const at = authority.lastIndexOf('@');
  if (at < 0) return authority;
  const cred = authority.slice(0, at);
  const colon = cred.indexOf(':');
  if (colon < 0) {
    address.password = percentDecode(cred, shown);
  } else {
    address.user = percentDecode(cred.slice(0, colon), shown);
    address.password = percentDecode(cred.slice(colon + 1), shown);
  }
  return authority.slice(at + 1);
}

// The host list after `scheme` (its credentials taken into `a`) and what follows
// the '/' after it (null without one).
function hostsAndPath(url, scheme, a, shown) {
  const rest = url.slice(scheme.length);
  const slash = rest.indexOf('/');
  const hosts = takeCredentials(slash < 0 ? rest : rest.slice(0, slash), a, shown);
  return { hosts, path: slash < 0 ? null : rest.slice(slash + 1) };
}

function hostList(hosts, shown, defaultPort, what) {
  const list = [];
  for (const one of hosts.split(',')) {
    if (one.length === 0) throw invalid(shown, `a ${what}'s host is missing`);
    list.push(parseHostPort(one, shown, defaultPort));
  }
  return list;
}

function emptyAddress() {
  return {
    kind: 'single', unixSocket: false, host: '', port: 6379, db: 0, user: '', password: '',
    sentinels: [], masterName: '', clusterNodes: [],
  };
}

/**
 * Parses a Redis URL. Returns {kind: 'single'|'sentinel'|'cluster', unixSocket, host,
 * port, db, user, password, sentinels, masterName, clusterNodes}. Throws InvalidInput
 * naming the URL (password hidden) and the rule it breaks.
 */
function parseRedisUrl(url) {
  if (typeof url !== 'string') throw new InvalidInput('invalid Redis URL: it must be a string');
  const a = emptyAddress();
  const shown = redactUrl(url);
  if (url.startsWith('unix://')) {
    a.unixSocket = true;
    let rest = url.slice(7);
    const q = rest.indexOf('?');
    if (q >= 0) {
      const query = rest.slice(q + 1);
      rest = rest.slice(0, q);
      if (!query.startsWith('db=')) throw invalid(shown, 'only ?db=N is understood');
      a.db = parseNumber(query.slice(3), shown, 'db', 0, 1 << 20);
    }
    if (rest.length === 0 || rest[0] !== '/') {
      throw invalid(shown, 'unix:// needs an absolute socket path (unix:///path/to.sock)');
    }
    a.host = rest;
    a.port = 0;
    return a;
  }
  if (url.includes('?')) {
    throw invalid(shown, 'query parameters are understood only by unix:// (?db=N); give the db as a path, '
      + 'redis://host:port/N');
  }
  if (url.startsWith(SENTINEL_SCHEME)) {
    a.kind = 'sentinel';
    a.port = 0;
    const { hosts, path } = hostsAndPath(url, SENTINEL_SCHEME, a, shown);
    const tail = path ?? '';
    const dbSlash = tail.indexOf('/');
    a.masterName = dbSlash < 0 ? tail : tail.slice(0, dbSlash);
    if (a.masterName.length === 0) {
      throw invalid(shown, "the primary's name is missing; expected "
        + 'redis+sentinel://host[:port][,host[:port]...]/MASTER[/db]');
    }
    if (!/^[A-Za-z0-9_.-]+$/.test(a.masterName)) {
      throw invalid(shown, `the primary's name "${a.masterName}" may hold only letters, digits, '_', '-' and '.'`);
    }
    if (dbSlash >= 0 && dbSlash + 1 < tail.length) a.db = parseNumber(tail.slice(dbSlash + 1), shown, 'db', 0, 1 << 20);
    a.sentinels = hostList(hosts, shown, 26379, 'sentinel');
    return a;
  }
  if (url.startsWith(CLUSTER_SCHEME)) {
    a.kind = 'cluster';
    a.port = 0;
    const { hosts, path: db } = hostsAndPath(url, CLUSTER_SCHEME, a, shown);
    if (db && db !== '0') {
      throw invalid(shown, 'a Redis Cluster URL takes nothing after its nodes (a cluster has only db 0); '
        + 'expected redis+cluster://host[:port][,host[:port]...]');
    }
    a.clusterNodes = hostList(hosts, shown, 6379, 'cluster node');
    return a;
  }
  if (url.startsWith('rediss+cluster://')) {
    throw invalid(shown, 'rediss+cluster:// (TLS) is not supported; use redis+cluster://');
  }
  if (url.startsWith('rediss://')) throw invalid(shown, 'rediss:// (TLS) is not supported; use redis:// or unix://');
  if (url.startsWith('rediss+sentinel://')) {
    throw invalid(shown, 'rediss+sentinel:// (TLS) is not supported; use redis+sentinel://');
  }
  if (!url.startsWith('redis://')) {
    throw invalid(shown, 'expected redis://[user:password@]host[:port][/db], unix:///path, '
      + 'redis+sentinel://host[:port][,host[:port]...]/MASTER or '
      + 'redis+cluster://host[:port][,host[:port]...]');
  }
  const rest = url.slice(8);
  const slash = rest.indexOf('/');
  const hostPart = takeCredentials(slash < 0 ? rest : rest.slice(0, slash), a, shown);
  if (slash >= 0) {
    const db = rest.slice(slash + 1);
    if (db.length > 0) a.db = parseNumber(db, shown, 'db', 0, 1 << 20);
  }
  const node = parseHostPort(hostPart, shown, 6379);
  a.host = node.host;
  a.port = node.port;
  return a;
}

function hostPortText({ host, port }) {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The address as a URL without its password (RedisAddress::redacted). */
function redactedAddress(a) {
  if (a.unixSocket) return `unix://${a.host}${a.db ? `?db=${a.db}` : ''}`;
  const cred = a.user || a.password ? `${a.user}${a.password ? ':***' : ''}@` : '';
  const dbPart = a.db ? `/${a.db}` : '';
  if (a.kind === 'sentinel') return `${SENTINEL_SCHEME}${cred}${a.sentinels.map(hostPortText).join(',')}/${a.masterName}${dbPart}`;
  if (a.kind === 'cluster') return `${CLUSTER_SCHEME}${cred}${a.clusterNodes.map(hostPortText).join(',')}`;
  return `redis://${cred}${hostPortText(a)}${dbPart}`;
}

module.exports = { parseRedisUrl, redactUrl, redactedAddress };
