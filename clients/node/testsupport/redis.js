'use strict';
// Throwaway redis-server processes for the tests: one on a Unix socket in a temporary
// folder, stopped after; TLS-only servers, Sentinel groups and clusters on loopback, with
// the certificates of tests/support/make-test-certs.sh. Tests fail (never skip) when one
// cannot start.

const { spawn, spawnSync } = require('node:child_process');
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

let certsDir = null;
/** The folder of test certificates (made once per process, removed at exit). */
function testCerts() {
  if (certsDir) return certsDir;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-node-certs-'));
  const script = path.resolve(__dirname, '..', '..', '..', 'tests', 'support', 'make-test-certs.sh');
  const made = spawnSync('bash', [script, dir], { encoding: 'utf8', timeout: 60000 });
  if (made.status !== 0) throw new Error(`make-test-certs.sh failed: ${made.stderr}`);
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  certsDir = dir;
  return dir;
}

/** Client options that trust the test CA and show the test client certificate. */
function clientTls(certs = testCerts()) {
  return {
    caFile: path.join(certs, 'ca.crt'), certFile: path.join(certs, 'client.crt'), keyFile: path.join(certs, 'client.key'),
  };
}

/**
 * redis-server arguments for TLS only on 127.0.0.1:port, presenting `cert`.crt (and asking
 * clients for one of the test CA unless authClients is false); replication over TLS too.
 */
function tlsArgs(port, { cert = 'server', authClients = true } = {}) {
  const certs = testCerts();
  return ['--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1',
    '--tls-cert-file', path.join(certs, `${cert}.crt`), '--tls-key-file', path.join(certs, `${cert}.key`),
    '--tls-ca-cert-file', path.join(certs, 'ca.crt'), '--tls-auth-clients', authClients ? 'yes' : 'no',
    '--tls-replication', 'yes'];
}

/** redis-cli arguments for the TLS servers above. */
function cliTls() {
  const { caFile, certFile, keyFile } = clientTls();
  return ['--tls', '--cacert', caFile, '--cert', certFile, '--key', keyFile];
}

/** Runs redis-cli with `args`; returns its output. */
function cli(args) {
  const run = spawnSync(REDIS_SERVER.replace(/redis-server$/, 'redis-cli'), args, { encoding: 'utf8', timeout: 30000 });
  return `${run.stdout}${run.stderr}`;
}

/**
 * A redis-server on 127.0.0.1 speaking only TLS (tlsArgs `how`), or plain TCP with
 * {plain: true}; resolves to {url, port, stop()}.
 */
async function startTcpRedis(how = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-node-tcp-'));
  const port = await freePort();
  const listen = how.plain ? ['--port', String(port), '--bind', '127.0.0.1'] : tlsArgs(port, how);
  const { child, log } = spawnServer([...listen, '--save', '', '--appendonly', 'no', '--dir', dir], dir);
  await waitUntilUp(child, { host: '127.0.0.1', port }, log);
  return {
    url: `${how.plain ? 'redis' : 'rediss'}://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill('SIGTERM');
      await waitForExit(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on 127.0.0.1. */
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

const DATA_PASSWORD = 'data-pw-not-shown';
const SENTINEL_PASSWORD = 'sentinel-pw-not-shown';

/**
 * A primary on 127.0.0.1, `replicas` replicas and one sentinel watching them as `master`;
 * with {tls: true} all of them speak only mutual TLS, with {passwords: true} the data
 * nodes require DATA_PASSWORD and the sentinel SENTINEL_PASSWORD. Resolves to {url:
 * "redis[s]+sentinel://[:DATA_PASSWORD@]127.0.0.1:S/master", sentinelPort, ask(...args),
 * stop()}; ask runs redis-cli against the sentinel.
 */
async function startSentinel(masterName = 'treelock', { tls = false, replicas = 0, passwords = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-node-sentinel-'));
  const listen = (port) => (tls ? tlsArgs(port) : ['--port', String(port), '--bind', '127.0.0.1']);
  const auth = passwords ? ['--requirepass', DATA_PASSWORD, '--masterauth', DATA_PASSWORD] : [];
  const servers = [];
  const stopAll = async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => waitForExit(server.child)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const sentinelPort = await freePort();
  try {
    const dataPort = await freePort();
    for (let i = 0; i <= replicas; ++i) {
      const port = i === 0 ? dataPort : await freePort();
      const nodeDir = path.join(dir, `node${i}`);
      fs.mkdirSync(nodeDir);
      const follow = i === 0 ? [] : ['--replicaof', '127.0.0.1', String(dataPort)];
      const server = spawnServer([...listen(port), ...auth, ...follow, '--save', '', '--appendonly', 'no',
        '--repl-diskless-sync-delay', '0', '--dir', nodeDir], nodeDir);
      servers.push(server);
      await waitUntilUp(server.child, { host: '127.0.0.1', port }, server.log);
    }
    const config = path.join(dir, 'sentinel.conf');
    const lines = [];
    const args = listen(sentinelPort);
    for (let i = 0; i < args.length; i += 2) lines.push(`${args[i].slice(2)} ${args[i + 1]}`);
    lines.push(`dir ${dir}`, `sentinel monitor ${masterName} 127.0.0.1 ${dataPort} 1`,
      `sentinel down-after-milliseconds ${masterName} 1000`, `sentinel failover-timeout ${masterName} 10000`);
    if (passwords) {
      lines.push(`requirepass ${SENTINEL_PASSWORD}`, `sentinel sentinel-pass ${SENTINEL_PASSWORD}`,
        `sentinel auth-pass ${masterName} ${DATA_PASSWORD}`);
    }
    fs.writeFileSync(config, `${lines.join('\n')}\n`);
    const sentinel = spawnServer([config, '--sentinel'], dir);
    servers.push(sentinel);
    await waitUntilUp(sentinel.child, { host: '127.0.0.1', port: sentinelPort }, sentinel.log);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const ask = (...command) => cli(['-p', String(sentinelPort), ...(tls ? cliTls() : []),
    ...(passwords ? ['--no-auth-warning', '-a', SENTINEL_PASSWORD] : []), ...command]);
  const deadline = Date.now() + 15000;
  while (!/^\d+$/m.test(ask('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName))
    || (ask('SENTINEL', 'REPLICAS', masterName).match(/^name$/gm) || []).length < replicas) {
    if (Date.now() > deadline) {
      await stopAll();
      throw new Error('the sentinel does not know the primary and its replicas');
    }
    await sleep(50);
  }
  const credentials = passwords ? `:${DATA_PASSWORD}@` : '';
  return {
    url: `${tls ? 'rediss' : 'redis'}+sentinel://${credentials}127.0.0.1:${sentinelPort}/${masterName}`,
    sentinelPort,
    ask,
    stop: stopAll,
  };
}

