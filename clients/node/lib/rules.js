'use strict';
// Every input rule of the C++ library (core/src/path.cpp, lockmode.cpp, lockplan.cpp,
// leaseid.cpp), with its message worded exactly as there. Pure functions: no I/O.

const crypto = require('node:crypto');
const { InvalidInput, InvalidPath } = require('./errors');
const { byteLength, quoteInput, compareBytes } = require('./text');

const MAX_PATH_BYTES = 4096;
const MAX_PATH_SEGMENTS = 256;
const MAX_REQUESTS = 64;
const MAX_HOLDING = 64; // leases an acquire names as held by its caller (kMaxHolding)
const MAX_CALL_ID_BYTES = 64; // kMaxCallId
const MIN_TTL_MS = 10;
const MAX_TTL_MS = 24 * 3600 * 1000;
const MIN_RENEW_EVERY_MS = 10; // the shortest renewal period a grant may say; 0 says none
const MAX_LABEL_BYTES = 256;
const MAX_PROJECT_CHARS = 64;

const MODES = ['IS', 'IX', 'S', 'SIX', 'X'];
const MODE_INDEX = { IS: 0, IX: 1, S: 2, SIX: 3, X: 4 };
//              IS     IX     S      SIX    X
const COMPATIBLE = [[true, true, true, true, false], // IS
  [true, true, false, false, false], // IX
  [true, false, true, false, false], // S
  [true, false, false, false, false], // SIX
  [false, false, false, false, false]]; // X
const COMBINE = [['IS', 'IX', 'S', 'SIX', 'X'],
  ['IX', 'IX', 'SIX', 'SIX', 'X'],
  ['S', 'SIX', 'S', 'SIX', 'X'],
  ['SIX', 'SIX', 'SIX', 'SIX', 'X'],
  ['X', 'X', 'X', 'X', 'X']];

// ---------------------------------------------------------------- paths

function throwInvalidPath(input, what, rule, reason) {
  throw new InvalidPath(`invalid ${what} ${quoteInput(input)}: ${reason} (rule ${rule})`, input, rule);
}

function codePointName(cp) {
  let out = 'U+';
  for (let shift = 12; shift >= 0; shift -= 4) out += '0123456789ABCDEF'[(cp >> shift) & 0xf];
  return out;
}

const isControl = (cp) => cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);

