#!/usr/bin/env -S npx tsx
// The command line: parse flags (each also an environment variable), build the server from a
// fixture, serve it over HTTP, stop cleanly on SIGINT/SIGTERM.
//   npx tsx bin/cms-oracle.ts --help
import { serve } from '@hono/node-server';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FixtureError, FixtureNotFoundError } from '../src/fixtures/errors.ts';
import { resolveFixture } from '../src/fixtures/read.ts';
import { parseBoolean } from '../src/domain/query.ts';
import { answerClientErrors } from '../src/http/client-error.ts';
import { createPersistentServer, DEFAULT_SNAPSHOT_INTERVAL } from '../src/compose/boot.ts';
import { DataDirInUseError } from '../src/persistence/files.ts';
import { heapToAsk, runEnv, SECOND_RUN_FLAGS, settleAfterStart, settleAfterWrites } from '../src/persistence/heap.ts';
import { RestoreError, type Logger } from '../src/persistence/restore.ts';
import { parseRobotClients, PRESETS, presetValues } from './presets.ts';
import { keepGarbageYoung } from '../src/lib/gc-tuning.ts';

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;
type Level = (typeof LEVELS)[number];

const FLAGS = {
  port: { default: '8080', env: 'CMS_ORACLE_PORT', help: 'TCP port to listen on' },
  host: { default: '127.0.0.1', env: 'CMS_ORACLE_HOST', help: 'interface to bind (0.0.0.0: all)' },
  'site-path': { default: '/Plone', env: 'CMS_ORACLE_SITE_PATH', help: 'path of the site root' },
  admin: { default: 'admin:admin', env: 'CMS_ORACLE_ADMIN', help: 'Manager account, user:password' },
  fixture: { default: 'demo', env: 'CMS_ORACLE_FIXTURE', help: 'fixture name under fixtures/, or a folder path' },
  'data-dir': { default: './data', env: 'CMS_ORACLE_DATA_DIR', help: 'snapshots, journal, blobs (none: memory only; see docs/persistence.md)' },
  'snapshot-interval': { default: String(DEFAULT_SNAPSHOT_INTERVAL), env: 'CMS_ORACLE_SNAPSHOT_INTERVAL', help: 'seconds between snapshots when something changed (0: at shutdown only)' },
  durable: { default: 'false', env: 'CMS_ORACLE_DURABLE', help: 'journal + fsync every change before answering' },
  'dev-endpoints': { default: 'false', env: 'CMS_ORACLE_DEV_ENDPOINTS', help: '/++dev++/reset and checkpoints for e2e tests (Manager only); the change stream for any authenticated user' },
  trace: { default: 'false', env: 'CMS_ORACLE_TRACE', help: "under each request's log line, one indented line per change it made" },
  deterministic: { default: 'false', env: 'CMS_ORACLE_DETERMINISTIC', help: 'frozen clock, sequential UIDs, secrets and tokens from a fixed seed' },
  'store-tokens': { default: 'false', env: 'CMS_ORACLE_STORE_TOKENS', help: 'remember login tokens so @logout really ends them (see docs/security.md)' },
  'log-level': { default: 'info', env: 'CMS_ORACLE_LOG_LEVEL', help: 'error | warn | info (one line per request) | debug' },
  'cors-origin': { default: '', env: 'CMS_ORACLE_CORS_ORIGIN', help: 'allowed CORS origins, comma separated (* = any); off by default' },
  'max-body-size': { default: '16m', env: 'CMS_ORACLE_MAX_BODY_SIZE', help: 'largest request body, bytes or with k/m/g (binary); larger: 413 (see docs/security.md)' },
  // Acceptance backend (bin/presets.ts, src/endpoints/robot).
  preset: { default: '', env: 'CMS_ORACLE_PRESET', help: `a set of flag values: ${PRESETS.join(', ')} (Plone's acceptance server: port 55001, /plone, admin:secret, fixture acceptance, RobotRemote, memory only); explicit flags win` },
  'robot-remote': { default: 'false', env: 'CMS_ORACLE_ROBOT_REMOTE', help: "serve <site>/RobotRemote, the acceptance server's unauthenticated reset (XML-RPC)" },
  'robot-remote-clients': { default: 'loopback', env: 'CMS_ORACLE_ROBOT_REMOTE_CLIENTS', help: 'who may call RobotRemote (and get its autologin): loopback, any, or addresses, comma separated' },
} as const;
type Flag = keyof typeof FLAGS;
const BOOLEAN = new Set<string>(['deterministic', 'durable', 'dev-endpoints', 'store-tokens', 'robot-remote', 'trace']);