/**
 * A Redis Cluster of `count` primaries on 127.0.0.1 (redis-cli --cluster create), and
 * `spare` more nodes that hold no slot; with {tls: true} all of them speak only mutual
 * TLS, the cluster bus too. Resolves to {url: "redis[s]+cluster://127.0.0.1:P1,...",
 * ports, cli(port, ...args), stop()}.
 */
async function startCluster(count = 3, { tls = false, spare = 0 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treelock-node-cluster-'));
  const nodes = [];
  const stopAll = async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => waitForExit(node.child)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count + spare; ++i) {
      const port = await freePort();
      const nodeDir = path.join(dir, String(port));
      fs.mkdirSync(nodeDir);
      const listen = tls ? [...tlsArgs(port), '--tls-cluster', 'yes'] : ['--port', String(port), '--bind', '127.0.0.1'];
      const node = spawnServer([...listen, '--cluster-enabled', 'yes',
        '--cluster-config-file', path.join(nodeDir, 'nodes.conf'), '--save', '', '--appendonly', 'no',
        '--dir', nodeDir], nodeDir);
      nodes.push({ ...node, port });
      await waitUntilUp(node.child, { host: '127.0.0.1', port }, node.log);
    }
    const tlsArgsOfCli = tls ? cliTls() : [];
    const created = cli(['--cluster', 'create', ...nodes.slice(0, count).map((n) => `127.0.0.1:${n.port}`),
      '--cluster-yes', ...tlsArgsOfCli]);
    if (!created.includes('[OK] All 16384 slots covered')) throw new Error(`redis-cli --cluster create failed: ${created}`);
    for (const n of nodes.slice(count)) cli(['-p', String(n.port), ...tlsArgsOfCli, 'cluster', 'meet', '127.0.0.1', String(nodes[0].port)]);
    // Every node must see every slot served, and every node, before the cluster takes calls.
    const deadline = Date.now() + 15000;
    for (;;) {
      const states = nodes.map((n) => cli(['-p', String(n.port), ...tlsArgsOfCli, 'cluster', 'info']));
      const known = nodes.map((n) => cli(['-p', String(n.port), ...tlsArgsOfCli, 'cluster', 'nodes']).trim().split('\n').length);
      if (states.every((s) => s.includes('cluster_state:ok')) && known.every((k) => k === nodes.length)) break;
      if (Date.now() > deadline) throw new Error(`cluster not ok within 15 s: ${states.join('\n')}`);
      await sleep(100);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    url: `${tls ? 'rediss' : 'redis'}+cluster://${nodes.slice(0, count).map((n) => `127.0.0.1:${n.port}`).join(',')}`,
    ports: nodes.map((n) => n.port),
    cli: (port, ...args) => cli(['-p', String(port), ...(tls ? cliTls() : []), ...args]).trim(),
    stop: stopAll,
  };
}

module.exports = {
  startRedis,
  startTcpRedis,
  startSentinel,
  startCluster,
  freePort,
  sleep,
  testCerts,
  clientTls,
  DATA_PASSWORD,
  SENTINEL_PASSWORD,
};
