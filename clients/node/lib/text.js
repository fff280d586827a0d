'use strict';
// Byte-level text helpers. The C++ library works on UTF-8 bytes; JavaScript strings are
// UTF-16. Every rule that counts or cuts (lengths, byte offsets, quoting) works on the
// UTF-8 form here so messages name the same numbers as the C++ library's.

/**
 * The UTF-8 bytes of `text`. A lone surrogate (which no valid UTF-8 can carry) is
 * written as its 3-byte generalized form (ED A0..BF xx), so that quoteInput escapes it
 * byte by byte and the path rules call it invalid UTF-8, as C++ would for those bytes.
 * Cost: O(length).
 */
function utf8Bytes(text) {
  const out = [];
  for (let i = 0; i < text.length; ++i) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        ++i;
      }
    }
    if (cp < 0x80) {
      out.push(cp);
    } else if (cp < 0x800) {
      out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    } else {
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    }
  }
  return Buffer.from(out);
}

/** Number of UTF-8 bytes of `text` (a lone surrogate counts 3, as utf8Bytes writes it). */
function byteLength(text) {
  return Buffer.byteLength(text, 'utf8');
}

/** Whether `text` has a lone surrogate (is not valid Unicode, so has no UTF-8 form). */
function hasLoneSurrogate(text) {
  return !text.isWellFormed();
}

const HEX = '0123456789abcdef';

/**
 * quoteInput of core/src/error.cpp: `text` in double quotes, printable whatever it
 * holds. Valid UTF-8 is kept; control characters (C0, DEL, C1) and bytes that are not
 * UTF-8 become \xNN; '"' and '\' are escaped. Input longer than `maxBytes` is cut after
 * the character that starts before the limit and followed by "... (N bytes)".
 */
function quoteInput(text, maxBytes = 256) {
  const bytes = Buffer.isBuffer(text) ? text : utf8Bytes(String(text));
  const out = [0x22];
  const escapeByte = (b) => {
    out.push(0x5c, 0x78, HEX.charCodeAt(b >> 4), HEX.charCodeAt(b & 0xf));
  };
  const isContinuation = (at) => at < bytes.length && (bytes[at] & 0xc0) === 0x80;
  let i = 0;
  while (i < bytes.length && i < maxBytes) {
    const b = bytes[i];
    if (b < 0x20 || b === 0x7f) {
      escapeByte(b);
      ++i;
      continue;
    }
    if (b < 0x80) {
      if (b === 0x22 || b === 0x5c) out.push(0x5c);
      out.push(b);
      ++i;
      continue;
    }
    let length = 0;
    let cp = 0;
    if (b >= 0xc2 && b <= 0xdf) {
      length = 2;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      cp = b & 0x07;
    }
    let valid = length > 0;
    for (let k = 1; valid && k < length; ++k) {
      valid = isContinuation(i + k);
      if (valid) cp = (cp << 6) | (bytes[i + k] & 0x3f);
    }
    if (valid) {
      valid = !(length === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)))
        && !(length === 4 && (cp < 0x10000 || cp > 0x10ffff));
    }
    if (!valid) {
      escapeByte(b);
      ++i;
      continue;
    }
    if (cp >= 0x80 && cp <= 0x9f) {
      for (let k = 0; k < length; ++k) escapeByte(bytes[i + k]);
    } else {
      for (let k = 0; k < length; ++k) out.push(bytes[i + k]);
    }
    i += length;
  }
  out.push(0x22);
  let result = Buffer.from(out).toString('utf8');
  if (i < bytes.length) result += `... (${bytes.length} bytes)`;
  return result;
}

/** Compares two strings by their UTF-8 bytes (as std::string and the scripts do). */
const ASCII = /^[\x00-\x7f]*$/;
function compareBytes(a, b) {
  if (ASCII.test(a) && ASCII.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(utf8Bytes(a), utf8Bytes(b));
}

module.exports = { utf8Bytes, byteLength, hasLoneSurrogate, quoteInput, compareBytes };
