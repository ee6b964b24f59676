// Helpers shared by the persistence tests (no test framework imports here).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPersistentServer, type PersistenceFlags } from './boot.ts';
import type { Logger } from '../persistence/restore.ts';
import { callJson } from '../http/json-call.ts';

export const tmpDataDir = (label = 'persist') => mkdtempSync(join(tmpdir(), `cms-oracle-${label}-`));

export interface CapturingLogger extends Logger {
  lines: string[];
}

export function capturingLogger(): CapturingLogger {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info: ${m}`),
    warn: (m) => lines.push(`warn: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
  };
}

const AUTH = 'Basic ' + Buffer.from('admin:admin').toString('base64');
export const SITE = 'http://localhost:8080/Plone';

/** An in-process persistent site; `call()` sends one JSON request as admin (or anonymously). */
export async function persistentSite(dataDir: string, flags: Partial<PersistenceFlags> = {}, log = capturingLogger()) {
  const server = await createPersistentServer(
    { admin: { user: 'admin', password: 'admin' } },
    { dataDir, durable: false, snapshotInterval: 0, devEndpoints: false, ...flags },
    log,
  );
  const call = async (method: string, path: string, body?: unknown, auth: string | null = AUTH) => {
    const res = await callJson(server.app, method, /^https?:/.test(path) ? path : SITE + path, body, auth ? { Authorization: auth } : {});
    return { status: res.status, body: res.body, text: res.text };
  };
  return { ...server, call, log };
}
