'use strict';
// TLS for rediss:// URLs: the client's `tls` option read into node:tls options, and what
// a failed handshake means in words a person understands. The options are the C++
// library's treelock::TlsOptions: by default the server's chain is verified against the
// CA store and its name (DNS or IP SAN) against the host connected to, TLS 1.2 or later.

const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const tls = require('node:tls');
const { InvalidInput } = require('./errors');

const OPTIONS = ['caFile', 'caDir', 'certFile', 'keyFile', 'serverName', 'insecure'];
/** A handshake with no answer for this long asks the port in plain text whether a Redis without TLS listens. */
const STALL_MS = 250;
// Verification results that say no trusted CA signed the server's chain, in OpenSSL's words.
const UNTRUSTED = {
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in certificate chain',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unable to get local issuer certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate',
  UNABLE_TO_GET_ISSUER_CERT: 'unable to get issuer certificate',
};
const NOT_TLS = /WRONG_VERSION_NUMBER|RECORD_LAYER_FAILURE|UNKNOWN_PROTOCOL|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST/;
const ERRNO_TEXT = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory' };

/** Whether the client's `tls` option sets anything. */
function tlsGiven(options) {
  return options !== undefined && options !== null && OPTIONS.some((k) => options[k] !== undefined && options[k] !== ''
    && options[k] !== false);
}

function readFile(file, what, option) {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new InvalidInput(`cannot read the TLS ${what} "${file}" (tls.${option}): ${ERRNO_TEXT[error.code] || error.code}`);
  }
}

const hasCertificate = (pem) => pem.includes('-----BEGIN CERTIFICATE-----');

function caDirCertificates(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    throw new InvalidInput(`the TLS CA folder "${dir}" (tls.caDir) is not a folder this process can read`);
  }
  const found = [];
  for (const name of names.sort()) {
    try {
      const pem = fs.readFileSync(path.join(dir, name), 'latin1');
      if (hasCertificate(pem)) found.push(pem);
    } catch {
      // Not a readable file (a sub-folder, a dangling link): OpenSSL would pass it over too.
    }
  }
  return found;
}

function checkPair(cert, key, options) {
  let why = null;
  try {
    if (!new crypto.X509Certificate(cert).checkPrivateKey(crypto.createPrivateKey(key))) {
      why = "the key is not the certificate's";
    }
  } catch {
    why = 'one of them is no PEM certificate or unencrypted PEM key';
  }
  if (why) {
    throw new InvalidInput(`the TLS client certificate "${options.certFile}" (tls.certFile) and key "${options.keyFile}" `
      + `(tls.keyFile) cannot be used: ${why}`);
  }
}

/**
 * The client's `tls` option ({caFile, caDir, certFile, keyFile, serverName, insecure})
 * read now: {connect: node:tls options, certFile, serverName, insecure}. InvalidInput
 * names an unknown option and a file that is missing, unreadable or not what it should be.
 */
function readTls(options = {}) {
  if (options === null || typeof options !== 'object') throw new InvalidInput('tls must be an object of TLS options');
  for (const key of Object.keys(options)) {
    if (!OPTIONS.includes(key)) {
      throw new InvalidInput(`unknown TLS option "${key}": expected caFile, caDir, certFile, keyFile, serverName or insecure`);
    }
  }
  const connect = { minVersion: 'TLSv1.2' };
  const ca = [];
  if (options.caFile) {
    const pem = readFile(options.caFile, 'CA file', 'caFile').toString('latin1');
    if (!hasCertificate(pem)) throw new InvalidInput(`the TLS CA file "${options.caFile}" (tls.caFile) holds no PEM certificate`);
    ca.push(pem);
  }
  if (options.caDir) ca.push(...caDirCertificates(options.caDir));
  if (options.caFile || options.caDir) connect.ca = ca;
  if (options.certFile || options.keyFile) {
    if (!(options.certFile && options.keyFile)) throw new InvalidInput('a client certificate needs both tls.certFile and tls.keyFile');
    connect.cert = readFile(options.certFile, 'certificate file', 'certFile');
    connect.key = readFile(options.keyFile, 'key file', 'keyFile');
    checkPair(connect.cert, connect.key, options);
  }
  if (options.serverName) connect.servername = options.serverName;
  if (options.insecure) {
    connect.rejectUnauthorized = false;
    connect.checkServerIdentity = () => undefined;
  }
  return {
    connect, certFile: options.certFile || '', serverName: options.serverName || '', insecure: Boolean(options.insecure),
  };
}

// ---------------------------------------------------------------- what went wrong

