import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A second ether-server of a spec's own, for what the shared one cannot show: a configuration of
// its own (a Sentry DSN, a stream domain). It serves the built web app from a fresh data directory
// with the demo station, and is stopped (and its directory removed) by `stop`.

export interface OwnServer {
  port: number;
  baseURL: string;
  /** The server's binary and data directory, for `ether-server create-user` (admin-login.ts). */
  binary: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the server on 127.0.0.1 with `env(port)` added to its environment, and waits until it is
 * ready (the demo's seed takes a while on a cold machine).
 */
export async function startOwnServer(env: (port: number) => Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dataDir = mkdtempSync(join(tmpdir(), 'ether-own-e2e-'));
  const binary = process.env.ETHER_E2E_SERVER ?? join(root, 'build/server/ether-server');
  const server: ChildProcess = spawn(binary, [], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      ETHER_BIND: '127.0.0.1',
      ETHER_DATA_DIR: dataDir,
      ETHER_WEB_DIR: join(root, 'web/dist'),
      ETHER_LOG_LEVEL: 'warn',
      ETHER_PLAYOUT_BACKFILL_DAYS: '1',
      ETHER_RECORDING_BACKFILL_HOURS: '0',
      ...env(port),
    },
    stdio: 'ignore',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${baseURL}/readyz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 100_000, intervals: [250] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, baseURL, binary, dataDir, stop };
}