function usage(): string {
  const rows = Object.entries(FLAGS).map(([name, f]) => {
    const flag = BOOLEAN.has(name) ? `--${name}` : `--${name} <value>`;
    const def = f.default ? ` (default ${f.default})` : '';
    return `  ${flag.padEnd(32)}${f.help}${def}\n  ${''.padEnd(32)}env ${f.env}`;
  });
  return [
    'cms-oracle: an in-memory server of the CMS (Plone) REST API.',
    '',
    'Usage: cms-oracle [options]     (npm start -- [options])',
    '       cms-oracle inspect <snapshot | data-dir>',
    '       cms-oracle export-fixture <snapshot | data-dir | site URL> <folder> [--include-password-hashes]',
    '       cms-oracle conform <site URL> [options]     (conformance checks; conform --help)',
    '',
    'Options:',
    ...rows,
    `  ${'-h, --help'.padEnd(32)}show this help`,
    '',
    'A flag wins over its environment variable.',
  ].join('\n');
}

class UsageError extends Error {}

interface Config {
  port: number;
  host: string;
  sitePath: string;
  admin: { user: string; password: string };
  fixture: string;
  dataDir: string | null;
  snapshotInterval: number;
  durable: boolean;
  devEndpoints: boolean;
  trace: boolean;
  deterministic: boolean;
  storeTokens: boolean;
  logLevel: Level;
  corsOrigin: string[];
  maxBodyBytes: number;
  robotRemote: { clients: 'loopback' | 'any' | string[] } | undefined;
}

