'use strict';
// treelock: the Node client of Treelock, hierarchical locks on Redis.
// Every export is named in the object below so that ESM `import { Client } from 'treelock'` finds it.

const { Client, Lease } = require('./lib/client');
const { Policy, operationNames } = require('./lib/policy');
const { normalizeRequests, canonicalPath, canonicalName } = require('./lib/rules');
const { quoteInput } = require('./lib/text');
const { parseRedisUrl, redactUrl } = require('./lib/url');
const { library } = require('./lib/library');

/** The name of the bundled function library, "tl_<16 hex>". */
const libraryName = () => library().name;

module.exports = {
  Client,
  Lease,
  Policy,
  ...require('./lib/errors'), // TreelockError and its kinds (ESM sees a spread require as re-exports)
  operationNames,
  normalizeRequests,
  canonicalPath,
  canonicalName,
  quoteInput,
  parseRedisUrl,
  redactUrl,
  libraryName,
};
