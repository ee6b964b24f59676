// The server's process starts with SERVER_NODE_FLAGS, by both commands that start it, and each
// flag is one this Node takes and acts on.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './gc-tuning.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const startScript = (JSON.parse(readFileSync(root + 'package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start;
const runShebang = readFileSync(root + 'bin/run.mjs', 'utf8').split('\n')[0];

describe('SERVER_NODE_FLAGS', () => {
  it('are given by `npm start` and by the installed cms-oracle command', () => {
    expect(startScript).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} bin/start.mjs`);
    expect(runShebang).toBe(`#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(' ')}`);
  });

  it('give V8 a young generation of two 32 MB semi-spaces', () => {
    const probe = 'const v8 = require("v8"); let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ i }); if (keep.length > 3e5) keep = []; } console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size)';
    const run = (flags: readonly string[]) => spawnSync(process.execPath, [...flags, '-e', probe], { encoding: 'utf8' });
    const tuned = run(SERVER_NODE_FLAGS);
    expect(tuned.status, tuned.stderr).toBe(0);
    expect(Number(tuned.stdout)).toBe(64 * 2 ** 20);
    expect(Number(run([]).stdout)).toBeLessThan(64 * 2 ** 20);
  });
});