function utf8Length(cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

// The character rules on the whole input: valid Unicode (a lone surrogate has no UTF-8
// form) and no NUL, C0, DEL or C1 control characters. The first offending position, in
// UTF-8 bytes, decides the rule. O(length).
function checkCharacters(input, what) {
  let at = 0;
  for (let i = 0; i < input.length;) {
    const cp = input.codePointAt(i);
    if (cp >= 0xd800 && cp <= 0xdfff) throwInvalidPath(input, what, 'invalid-utf8', `not valid UTF-8 at byte ${at}`);
    if (isControl(cp)) {
      throwInvalidPath(input, what, 'control-character',
        `control character ${codePointName(cp)} at byte ${at} is not allowed`);
    }
    at += utf8Length(cp);
    i += cp > 0xffff ? 2 : 1;
  }
}

const isAscii = (text) => /^[\x00-\x7f]*$/.test(text);

function normalize(text) {
  return isAscii(text) ? text : text.normalize('NFC');
}

function checkDotSegment(input, segment, what) {
  if (segment === '.' || segment === '..') {
    throwInvalidPath(input, what, 'dot-segment', `"${segment}" segments are not allowed`);
  }
}

/**
 * The canonical form of `input` (core's canonicalPath): absolute, no empty, "." or ".."
 * segment, no trailing "/", NFC, no control characters, at most 4096 UTF-8 bytes and 256
 * segments. Throws InvalidPath naming the path and the rule. O(length).
 */
function canonicalPath(input) {
  const what = 'path';
  if (typeof input !== 'string') {
    throw new InvalidInput(`invalid path: a path must be a string, got ${describeValue(input)}`);
  }
  if (input.length === 0) throwInvalidPath(input, what, 'empty', 'the path is empty');
  if (input[0] !== '/') throwInvalidPath(input, what, 'relative', 'a path must be absolute (start with "/")');
  checkCharacters(input, what);
  let result = '';
  let segments = 0;
  for (const segment of input.split('/')) {
    if (segment.length === 0) continue;
    checkDotSegment(input, segment, what);
    result += '/' + normalize(segment);
    ++segments;
  }
  if (result.length === 0) result = '/';
  const size = byteLength(result);
  if (size > MAX_PATH_BYTES) {
    throwInvalidPath(input, what, 'too-long',
      `${size} bytes after canonicalisation, at most ${MAX_PATH_BYTES} are allowed`);
  }
  if (segments > MAX_PATH_SEGMENTS) {
    throwInvalidPath(input, what, 'too-many-segments',
      `${segments} segments, at most ${MAX_PATH_SEGMENTS} are allowed`);
  }
  return result;
}

/** A single path segment ("NAME" of create, "NEWNAME" of rename), canonical (core's canonicalName). */
function canonicalName(name) {
  const what = 'name';
  if (typeof name !== 'string') {
    throw new InvalidInput(`invalid name: a name must be a string, got ${describeValue(name)}`);
  }
  if (name.length === 0) throwInvalidPath(name, what, 'empty-name', 'the name is empty');
  if (name.includes('/')) throwInvalidPath(name, what, 'slash-in-name', 'a name must not contain "/"');
  checkDotSegment(name, name, what);
  checkCharacters(name, what);
  const result = normalize(name);
  const size = byteLength(result);
  if (size + 1 > MAX_PATH_BYTES) {
    throwInvalidPath(name, what, 'too-long',
      `${size} bytes after canonicalisation, at most ${MAX_PATH_BYTES - 1} are allowed`);
  }
  return result;
}

/** Whether `ancestor` is a proper ancestor of `path` (whole segments; both canonical). */
function isAncestor(ancestor, path) {
  if (ancestor.length >= path.length || !path.startsWith(ancestor)) return false;
  return ancestor === '/' || path[ancestor.length] === '/';
}

function parentPath(path) {
  const at = path.lastIndexOf('/');
  return at <= 0 ? '/' : path.slice(0, at);
}

function baseName(path) {
  const at = path.lastIndexOf('/');
  return at < 0 ? path : path.slice(at + 1);
}

function joinPath(folder, name) {
  return folder.length === 0 || folder[folder.length - 1] !== '/' ? `${folder}/${name}` : folder + name;
}

// ---------------------------------------------------------------- modes and requests

function parseMode(mode) {
  if (typeof mode === 'string' && Object.prototype.hasOwnProperty.call(MODE_INDEX, mode)) return mode;
  const shown = typeof mode === 'string' ? quoteInput(mode) : describeValue(mode);
  throw new InvalidInput(`invalid lock mode ${shown}: it must be one of IS IX S SIX X`);
}

const compatible = (held, requested) => COMPATIBLE[MODE_INDEX[held]][MODE_INDEX[requested]];
const combine = (a, b) => COMBINE[MODE_INDEX[a]][MODE_INDEX[b]];
const intentionOf = (mode) => (mode === 'IS' || mode === 'S' ? 'IS' : 'IX');

/** [mode, path] of one request given as [mode, path] or {mode, path}. */
function requestParts(request) {
  if (Array.isArray(request) && request.length === 2) return request;
  if (request && typeof request === 'object' && !Array.isArray(request) && 'mode' in request && 'path' in request) {
    return [request.mode, request.path];
  }
  throw new InvalidInput(`invalid lock request ${describeValue(request)}: expected [mode, path] or {mode, path}`);
}

/**
 * The requests as core's normalizeRequests leaves them: modes checked, paths canonical,
 * one request per path (duplicates merged with combine), sorted by the paths' UTF-8
 * bytes, at most 64. Returns [[mode, path], ...]. O(n log n × path length).
 */
function normalizeRequests(requests) {
  if (!Array.isArray(requests)) {
    throw new InvalidInput(`invalid lock requests ${describeValue(requests)}: expected a list of [mode, path]`);
  }
  // Modes are checked first: in C++ they are parsed before a request exists.
  const parts = requests.map(requestParts);
  for (const [mode] of parts) parseMode(mode);
  if (parts.length === 0) throw new InvalidInput('no lock requests: a lease needs at least one');
  const merged = new Map();
  for (const [mode, path] of parts) {
    const canonical = canonicalPath(path);
    const held = merged.get(canonical);
    merged.set(canonical, held === undefined ? mode : combine(held, mode));
  }
  if (merged.size > MAX_REQUESTS) {
    throw new InvalidInput(`too many lock requests: ${merged.size} distinct paths, at most ${MAX_REQUESTS} `
      + 'are allowed in one lease');
  }
  const paths = merged.size === 1 ? [...merged.keys()] : [...merged.keys()].sort(compareBytes);
  return paths.map((path) => [merged.get(path), path]);
}

/** "MODE PATH" lines joined by "\n": the requests text the library keeps. */
function formatRequests(requests) {
  return requests.map(([mode, path]) => `${mode} ${path}`).join('\n');
}

/** The inverse of formatRequests. */
function parseRequests(text) {
  if (!text) return [];
  return text.split('\n').map((line) => {
    const space = line.indexOf(' ');
    return [line.slice(0, space), line.slice(space + 1)];
  });
}

// ---------------------------------------------------------------- numbers and labels

function validateTtl(ttl, what = 'ttl') {
  if (typeof ttl !== 'number' || !Number.isInteger(ttl)) {
    throw new InvalidInput(`${what} ${describeValue(ttl)} is not a whole number of milliseconds`);
  }
  if (ttl < MIN_TTL_MS || ttl > MAX_TTL_MS) {
    throw new InvalidInput(`${what} ${ttl} ms is out of range: it must be between ${MIN_TTL_MS} and ${MAX_TTL_MS} ms`);
  }
}

function validateWait(wait, refresh) {
  if (typeof wait !== 'number' || !Number.isInteger(wait)) {
    throw new InvalidInput(`wait ${describeValue(wait)} is not a whole number of milliseconds`);
  }
  if (wait < 0 || wait > MAX_TTL_MS) {
    throw new InvalidInput(`wait ${wait} ms is out of range: it must be between 0 and ${MAX_TTL_MS} ms`);
  }
  validateTtl(refresh, 'wait refresh');
}

function validateLockDelay(delay) {
  if (typeof delay !== 'number' || !Number.isInteger(delay)) {
    throw new InvalidInput(`lock-delay ${describeValue(delay)} is not a whole number of milliseconds`);
  }
  if (delay < 0 || delay > MAX_TTL_MS) {
    throw new InvalidInput(`lock-delay ${delay} ms is out of range: it must be between 0 and ${MAX_TTL_MS} ms`);
  }
}

/** Owner, operation, operator, host, reason: at most 256 bytes, no NUL or newline. */
function validateLabel(what, value, required = false) {
  if (typeof value !== 'string') {
    throw new InvalidInput(`${what} must be a string, got ${describeValue(value)}`);
  }
  if (required && value.length === 0) throw new InvalidInput(`${what} is required and must not be empty`);
  const size = byteLength(value);
  if (size > MAX_LABEL_BYTES) {
    throw new InvalidInput(`${what} ${quoteInput(value)} is too long: ${size} bytes, at most ${MAX_LABEL_BYTES} `
      + 'are allowed');
  }
  if (value.includes('\0') || value.includes('\n')) {
    throw new InvalidInput(`${what} ${quoteInput(value)} contains NUL or a newline, which labels must not contain`);
  }
}

const LEASE_ID = /^[0-9a-f]{32}$/;

function validateLeaseId(id, what = 'lease id') {
  if (typeof id !== 'string' || !LEASE_ID.test(id)) {
    const shown = typeof id === 'string' ? quoteInput(id) : describeValue(id);
    throw new InvalidInput(`${what} ${shown} is malformed: it must be 32 lower-case hex digits`);
  }
}

/** A call id: text of at most 64 bytes (UTF-8) without NUL (lockplan.cpp's words). */
function validateCallId(callId) {
  if (typeof callId !== 'string') throw new InvalidInput(`call id ${describeValue(callId)} is not a string`);
  const size = byteLength(callId);
  if (size > MAX_CALL_ID_BYTES) {
    throw new InvalidInput(`call id of ${size} bytes is too long: at most ${MAX_CALL_ID_BYTES} are allowed`);
  }
  if (callId.includes('\0')) throw new InvalidInput('call id must not contain NUL');
}

/** How often the holder says it renews the lease: 0 (it does not say) or 10 ms to the ttl. */
function validateRenewEvery(renewEvery, ttl) {
  if (typeof renewEvery !== 'number' || !Number.isInteger(renewEvery)) {
    throw new InvalidInput(`renewal period ${describeValue(renewEvery)} is not a whole number of milliseconds`);
  }
  if (renewEvery !== 0 && (renewEvery < MIN_RENEW_EVERY_MS || renewEvery > ttl)) {
    throw new InvalidInput(`renewal period ${renewEvery} ms is out of range: it must be 0 (none) or between `
      + `${MIN_RENEW_EVERY_MS} ms and the ttl (${ttl} ms)`);
  }
}

function validateProject(project) {
  const fail = (reason) => {
    throw new InvalidInput(`invalid project id ${quoteInput(String(project))}: ${reason} `
      + '(project ids are 1-64 characters of A-Z a-z 0-9 _ . -)');
  };
  if (typeof project !== 'string') fail('it is not a string');
  if (project.length === 0) fail('it is empty');
  // Counted in bytes, as C++ does; an allowed character is one byte.
  const size = byteLength(project);
  if (size > MAX_PROJECT_CHARS) fail(`${size} characters, at most ${MAX_PROJECT_CHARS} are allowed`);
  const bytes = Buffer.from(project, 'utf8');
  for (let i = 0; i < bytes.length; ++i) {
    const c = bytes[i];
    const ok = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)
      || c === 0x5f || c === 0x2e || c === 0x2d;
    if (!ok) fail(`character at position ${i} is not allowed`);
  }
}

