// A redis-server of a test's own on a spare loopback port (no persistence), so the test can share it between
// server nodes, stop it and start it again. Used by the Redis rate-limit test and the cluster suites.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

/** Whether a redis-server binary is installed (tests that need one skip without it). */
export const hasRedisServer = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class RedisServer {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  /** A server on a free port, started. */
  static async started(): Promise<RedisServer> {
    const redis = new RedisServer(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 20_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${out}`));
      });
    });
  }

  /** Empties every key (fresh rate-limit windows), through redis-cli. */
  flushAll(): void {
    spawnSync('redis-cli', ['-p', String(this.port), 'flushall']);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}
