'use strict';
// Redis URLs as core/src/redis/redisurl.cpp reads them, with the same messages:
//   redis://[[user]:password@]host[:port][/db]     host may be [IPv6]
//   unix:///absolute/path.sock[?db=N]
//   redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/MASTER[/db]
//                    [?sentinel_user=U&sentinel_password=P]
//       (the credentials before @ are the data nodes', the query's the sentinels')
//   redis+cluster://[[user]:password@]host[:port][,host[:port]...]
// and rediss://, rediss+sentinel://, rediss+cluster:// for the same over TLS (to the
// sentinels and every cluster node too).

const { InvalidInput } = require('./errors');

/** "redis" or "rediss", then `rest`. */
const scheme = (tls, rest) => `${tls ? 'rediss' : 'redis'}${rest}`;

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

/**
 * The URL with its passwords replaced by "***": the one before @ (a bare "password@"
 * hides all of it) and a Sentinel URL's sentinel_password=.
 */
function redactUrl(url) {
  let out = redactCredentials(url);
  const query = out.indexOf('?');
  if (query < 0) return out;
  const key = 'sentinel_password=';
  for (let at = out.indexOf(key, query); at >= 0; at = out.indexOf(key, at + 1)) {
    const from = at + key.length;
    const end = out.indexOf('&', from);
    out = `${out.slice(0, from)}***${end < 0 ? '' : out.slice(end)}`;
  }
  return out;
}

function redactCredentials(url) {
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

// The host list that starts `rest` (a URL after its scheme; its credentials taken into
// `a`) and what follows the '/' after it (null without one).
function hostsAndPath(rest, a, shown) {
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
    kind: 'single', unixSocket: false, host: '', port: 6379, db: 0, user: '', password: '', tls: false,
    sentinelUser: '', sentinelPassword: '', sentinels: [], masterName: '', clusterNodes: [],
  };
}

// The sentinels' credentials from `query` ("sentinel_user=U&sentinel_password=P").
function takeSentinelQuery(query, a, shown) {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : percentDecode(pair.slice(eq + 1), shown);
    if (name === 'sentinel_user') a.sentinelUser = value;
    else if (name === 'sentinel_password') a.sentinelPassword = value;
    else throw invalid(shown, `unknown parameter "${name}"; a Sentinel URL understands ?sentinel_user=U&sentinel_password=P`);
  }
}

function parseSentinel(url, a, shown) {
  a.kind = 'sentinel';
  a.port = 0;
  let rest = url.slice(scheme(a.tls, '+sentinel://').length);
  const q = rest.indexOf('?');
  if (q >= 0) {
    takeSentinelQuery(rest.slice(q + 1), a, shown);
    rest = rest.slice(0, q);
  }
  const { hosts, path } = hostsAndPath(rest, a, shown);
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

function parseCluster(url, a, shown) {
  a.kind = 'cluster';
  a.port = 0;
  const { hosts, path: db } = hostsAndPath(url.slice(scheme(a.tls, '+cluster://').length), a, shown);
  if (db && db !== '0') {
    throw invalid(shown, 'a Redis Cluster URL takes nothing after its nodes (a cluster has only db 0); '
      + 'expected redis+cluster://host[:port][,host[:port]...]');
  }
  a.clusterNodes = hostList(hosts, shown, 6379, 'cluster node');
  return a;
}

/**
 * Parses a Redis URL. Returns {kind: 'single'|'sentinel'|'cluster', unixSocket, host,
 * port, db, user, password, tls, sentinelUser, sentinelPassword, sentinels, masterName,
 * clusterNodes}. Throws InvalidInput naming the URL (passwords hidden) and the rule it
 * breaks.
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
  for (const tls of [false, true]) {
    if (url.startsWith(scheme(tls, '+sentinel://'))) return parseSentinel(url, { ...a, tls }, shown);
  }
  if (url.includes('?')) {
    throw invalid(shown, 'query parameters are understood only by unix:// (?db=N) and Sentinel URLs '
      + '(?sentinel_user=U&sentinel_password=P); give the db as a path, redis://host:port/N');
  }
  for (const tls of [false, true]) {
    if (url.startsWith(scheme(tls, '+cluster://'))) return parseCluster(url, { ...a, tls }, shown);
  }
  a.tls = url.startsWith('rediss://');
  if (!a.tls && !url.startsWith('redis://')) {
    throw invalid(shown, 'expected redis[s]://[user:password@]host[:port][/db], unix:///path, '
      + 'redis[s]+sentinel://host[:port][,host[:port]...]/MASTER or '
      + 'redis[s]+cluster://host[:port][,host[:port]...]');
  }
  const rest = url.slice(a.tls ? 9 : 8);
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
  if (a.kind === 'sentinel') {
    const query = [];
    if (a.sentinelUser) query.push(`sentinel_user=${a.sentinelUser}`);
    if (a.sentinelPassword) query.push('sentinel_password=***');
    return `${scheme(a.tls, '+sentinel://')}${cred}${a.sentinels.map(hostPortText).join(',')}/${a.masterName}${dbPart}`
      + (query.length ? `?${query.join('&')}` : '');
  }
  if (a.kind === 'cluster') return `${scheme(a.tls, '+cluster://')}${cred}${a.clusterNodes.map(hostPortText).join(',')}`;
  return `${scheme(a.tls, '://')}${cred}${hostPortText(a)}${dbPart}`;
}

/**
 * `url` parsed, with `sentinelUser` / `sentinelPassword` (when set) in place of the URL's
 * ?sentinel_user= and ?sentinel_password=. Throws InvalidInput for sentinel credentials
 * on a URL that is no Sentinel URL, and for TLS options (`tlsGiven`) on a URL without TLS.
 */
function addressOf(url, { sentinelUser, sentinelPassword, tlsGiven = false } = {}) {
  const a = parseRedisUrl(url);
  if (sentinelUser || sentinelPassword) {
    if (a.kind !== 'sentinel') {
      throw new InvalidInput(`sentinel credentials were given, but "${redactedAddress(a)}" is not a Sentinel URL `
        + '(redis+sentinel:// or rediss+sentinel://)');
    }
    if (sentinelUser) a.sentinelUser = sentinelUser;
    if (sentinelPassword) a.sentinelPassword = sentinelPassword;
  }
  if (tlsGiven && !a.tls) {
    throw new InvalidInput(`TLS options (CA, certificate, key, SNI or insecure) were given, but "${redactedAddress(a)}" `
      + 'does not use TLS: use a rediss:// URL (rediss+sentinel://, rediss+cluster://)');
  }
  return a;
}

module.exports = {
  parseRedisUrl, redactUrl, redactedAddress, addressOf,
};