const where = ({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

function utc(text) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The DNS names and IP addresses a certificate is for. */
function namesOf(cert) {
  const names = String(cert.subjectaltname || '').split(', ').filter(Boolean).map((entry) => {
    if (entry.startsWith('DNS:')) return entry.slice(4);
    if (entry.startsWith('IP Address:')) {
      const ip = entry.slice(11);
      return ip.includes(':') ? new URL(`http://[${ip}]`).hostname.slice(1, -1) : ip;
    }
    return null;
  }).filter(Boolean);
  return names.length ? names.join(', ') : 'no host name or address';
}

/** What is wrong with the server's certificate, or null. */
function serverRefusal(socket, endpoint, settings) {
  const cert = socket.getPeerCertificate();
  if (!socket.authorized) {
    const code = String(socket.authorizationError);
    if (UNTRUSTED[code]) {
      return `the server's certificate is not signed by a CA this client trusts (${UNTRUSTED[code]}): give its CA `
        + 'with tls.caFile';
    }
    if (code === 'CERT_HAS_EXPIRED') return `the server's certificate expired on ${utc(cert.valid_to)}`;
    if (code === 'CERT_NOT_YET_VALID') return `the server's certificate is not valid before ${utc(cert.valid_from)}`;
    return `the server's certificate was refused (${code})`;
  }
  const name = settings.serverName || endpoint.host;
  if (tls.checkServerIdentity(name, cert)) {
    return `the server's certificate is not for ${name} (it names ${namesOf(cert)}): connect by one of those names, `
      + 'or give the name to verify with tls.serverName';
  }
  return null;
}

/** What a TLS error of the handshake, or of the server's alert after it, says; or null. */
function alertRefusal(error, settings) {
  const code = String((error && error.code) || '');
  if (NOT_TLS.test(code)) return 'the server does not speak TLS on this port: use redis://';
  if (!code.startsWith('ERR_SSL_') || !code.includes('ALERT')) return null;
  const said = code.slice('ERR_SSL_'.length).toLowerCase().replace(/_/g, ' ');
  if (code.includes('CERTIFICATE_REQUIRED') || (code.includes('HANDSHAKE_FAILURE') && !settings.certFile)) {
    return `the server requires a client certificate (${said}): give one with tls.certFile and tls.keyFile`;
  }
  if (settings.certFile && /UNKNOWN_CA|CERTIFICATE|ACCESS_DENIED|HANDSHAKE_FAILURE|DECRYPT_ERROR/.test(code)) {
    return `the server refused the client certificate ${settings.certFile} (${said})`;
  }
  return `the TLS handshake failed (${said})`;
}

/** Whether a Redis without TLS answers PING at `endpoint` (a TLS server drops the connection). */
function speaksPlainRedis(endpoint, timeoutMs) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: endpoint.host, port: endpoint.port });
    const end = (answer) => { socket.destroy(); resolve(answer); };
    socket.setTimeout(timeoutMs, () => end(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => end(data[0] === 0x2b || data[0] === 0x2d)); // '+' or '-'
    socket.once('error', () => end(false));
    socket.once('close', () => end(false));
  });
}

/** Whether a TLS server answers a handshake at `endpoint` (nothing verified). */
function speaksTls(endpoint, timeoutMs) {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: endpoint.host, port: endpoint.port, rejectUnauthorized: false, checkServerIdentity: () => undefined,
    });
    const end = (answer) => { socket.destroy(); resolve(answer); };
    socket.setTimeout(timeoutMs, () => end(false));
    socket.once('secureConnect', () => end(true));
    socket.once('error', (error) => end(String(error.code || '').includes('ALERT')));
    socket.once('close', () => end(false));
  });
}

/**
 * Why TLS to `endpoint` fails, as "host:port: what", or null when TLS is not why. A
 * handshake of its own that verifies as the client does, then sends nothing and waits for
 * the server's verdict on this client (TLS 1.3 servers judge a client certificate after
 * the handshake): a session ticket (accepted) or an alert (refused).
 */
function diagnoseTls(endpoint, settings, timeoutMs) {
  return new Promise((resolve) => {
    let done = false;
    let stall = null;
    let overall = null;
    const socket = tls.connect({
      ...settings.connect, host: endpoint.host, port: endpoint.port, rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    });
    const finish = (why) => {
      if (done) return;
      done = true;
      clearTimeout(stall);
      clearTimeout(overall);
      socket.destroy();
      resolve(why ? `${where(endpoint)}: ${why}` : null);
    };
    overall = setTimeout(() => finish(null), timeoutMs);
    stall = setTimeout(async () => {
      if (await speaksPlainRedis(endpoint, timeoutMs)) finish('the server does not speak TLS on this port: use redis://');
    }, Math.min(STALL_MS, timeoutMs / 4));
    socket.once('secureConnect', () => {
      clearTimeout(stall);
      const why = settings.insecure ? null : serverRefusal(socket, endpoint, settings);
      if (why || socket.getProtocol() !== 'TLSv1.3') finish(why);
      else socket.once('session', () => finish(null));
    });
    socket.on('error', (error) => finish(alertRefusal(error, settings)));
    socket.once('close', () => finish(null));
  });
}

module.exports = {
  tlsGiven, readTls, diagnoseTls, speaksTls, where, STALL_MS,
};