/** "16m", "512k", "1048576" -> bytes (k, m, g are powers of 1024); undefined when not a size. */
function parseSize(text: string): number | undefined {
  const m = /^(\d+)\s*([kmg]?)i?b?$/i.exec(text.trim());
  if (!m) return undefined;
  const bytes = Number(m[1]) * 1024 ** ' kmg'.indexOf(m[2].toLowerCase() || ' ');
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

function readConfig(argv: string[], env: NodeJS.ProcessEnv): Config | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(
          Object.keys(FLAGS).map((name) => [name, { type: BOOLEAN.has(name) ? 'boolean' : 'string' }] as const),
        ),
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return 'help';
  /** How the user gave a setting, for messages: the flag, or the environment variable. */
  const named = (name: Flag) => (values[name] === undefined && env[FLAGS[name].env] !== undefined ? FLAGS[name].env : `--${name}`);
  const presetName = values.preset !== undefined ? String(values.preset) : (env[FLAGS.preset.env] ?? '');
  const preset = presetName ? presetValues(presetName, env) : {};
  if (!preset) throw new UsageError(`${named('preset')}: "${presetName}" is not a preset (known: ${PRESETS.join(', ')})`);
  const value = (name: Flag): string => {
    const given = values[name];
    if (given !== undefined) return String(given);
    return env[FLAGS[name].env] ?? preset[name] ?? FLAGS[name].default;
  };

  const port = value('port');
  if (!/^\d+$/.test(port) || Number(port) > 65535) throw new UsageError(`${named('port')}: "${port}" is not a port number (0-65535)`);
  const host = value('host');
  if (!host.trim()) throw new UsageError(`${named('host')}: must not be empty`);
  const sitePath = value('site-path');
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(sitePath)) {
    throw new UsageError(`${named('site-path')}: "${sitePath}" must look like /Plone (one or more /segments of letters, digits, . _ ~ -)`);
  }
  const admin = value('admin');
  const colon = admin.indexOf(':');
  if (colon <= 0 || colon === admin.length - 1) throw new UsageError(`${named('admin')}: expected user:password`);
  const boolean = (name: Flag) => {
    const given = value(name);
    const parsed = given.trim() === '' ? false : parseBoolean(given);
    if (parsed === undefined) throw new UsageError(`${named(name)}: "${given}" is not a boolean (true/false/1/0)`);
    return parsed;
  };
  const deterministic = String(boolean('deterministic'));
  const snapshotInterval = value('snapshot-interval');
  if (!/^\d+(\.\d+)?$/.test(snapshotInterval)) throw new UsageError(`${named('snapshot-interval')}: "${snapshotInterval}" is not a number of seconds`);
  const dataDir = value('data-dir');
  const logLevel = value('log-level');
  if (!(LEVELS as readonly string[]).includes(logLevel)) {
    throw new UsageError(`${named('log-level')}: "${logLevel}" is not one of ${LEVELS.join(', ')}`);
  }
  const corsOrigin = value('cors-origin')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const badOrigin = corsOrigin.find((o) => o !== '*' && !/^https?:\/\/[^/\s]+$/.test(o));
  if (badOrigin) throw new UsageError(`${named('cors-origin')}: "${badOrigin}" is not an origin like http://localhost:3000 (or *)`);
  const maxBodyBytes = parseSize(value('max-body-size'));
  if (maxBodyBytes === undefined) throw new UsageError(`${named('max-body-size')}: "${value('max-body-size')}" is not a size like 16m, 512k or 1048576`);
  const fixture = value('fixture');
  try {
    resolveFixture(fixture);
  } catch (err) {
    if (err instanceof FixtureNotFoundError) throw new UsageError(`${named('fixture')}: ${err.message}`);
    throw err;
  }
  const robotClients = parseRobotClients(value('robot-remote-clients'));
  if (!robotClients) throw new UsageError(`${named('robot-remote-clients')}: "${value('robot-remote-clients')}" is not loopback, any, or a list of addresses`);
  return {
    robotRemote: boolean('robot-remote') ? { clients: robotClients } : undefined,
    port: Number(port),
    host,
    sitePath,
    admin: { user: admin.slice(0, colon), password: admin.slice(colon + 1) },
    fixture,
    dataDir: dataDir === 'none' || dataDir === '' ? null : resolve(dataDir),
    snapshotInterval: Number(snapshotInterval),
    durable: boolean('durable'),
    devEndpoints: boolean('dev-endpoints'),
    trace: boolean('trace'),
    deterministic: deterministic === 'true',
    storeTokens: boolean('store-tokens'),
    logLevel: logLevel as Level,
    corsOrigin,
    maxBodyBytes,
  };
}

