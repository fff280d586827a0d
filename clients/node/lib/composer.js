'use strict';
// Composes the Treelock function library from the repository's lua/ folder, by the rule
// docs/protocol.md gives ("The library") and the C++ library follows: the prologue's files
// joined, then each verb's file wrapped as a function and registered with its flags,
// the name a 64-bit FNV-1a hash of the whole body with a placeholder in its place.
// `npm pack` (scripts/pack-library.js) puts the result into the package as library.lua;
// a checkout composes at run time (tst_library checks the bytes equal what C++ loads).

const fs = require('node:fs');
const path = require('node:path');

/** The files of the prologue, in the order they are joined. */
const PROLOGUE = ['common', 'leases', 'waiters', 'hotpaths'];

/** The verbs, in the library's order, with their functions' flags. */
const VERBS = [
  ['acquire', '{}'],
  ['release', "{'allow-oom'}"],
  ['renew', "{'allow-oom'}"],
  ['force_release', "{'allow-oom'}"],
  ['sweep', "{'allow-oom'}"],
  ['snapshot', "{'no-writes'}"],
  ['fsck', '{}'],
  ['configure', '{}'],
  ['cancel_wait', "{'allow-oom'}"],
  ['contention', "{'no-writes'}"],
];

const PLACEHOLDER = 'tl_################';

function fnv1a(bytes) {
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  let value = 0xcbf29ce484222325n;
  for (const byte of bytes) value = ((value ^ BigInt(byte)) * prime) & mask;
  return value;
}

/** The library's bytes (a Buffer) from the sources in the folder `lua`. */
function compose(lua) {
  const parts = [Buffer.from(`#!lua name=${PLACEHOLDER}\n`),
    ...PROLOGUE.map((part) => fs.readFileSync(path.join(lua, `${part}.lua`)))];
  for (const [verb, flags] of VERBS) {
    parts.push(Buffer.from(`\nlocal function ${verb}(KEYS, ARGV)\n`), fs.readFileSync(path.join(lua, `${verb}.lua`)),
      Buffer.from(`\nend\nredis.register_function{function_name = '${PLACEHOLDER}_${verb}', callback = ${verb}, `
        + `flags = ${flags}}\n`));
  }
  const body = Buffer.concat(parts);
  const name = Buffer.from(`tl_${fnv1a(body).toString(16).padStart(16, '0')}`);
  const placeholder = Buffer.from(PLACEHOLDER);
  const out = [];
  let from = 0;
  for (let at = body.indexOf(placeholder); at !== -1; at = body.indexOf(placeholder, from)) {
    out.push(body.subarray(from, at), name);
    from = at + placeholder.length;
  }
  out.push(body.subarray(from));
  return Buffer.concat(out);
}

module.exports = { compose, PROLOGUE, VERBS };
