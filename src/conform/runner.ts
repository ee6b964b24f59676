// Runs checks against a server: probe, then family by family (inside a RobotRemote
// setup/teardown when the server offers it), each check in a fresh context whose cleanups run
// afterwards; known differences and missing features decide the status, not the check.
import { randomBytes } from 'node:crypto';
import { CheckContext, type RunEnv } from './context.ts';
import { CheckFailed } from './expect.ts';
import { Recorder, TransportError, networkTransport, type Connection, type Transport } from './http.ts';
import type { CheckResult, FamilySummary, Feature, Report, Summary } from './model.ts';
import type { Check } from './context.ts';
import { probe, robotCall, ROBOT_LAYER, type Probed } from './probe.ts';
import { allChecks } from './checks/index.ts';
import { fingerprint, fingerprintChanges, type Fingerprint } from './fingerprint.ts';

export const TOOL = { name: 'cms-oracle conform', version: '1' };

export interface RunOptions {
  /** URL of the site root, e.g. http://localhost:8080/Plone */
  url: string;
  admin: { user: string; password: string };
  transport?: Transport;
  checks?: Check[];
  /** Family names, check ids or id prefixes (`content.create`) to run; empty: all. */
  only?: string[];
  /** Check id (or prefix ending in `*`) -> reason: differences the implementer knows of. */
  known?: Map<string, string>;
  /** Per request. Default 30 s. */
  timeoutMs?: number;
  /** Per check. Default 120 s. */
  checkTimeoutMs?: number;
  onEvent?: (event: RunEvent) => void;
  /** Read content, users, groups, registry, aliases, relations, types, rules and add-ons before and after, and report changes. */
  verifyIsolation?: boolean;
}

export type RunEvent =
  | { type: 'probed'; features: Report['features'] }
  | { type: 'family-start'; family: string; checks: number }
  | { type: 'check'; result: CheckResult }
  | { type: 'family-end'; summary: FamilySummary };

/** The checks `only` selects (all when empty), in suite order. */
export function selectChecks(checks: Check[], only: string[] = []): Check[] {
  if (!only.length) return checks;
  return checks.filter((c) => only.some((o) => c.family === o || c.id === o || c.id.startsWith(o.endsWith('.') ? o : `${o}.`)));
}

/** The families of the checks, in first-seen order. */
export function familiesOf(items: { family: string }[]): string[] {
  return [...new Set(items.map((c) => c.family))];
}

function knownReason(known: Map<string, string> | undefined, id: string): string | undefined {
  if (!known) return undefined;
  if (known.has(id)) return known.get(id);
  for (const [key, reason] of known) if (key.endsWith('*') && id.startsWith(key.slice(0, -1))) return reason;
  return undefined;
}

/** One run against one server: probe once, then run checks (one at a time, or all by `run`). */
export class ConformanceRun {
  readonly started = new Date();
  readonly results: CheckResult[] = [];
  readonly warnings: string[] = [];
  private counter = 0;
  private readonly env: RunEnv;

  private constructor(
    readonly options: RunOptions,
    readonly connection: Connection,
    readonly probed: Probed,
    readonly runId: string,
  ) {
    const features = new Set<Feature>([...probed.features].filter(([, f]) => f.offered).map(([name]) => name));
    this.env = {
      connection,
      base: probed.base,
      features,
      runId,
      sandboxType: probed.sandboxType,
      next: () => ++this.counter,
    };
  }

  /** Probes the server; throws UnreachableError / ArgumentError when it cannot run. */
  static async start(options: RunOptions): Promise<ConformanceRun> {
    const runId = randomBytes(4).toString('hex').slice(0, 6);
    const base = options.url.replace(/\/+$/, '');
    const draft: Connection = {
      transport: options.transport ?? networkTransport,
      base,
      admin: options.admin,
      adminAuthorization: '',
      timeoutMs: options.timeoutMs ?? 30_000,
    };
    const probed = await probe(draft, runId);
    const run = new ConformanceRun(options, { ...draft, adminAuthorization: probed.adminAuthorization }, probed, runId);
    options.onEvent?.({ type: 'probed', features: run.featureReport() });
    return run;
  }

  get features(): ReadonlySet<Feature> {
    return this.env.features;
  }

  featureReport(): Report['features'] {
    return Object.fromEntries([...this.probed.features].map(([k, v]) => [k, v]));
  }

  /** With RobotRemote: push a snapshot of the whole site before a family. */
  async beginFamily(family: string): Promise<void> {
    if (!this.features.has('robot-remote')) return;
    const result = await robotCall(new Recorder(this.connection), 'run_keyword', ['remote_zodb_setup', [ROBOT_LAYER]]);
    if (!isPass(result)) this.warnings.push(`${family}: RobotRemote remote_zodb_setup did not pass`);
  }

  /** After a family: drop aliases left below this run's sandboxes; with RobotRemote, pop the snapshot. */
  async endFamily(family: string): Promise<void> {
    const rec = new Recorder(this.connection);
    try {
      const prefix = `/conform-${this.runId}`;
      const aliases = await rec.request('GET', `/@aliases?q=${encodeURIComponent(prefix)}`);
      const left = Array.isArray(aliases.body?.items)
        ? aliases.body.items.filter((a: { path?: unknown }) => typeof a.path === 'string' && a.path.startsWith(prefix))
        : [];
      if (left.length) {
        const r = await rec.request('DELETE', '/@aliases', { body: { items: left.map((a: { path: string }) => ({ path: a.path })) } });
        if (r.status >= 300) this.warnings.push(`${family}: could not delete ${left.length} aliases below ${prefix}: ${r.status}`);
      }
    } catch (err) {
      this.warnings.push(`${family}: alias clean-up failed: ${(err as Error).message}`);
    }
    if (!this.features.has('robot-remote')) return;
    const result = await robotCall(rec, 'run_keyword', ['remote_zodb_teardown', [ROBOT_LAYER]]);
    if (!isPass(result)) this.warnings.push(`${family}: RobotRemote remote_zodb_teardown did not pass`);
  }

