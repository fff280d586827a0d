#!/usr/bin/env node
'use strict';
// Depth-3 acquire/release pairs per second on one connection:
//   node bench.js URL [SECONDS=5] [PROJECT]
// Prints one JSON line: {"client": "node", "pairs_per_s": ...}.

const crypto = require('node:crypto');
const { Client } = require('.');

async function main() {
  const [url, secondsText = '5', project = `bench-${crypto.randomBytes(4).toString('hex')}`] = process.argv.slice(2);
  if (!url) {
    process.stderr.write('usage: node bench.js URL [SECONDS] [PROJECT]\n');
    process.exit(2);
  }
  const seconds = Number(secondsText);
  if (!(seconds > 0)) {
    process.stderr.write(`bench: SECONDS must be a positive number, got ${secondsText}\n`);
    process.exit(2);
  }
  const client = await Client.fromUrl(url, { project, owner: 'bench' });
  try {
    const requests = [['X', '/b1/b2/b3']];
    // Warm up: the library loaded, the connection's buffers sized.
    for (let i = 0; i < 100; ++i) await client.release(await client.acquire({ requests }));
    let pairs = 0;
    const started = process.hrtime.bigint();
    const end = started + BigInt(Math.round(seconds * 1e9));
    let now = started;
    while (now < end) {
      const lease = await client.acquire({ requests });
      await client.release(lease);
      ++pairs;
      now = process.hrtime.bigint();
    }
    const elapsed = Number(now - started) / 1e9;
    process.stdout.write(`${JSON.stringify({ client: 'node', pairs_per_s: Math.round((pairs / elapsed) * 10) / 10 })}\n`);
  } finally {
    await client.close();
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error.message}\n`);
  process.exit(1);
});
