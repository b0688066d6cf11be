import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';

/**
 * The production topology on one machine: N built API instances (`node dist/main.js`,
 * NODE_ENV=production) on one PostgreSQL database and one Redis, behind HAProxy from Debian's
 * package. For the multi-instance test and the cluster bench.
 */
const API_DIR = path.resolve(__dirname, '..', '..');
export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((file) => existsSync(file));
/** Debian's redis-server: a private Redis a test may stop (the machine's shared one is never stopped). */
export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/sbin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));

/** The store's origin the instances allow (CORS_ORIGINS). */
export const CLUSTER_STORE = 'http://localhost:3000';

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  instances: number;
  smtpUrl?: string;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  /** Extra environment for instance `index` (0-based). */
  instanceEnv?: (index: number) => Record<string, string>;
}

export interface Instance {
  readonly port: number;
  readonly url: string;
  process: ChildProcess;
  output: string;
}

export interface Cluster {
  /** The balancer's origin: what browsers and providers reach. */
  readonly url: string;
  readonly instances: Instance[];
  /** SESSION_SECRET of every instance (the sandbox's credentials derive from it). */
  readonly sessionSecret: string;
  /** HAProxy's process id (the benches read its CPU time). */
  readonly balancerPid: number;
  /** Waits until the balancer sees `count` instances ready (its health checks). */
  waitHealthy(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Ports below the ephemeral range (where outgoing connections to PostgreSQL and Redis take
 * theirs), from CLUSTER_PORT_BASE (6400) on: a port found free cannot be taken by such a
 * connection before the balancer or an instance binds it.
 */
let nextPort = Number(process.env.CLUSTER_PORT_BASE ?? 6400);
async function reservePort(): Promise<number> {
  for (;;) {
    const port = nextPort++;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
    if (nextPort > 32_000) throw new Error('no free port below 32000');
  }
}

/** Builds the API once per process (esbuild, about a second). */
let built = false;
export function buildApi(): void {
  if (built) return;
  const run = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: API_DIR, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the API did not build:\n${run.stdout}${run.stderr}`);
  built = true;
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

function startInstance(instance: Instance, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(instance.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.process = child;
  instance.output = '';
  child.stdout!.on('data', (chunk: Buffer) => (instance.output = (instance.output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (instance.output = (instance.output + chunk.toString()).slice(-20_000)));
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const onExit = (code: number | null) => reject(new Error(`API on ${instance.port} exited (${code}):\n${instance.output}`));
    child.once('exit', onExit);
    // Ready when its readiness check answers 200 (database reachable and migrated).
    const poll = () =>
      fetch(`${instance.url}/rest/health`).then(
        (res) => res.status === 200,
        () => false,
      ).then((ready) => {
        if (ready) {
          child.off('exit', onExit);
          resolve();
        } else if (Date.now() - started > 90_000) reject(new Error(`API on ${instance.port} did not start:\n${instance.output}`));
        else setTimeout(poll, 200);
      });
    setTimeout(poll, 300);
  });
}

/** A Redis of the test's own on a private port: `stop()` takes it down (as an outage would), `start()` brings it back on the same port. */
export interface PrivateRedis {
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed');
  const port = await reservePort();
  let child: ChildProcess | undefined;
  let output = '';
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      // In memory only, nothing written to disk.
      child = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
      const started = child;
      started.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
      started.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
      for (let i = 0; i < 100; i += 1) {
        if (/Ready to accept connections/.test(output)) return;
        if (started.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server on ${port} did not start:\n${output}`);
    },
    async stop() {
      if (!child) return;
      const stopping = child;
      child = undefined;
      output = '';
      stopping.kill('SIGKILL');
      await exited(stopping);
    },
  };
  await redis.start();
  return redis;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!HAPROXY) throw new Error('haproxy is not installed');
  buildApi();
  const work = mkdtempSync(path.join(tmpdir(), 'rumbo-cluster-'));
  const balancerPort = await reservePort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const sessionSecret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  for (let i = 0; i < options.instances; i += 1) {
    const port = await reservePort();
    instances.push({ port, url: `http://127.0.0.1:${port}`, process: undefined as unknown as ChildProcess, output: '' });
  }
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SESSION_SECRET: sessionSecret,
    CORS_ORIGINS: CLUSTER_STORE,
    // No provider or SUNAT credentials on a test machine: the sandboxes stand in, asked for by name.
    PAYMENTS_SANDBOX: '1',
    SUNAT_SANDBOX: '1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: `rumbo-cluster-${randomBytes(4).toString('hex')}-`,
    // The balancer on this machine forwards the client's address.
    TRUST_PROXY: 'loopback',
    API_ORIGIN: url,
    SMTP_URL: options.smtpUrl ?? '',
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    // HAProxy below checks every 500 ms and takes a server out after 3 failures.
    SHUTDOWN_DELAY_MS: '2000',
    ...options.env,
  };

  const config = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option forwardfor',
    // A request refused at connect (an instance gone) goes to another one.
    '  retries 3',
    '  option redispatch',
    'frontend api',
    `  bind 127.0.0.1:${balancerPort}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /rest/health',
    '  http-check expect status 200',
    // A loaded instance answers its readiness check slowly (it queues for a database connection
    // like any request): a generous check timeout, or the balancer takes busy instances out.
    '  timeout check 3s',
    '  default-server inter 500ms fall 3 rise 1',
    ...instances.map((instance, i) => `  server api${i + 1} 127.0.0.1:${instance.port} check`),
    '',
  ].join('\n');
  const configFile = path.join(work, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyOutput = '';
  haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  // The balancer first (it waits for its servers' health checks), then the instances.
  await Promise.all(instances.map((instance, i) => startInstance(instance, { ...env, ...options.instanceEnv?.(i) })));

  const cluster: Cluster = {
    url,
    instances,
    sessionSecret,
    balancerPid: haproxy.pid!,
    async waitHealthy(count) {
      // Round robin over healthy servers: `count` different answers in a row from readiness means they are in.
      for (let i = 0; i < 200; i += 1) {
        const answers = await Promise.all(
          Array.from({ length: count * 2 }, () =>
            fetch(`${url}/rest/health`).then(
              (res) => res.status,
              () => 0,
            ),
          ),
        );
        if (answers.every((status) => status === 200)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the balancer has not ${count} healthy instances:\n${haproxyOutput}`);
    },
    async close() {
      for (const instance of instances) instance.process.kill('SIGTERM');
      await Promise.all(instances.map((instance) => exited(instance.process)));
      haproxy.kill('SIGTERM');
      await exited(haproxy);
      rmSync(work, { recursive: true, force: true });
    },
  };
  await cluster.waitHealthy(options.instances);
  return cluster;
}