function publicHost(host: string): string {
  if (['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Run this command again in a child process with a heap limit of `mb`; resolves to its exit code. */
function runWithHeap(mb: number, log: Logger): Promise<number> {
  log.info(`a big site in the data dir: running it in a second process (--max-old-space-size=${mb}, glibc malloc's mmap threshold fixed)`);
  const child = spawn(process.execPath, [...process.execArgv, ...SECOND_RUN_FLAGS, `--max-old-space-size=${mb}`, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: runEnv(process.env, mb),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function main(): Promise<number | undefined> {
  const subcommand = process.argv[2];
  if (subcommand === 'conform') {
    const { conformCommand } = await import('../src/conform/cli.ts');
    return conformCommand(process.argv.slice(3));
  }
  if (subcommand === 'inspect' || subcommand === 'export-fixture') {
    const { snapshotCommand } = await import('./snapshot.ts');
    return snapshotCommand(process.argv.slice(2));
  }
  let config: Config | 'help';
  try {
    config = readConfig(process.argv.slice(2), process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`cms-oracle: ${err.message}\nRun with --help for the options.`);
    return 2;
  }
  if (config === 'help') {
    console.log(usage());
    return 0;
  }
  const level = LEVELS.indexOf(config.logLevel);
  const say = (min: Level, prefix: string) => (m: string) => {
    if (level >= LEVELS.indexOf(min)) (min === 'info' ? console.log : console.error)(`cms-oracle: ${prefix}${m}`);
  };
  const log: Logger = { info: say('info', ''), warn: say('warn', 'WARNING: '), error: say('error', 'ERROR: ') };
  if (config.dataDir) {
    try {
      mkdirSync(config.dataDir, { recursive: true });
    } catch (err) {
      log.error(`cannot create ${config.dataDir}: ${(err as Error).message}`);
    }
  }

  // a big site's snapshot needs more heap than V8 gives by default, or gains from the second run's
  // malloc setting: run again with enough
  const heap = config.dataDir && process.env.CMS_ORACLE_HEAP_MB === undefined ? heapToAsk(config.dataDir) : undefined;
  if (heap !== undefined) return runWithHeap(heap, log);

  keepGarbageYoung(); // this process is the server's: its V8 settings are ours to choose
  let server;
  try {
    server = await createPersistentServer({
      sitePath: config.sitePath,
      admin: config.admin,
      fixture: config.fixture,
      deterministic: config.deterministic,
      dataDir: config.dataDir ?? undefined,
      tokens: { storeTokens: config.storeTokens },
      corsOrigin: config.corsOrigin,
      maxBodyBytes: config.maxBodyBytes,
      robotRemote: config.robotRemote,
      trace: config.trace,
      log: level >= LEVELS.indexOf('info') ? (line) => console.log(line) : undefined,
      logFixture: level >= LEVELS.indexOf('debug'),
    }, { dataDir: config.dataDir, durable: config.durable, snapshotInterval: config.snapshotInterval, devEndpoints: config.devEndpoints }, log);
  } catch (err) {
    if (err instanceof RestoreError || err instanceof DataDirInUseError) {
      console.error(`cms-oracle: cannot start: ${err.message}`);
      return 1;
    }
    if (err instanceof FixtureError) {
      console.error(`cms-oracle: cannot load the fixture:\n  ${err.message}`);
      return 1;
    }
    throw err;
  }

  const { port, host } = config;
  let stopSettling = () => {};
  const http = serve({ fetch: server.app.fetch, port, hostname: host }, (info) => {
    const url = `http://${publicHost(host)}:${info.port}${config.sitePath}`;
    const loaded = server.fixture ? `, ${server.fixture.content} objects, ${server.fixture.users} users` : '';
    const origin = server.restored
      ? `restored from ${config.dataDir}, ${server.store.current.nodeCount - 1} objects`
      : `fixture ${config.fixture}${loaded}`;
    console.log(`cms-oracle: ${url} ready in ${Math.round(performance.now())} ms (${origin}; Manager account: ${config.admin.user})`);
    settleAfterStart();
    stopSettling = settleAfterWrites((fn) => server.store.subscribe(fn));
  });
  answerClientErrors(http);
  http.on('error', (err: NodeJS.ErrnoException) => {
    console.error(`cms-oracle: cannot listen on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'address in use' : err.message}`);
    process.exit(1);
  });

  const stop = (signal: string) => {
    if (level >= LEVELS.indexOf('info')) console.log(`cms-oracle: ${signal}, stopping`);
    stopSettling();
    // The final snapshot is written after the last request is answered.
    http.close(() => void (server.persistence?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
    if ('closeAllConnections' in http) (http as { closeAllConnections(): void }).closeAllConnections();
    setTimeout(() => process.exit(0), server.persistence ? 60_000 : 2000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return undefined;
}

const code = await main();
if (code !== undefined) process.exit(code);