  /** Runs one check (not applicable when a feature is missing) and records its result. */
  async runCheck(check: Check): Promise<CheckResult> {
    const started = performance.now();
    const base = { id: check.id, family: check.family, level: check.level, source: check.source, title: check.title };
    const missing = (check.needs ?? []).filter((f) => !this.features.has(f));
    if (missing.length) {
      const reasons = missing.map((f) => this.probed.features.get(f)?.reason ?? `${f} not offered`);
      const result: CheckResult = { ...base, status: 'not_applicable', reason: `needs ${missing.join(', ')}: ${reasons.join('; ')}`, steps: [], ms: 0 };
      return this.record(result);
    }
    const t = new CheckContext(this.env);
    let result: CheckResult;
    try {
      await withTimeout(check.run(t), this.options.checkTimeoutMs ?? 120_000);
      result = { ...base, status: 'passed', steps: t.steps, ms: 0 };
    } catch (err) {
      result = { ...base, status: 'failed', steps: t.steps, ms: 0, ...failureOf(err, t) };
    }
    const problems = await t.cleanup();
    for (const p of problems) this.warnings.push(`${check.id}: ${p}`);
    result.ms = Math.round(performance.now() - started);
    const known = knownReason(this.options.known, check.id);
    if (known !== undefined) {
      if (result.status === 'failed') {
        result.status = 'known';
        result.reason = `known difference: ${known} (${result.reason})`;
      } else {
        result.reason = `declared a known difference (${known}) but passed`;
      }
    }
    return this.record(result);
  }

  private record(result: CheckResult): CheckResult {
    this.results.push(result);
    this.options.onEvent?.({ type: 'check', result });
    return result;
  }

  /** The site's content, users, groups, registry, aliases, relations, types, rules and add-ons as the interface shows them. */
  fingerprint(): Promise<Fingerprint> {
    return fingerprint(new Recorder(this.connection));
  }

  /** Runs the selected checks family by family. */
  async run(): Promise<Report> {
    const checks = selectChecks(this.options.checks ?? allChecks, this.options.only);
    const before = this.options.verifyIsolation ? await this.fingerprint() : undefined;
    for (const family of familiesOf(checks)) {
      const mine = checks.filter((c) => c.family === family);
      const started = performance.now();
      this.options.onEvent?.({ type: 'family-start', family, checks: mine.length });
      await this.beginFamily(family);
      try {
        for (const check of mine) await this.runCheck(check);
      } finally {
        await this.endFamily(family);
      }
      const summary = summarizeFamily(family, this.results.filter((r) => r.family === family), performance.now() - started);
      this.options.onEvent?.({ type: 'family-end', summary });
    }
    const report = this.report();
    if (before) report.isolation = fingerprintChanges(before, await this.fingerprint());
    return report;
  }

  report(): Report {
    const families = familiesOf(this.results).map((f) =>
      summarizeFamily(f, this.results.filter((r) => r.family === f), this.results.filter((r) => r.family === f).reduce((s, r) => s + r.ms, 0)),
    );
    return {
      tool: TOOL,
      site: this.probed.base,
      started: this.started.toISOString(),
      ms: Math.round(Date.now() - this.started.getTime()),
      features: this.featureReport(),
      summary: summarize(this.results),
      families,
      checks: this.results,
      warnings: this.warnings,
    };
  }
}

function isPass(value: unknown): boolean {
  return value instanceof Map && value.get('status') === 'PASS';
}

function failureOf(err: unknown, t: CheckContext): Pick<CheckResult, 'reason' | 'failure'> {
  if (err instanceof CheckFailed) {
    const first = err.failure.differences[0];
    const detail = first ? `: ${first.path ? `${first.path}: ` : ''}expected ${first.expected}, actual ${first.actual}` : '';
    return { reason: `${err.failure.message}${detail}`, failure: err.failure };
  }
  if (err instanceof TransportError) {
    return { reason: `no answer from ${err.url}: ${err.message}`, failure: { message: `no answer: ${err.message}`, differences: [], step: err.step } };
  }
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const step = t.steps.length ? t.steps.length - 1 : undefined;
  return {
    reason: `the check stopped on an unexpected answer (${message})`,
    failure: { message: `the check stopped on an unexpected answer: ${message}`, differences: [], step },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the check took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function summarize(results: CheckResult[]): Summary {
  const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    not_applicable: count('not_applicable'),
    known: count('known'),
    failed_must: results.filter((r) => r.status === 'failed' && r.level === 'MUST').length,
  };
}

function summarizeFamily(family: string, results: CheckResult[], ms: number): FamilySummary {
  const { passed, failed, not_applicable, known } = summarize(results);
  return { family, passed, failed, not_applicable, known, ms: Math.round(ms) };
}

/** Probe and run everything `options` selects. */
export async function runConformance(options: RunOptions): Promise<Report> {
  const run = await ConformanceRun.start(options);
  return run.run();
}