// ---------------------------------------------------------------- lease ids

/** A fresh random lease id: 32 lower-case hex digits. */
function newLeaseId() {
  return crypto.randomBytes(16).toString('hex');
}

/** A call id for one call and its repeats: 64 random bits as 16 hex digits. */
function newCallId() {
  return crypto.randomBytes(8).toString('hex');
}

/** The wire form of a lease id: a NUL byte and its 16 bytes. */
function wireLeaseId(id) {
  return Buffer.concat([Buffer.alloc(1), Buffer.from(id, 'hex')]);
}

/** The text form of a wire id ('' for an empty one; other shapes as hex of all bytes). */
function leaseIdOfWire(wire) {
  if (wire === null || wire === undefined) return '';
  const buf = Buffer.isBuffer(wire) ? wire : Buffer.from(String(wire), 'latin1');
  if (buf.length === 17 && buf[0] === 0) return buf.subarray(1).toString('hex');
  return buf.toString('hex');
}

function describeValue(value) {
  if (typeof value === 'string') return quoteInput(value);
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  try {
    const json = JSON.stringify(value);
    return json === undefined ? String(value) : quoteInput(json);
  } catch {
    return String(value);
  }
}

module.exports = {
  MAX_PATH_BYTES,
  MAX_PATH_SEGMENTS,
  MAX_REQUESTS,
  MAX_HOLDING,
  MIN_TTL_MS,
  MIN_RENEW_EVERY_MS,
  MAX_TTL_MS,
  MODES,
  canonicalPath,
  canonicalName,
  isAncestor,
  parentPath,
  baseName,
  joinPath,
  parseMode,
  compatible,
  combine,
  intentionOf,
  normalizeRequests,
  formatRequests,
  parseRequests,
  validateTtl,
  validateWait,
  validateLockDelay,
  validateLabel,
  validateLeaseId,
  validateCallId,
  validateRenewEvery,
  validateProject,
  newLeaseId,
  newCallId,
  wireLeaseId,
  leaseIdOfWire,
  describeValue,
};
