'use strict';
// The Treelock function library: library.lua beside this package, byte-identical to the
// repository's lua/library.lua. Read once, on first use.

const fs = require('node:fs');
const path = require('node:path');
const { ScriptError } = require('./errors');

const LIBRARY_FILE = path.join(__dirname, '..', 'library.lua');

// Functions of these verbs take the waiters and hot keys too (see lua/common.lua).
const WAITER_VERBS = new Set(['acquire', 'snapshot', 'configure', 'cancel_wait', 'contention']);

let cached = null;

/** {name: "tl_<16 hex>", body: Buffer}; throws ScriptError if the file is missing or malformed. */
function library() {
  if (cached) return cached;
  let body;
  try {
    body = fs.readFileSync(LIBRARY_FILE);
  } catch (error) {
    throw new ScriptError(`cannot read the Treelock function library ${LIBRARY_FILE}: ${error.message}`);
  }
  const firstLine = body.subarray(0, Math.max(0, body.indexOf(0x0a))).toString('utf8');
  const match = /^#!lua name=(tl_[0-9a-f]{16})$/.exec(firstLine);
  if (!match) {
    throw new ScriptError(`${LIBRARY_FILE} is not a Treelock function library: its first line must be `
      + '"#!lua name=tl_<16 hex digits>"');
  }
  cached = { name: match[1], body };
  return cached;
}

module.exports = { library, WAITER_VERBS, LIBRARY_FILE };
