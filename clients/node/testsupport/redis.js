'use strict';
// Throwaway redis-server processes for the tests: one on a Unix socket in a temporary
// folder, stopped after. Tests fail (never skip) when it cannot start.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const REDIS_SERVER = process.env.TREELOCK_REDIS_SERVER || (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : 'redis-server');

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

function waitForExit(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

function canConnect(options) {
  return new Promise((resolve) => {
    const socket = net.connect(options);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntilUp(child, options, log) {
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${log()}`);
    if (await canConnect(options)) return;
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start within 10 s: ${log()}`);
}

function spawnServer(args, dir) {
  let output = '';
  const child = spawn(REDIS_SERVER, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  child.on('error', (error) => { output += String(error); });
  return { child, log: () => output.slice(-2000) };
}

/** Starts redis-server on a Unix socket; resolves to {url, socket, dir, stop()}. */
async function startRedis(extraArgs = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-node-'));
  const socket = path.join(dir, 'redis.sock');
  const { child, log } = spawnServer(['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no',
    '--dir', dir, ...extraArgs], dir);
  await waitUntilUp(child, { path: socket }, log);
  return {
    url: `unix://${socket}`,
    socket,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await waitForExit(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on 127.0.0.1 (for Sentinel, which speaks TCP only). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A primary on 127.0.0.1 and one sentinel watching it as `master`; resolves to
 * {url: "redis+sentinel://127.0.0.1:S/master", stop()}.
 */
async function startSentinel(masterName = 'treelock') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-node-sentinel-'));
  const dataPort = await freePort();
  const data = spawnServer(['--port', String(dataPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
    '--dir', dir], dir);
  await waitUntilUp(data.child, { host: '127.0.0.1', port: dataPort }, data.log);
  const sentinelPort = await freePort();
  const config = path.join(dir, 'sentinel.conf');
  fs.writeFileSync(config, [
    `port ${sentinelPort}`,
    'bind 127.0.0.1',
    `dir ${dir}`,
    `sentinel monitor ${masterName} 127.0.0.1 ${dataPort} 1`,
    `sentinel down-after-milliseconds ${masterName} 1000`,
    '',
  ].join('\n'));
  const sentinel = spawnServer([config, '--sentinel'], dir);
  try {
    await waitUntilUp(sentinel.child, { host: '127.0.0.1', port: sentinelPort }, sentinel.log);
  } catch (error) {
    data.child.kill('SIGKILL');
    throw error;
  }
  return {
    url: `redis+sentinel://127.0.0.1:${sentinelPort}/${masterName}`,
    async stop() {
      sentinel.child.kill('SIGTERM');
      data.child.kill('SIGTERM');
      await Promise.all([waitForExit(sentinel.child), waitForExit(data.child)]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Redis Cluster of `count` primaries on 127.0.0.1 (redis-cli --cluster create);
 * resolves to {url: "redis+cluster://127.0.0.1:P1,...", ports, stop()}.
 */
async function startCluster(count = 3) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-node-cluster-'));
  const nodes = [];
  const stopAll = async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => waitForExit(node.child)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; ++i) {
      const port = await freePort();
      const nodeDir = path.join(dir, String(port));
      fs.mkdirSync(nodeDir);
      const node = spawnServer(['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes',
        '--cluster-config-file', path.join(nodeDir, 'nodes.conf'), '--save', '', '--appendonly', 'no',
        '--dir', nodeDir], nodeDir);
      nodes.push({ ...node, port });
      await waitUntilUp(node.child, { host: '127.0.0.1', port }, node.log);
    }
    const cli = REDIS_SERVER.replace(/redis-server$/, 'redis-cli');
    const { spawnSync } = require('node:child_process');
    const created = spawnSync(cli, ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-yes'],
      { encoding: 'utf8', timeout: 30000 });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    // Every node must see every slot served before the cluster takes calls.
    const deadline = Date.now() + 15000;
    for (;;) {
      const states = nodes.map((n) => spawnSync(cli, ['-p', String(n.port), 'cluster', 'info'], { encoding: 'utf8' }).stdout);
      if (states.every((s) => s.includes('cluster_state:ok'))) break;
      if (Date.now() > deadline) throw new Error(`cluster not ok within 15 s: ${states.join('\n')}`);
      await sleep(100);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    url: `redis+cluster://${nodes.map((n) => `127.0.0.1:${n.port}`).join(',')}`,
    ports: nodes.map((n) => n.port),
    stop: stopAll,
  };
}

module.exports = { startRedis, startSentinel, startCluster, freePort, sleep };
