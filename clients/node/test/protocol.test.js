'use strict';
// The protocol conformance suite (tests/protocol/*.json, see tests/protocol/README.md):
// every case is a test of its own, on a fresh project of one throwaway redis-server.
// TREELOCK_PROTOCOL_DIR points the runner at another folder of case files.

const fs = require('node:fs');
const path = require('node:path');
const { describe, test, before, after } = require('node:test');
const { startRedis } = require('../testsupport/redis');
const { runCase } = require('../testsupport/protocol');

const CASES_DIR = process.env.TREELOCK_PROTOCOL_DIR
  || path.resolve(__dirname, '..', '..', '..', 'tests', 'protocol');

const files = fs.existsSync(CASES_DIR)
  ? fs.readdirSync(CASES_DIR).filter((f) => f.endsWith('.json')).sort()
  : [];

let server;
before(async () => {
  server = await startRedis();
});
after(async () => {
  if (server) await server.stop();
});

if (files.length === 0) {
  test(`protocol case files in ${CASES_DIR}`, (t) => {
    t.skip('no *.json case files yet');
  });
}

for (const file of files) {
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(path.join(CASES_DIR, file), 'utf8'));
  } catch (error) {
    test(`${file} is valid JSON`, () => {
      throw error;
    });
    continue;
  }
  describe(`${file}: ${doc.title || ''}`, () => {
    for (const testCase of doc.cases || []) {
      test(testCase.name, async () => {
        await runCase(testCase, server.url);
      });
    }
  });
}
