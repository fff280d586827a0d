// A Node process for the interop test: reads one JSON command a line on stdin, runs it
// with the Node client, and writes one JSON answer a line on stdout, tagged with the
// command's id. Commands run concurrently, so a waiting acquire does not hold up others.
'use strict';
const readline = require('node:readline');
const { Client, Refused } = require('../../clients/node');

const [url, project] = process.argv.slice(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function readers(client, { count, ms, prefix }) {
  // Each reader holds an S lease at all times, taking its next before it lets go of the
  // last (hand over hand), so only the engine refusing it can open a gap for a writer.
  const until = Date.now() + ms;
  let cycles = 0;
  let heldBack = 0;
  const one = async (i) => {
    let lease = await client.acquire({ owner: `reader-${i}`, op: 'copy-file',
                                       requests: [['S', `${prefix}/r${i}-0`]], ttlMs: 5000, waitMs: 2000 });
    for (let n = 1; Date.now() < until; ++n) {
      await sleep(30);
      const requests = [['S', `${prefix}/r${i}-${n % 2}`]];
      let next;
      try {
        next = await client.acquire({ owner: `reader-${i}`, op: 'copy-file', requests, ttlMs: 5000 });
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
        ++heldBack; // a waiting writer holds it back: let go, then wait as any reader would
        await client.release(lease);
        next = await client.acquire({ owner: `reader-${i}`, op: 'copy-file', requests, ttlMs: 5000, waitMs: 10000 });
      }
      await client.release(lease);
      lease = next;
      ++cycles;
    }
    await client.release(lease);
  };
  await Promise.all(Array.from({ length: count }, (_, i) => one(i)));
  return { cycles, heldBack };
}

async function run(client, command) {
  const a = command.args || {};
  switch (command.do) {
    case 'acquire': {
      const lease = await client.acquire(a);
      return { granted: { id: lease.id, fence: lease.fence } };
    }
    case 'release': return await client.release(a.id);
    case 'readers': return await readers(client, a);
    default: throw new Error(`unknown command ${command.do}`);
  }
}

async function main() {
  const client = await Client.fromUrl(url, { project });
  const pending = new Set();
  const input = readline.createInterface({ input: process.stdin });
  const answer = (line) => process.stdout.write(JSON.stringify(line) + '\n');
  input.on('line', (line) => {
    const command = JSON.parse(line);
    const job = run(client, command)
      .then((result) => answer({ id: command.id, ...result }))
      .catch((e) => answer(e instanceof Refused ? { id: command.id, refused: e.blocker }
                                                : { id: command.id, error: String(e.message || e) }))
      .finally(() => pending.delete(job));
    pending.add(job);
  });
  input.on('close', async () => {
    await Promise.allSettled([...pending]);
    await client.close();
  });
  answer({ id: 'ready' });
}

main().catch((e) => {
  process.stderr.write(`node_peer: ${e.stack || e}\n`);
  process.exit(1);
});
