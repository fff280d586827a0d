'use strict';
// The protocol conformance suite (tests/protocol/*.json, see tests/protocol/README.md):
// every case is a test of its own, on a fresh project of a throwaway redis-server, once on
// a Unix socket and once on a server that speaks only TLS and asks for the client's
// certificate. TREELOCK_PROTOCOL_DIR points the runner at another folder of case files.

const fs = require('node:fs');
const assert = require('node:assert/strict');
const path = require('node:path');
const { describe, test, before, after } = require('node:test');
const { startRedis, startTcpRedis, clientTls } = require('../testsupport/redis');
const { runCase } = require('../testsupport/protocol');

const CASES_DIR = process.env.TREELOCK_PROTOCOL_DIR
  || path.resolve(__dirname, '..', '..', '..', 'tests', 'protocol');

const files = fs.existsSync(CASES_DIR)
  ? fs.readdirSync(CASES_DIR).filter((f) => f.endsWith('.json')).sort()
  : [];

const transports = {
  unix: { start: () => startRedis(), options: () => ({}) },
  'mutual TLS': { start: () => startTcpRedis(), options: () => ({ tls: clientTls() }) },
};

for (const [transport, how] of Object.entries(transports)) {
  describe(`over ${transport}`, () => {
    let server;
    before(async () => {
      server = await how.start();
    });
    after(async () => {
      if (server) await server.stop();
    });
    describeCases(() => server.url, how.options);
  });
}

function describeCases(url, options) {
  if (files.length === 0) {
    test(`protocol case files in ${CASES_DIR}`, () => {
      assert.fail(`no *.json case files in ${CASES_DIR}: the suite has nothing to hold this client to`);
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
          await runCase(testCase, url(), options());
        });
      }
    });
  }
}
