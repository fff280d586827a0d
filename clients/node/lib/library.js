'use strict';
// The Treelock function library, made once on first use: composed from the repository's
// lua/ when this package runs from a checkout, else the library.lua that `npm pack` put
// into the package (scripts/pack-library.js). Either way it equals what the C++ library
// loads (tst_library).

const fs = require('node:fs');
const path = require('node:path');
const { ScriptError } = require('./errors');
const { compose } = require('./composer');

const PACKAGE_DIR = path.join(__dirname, '..');
const LIBRARY_FILE = path.join(PACKAGE_DIR, 'library.lua');

/** The repository's lua/ folder when this package is its clients/node, else null. */
function checkoutLua() {
  const root = path.resolve(PACKAGE_DIR, '..', '..');
  const lua = path.join(root, 'lua');
  const inCheckout = path.resolve(PACKAGE_DIR) === path.join(root, 'clients', 'node');
  return inCheckout && fs.existsSync(path.join(lua, 'common.lua')) ? lua : null;
}

// Functions of these verbs take the waiters and hot keys too (see lua/common.lua).
const WAITER_VERBS = new Set(['acquire', 'snapshot', 'configure', 'cancel_wait', 'contention']);

let cached = null;

/** {name: "tl_<16 hex>", body: Buffer}; throws ScriptError if the file is missing or malformed. */
function library() {
  if (cached) return cached;
  let body;
  const lua = checkoutLua();
  try {
    body = lua ? compose(lua) : fs.readFileSync(LIBRARY_FILE);
  } catch (error) {
    throw new ScriptError(`cannot read the Treelock function library ${lua || LIBRARY_FILE}: ${error.message}`);
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

module.exports = { library, checkoutLua, WAITER_VERBS, LIBRARY_FILE };
