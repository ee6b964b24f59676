// `cms-oracle conform <site URL> [options]` (also `npm run conform -- …`): judges any server of
// the interface. Exit code 0 when no MUST check failed (with --strict: no check failed), 1
// otherwise, 2 when the server cannot be reached or the arguments are wrong.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { allChecks } from './checks/index.ts';
import type { CheckResult, Report } from './model.ts';
import { ArgumentError, UnreachableError } from './probe.ts';
import { compareReports, readPreviousReport } from './report/compare.ts';
import { comparisonText, FAMILY_HEADER, familyLine, failureText, familyTable } from './report/text.ts';
import { writeReports } from './report/write.ts';
import { ConformanceRun, selectChecks, type RunEvent } from './runner.ts';

export const USAGE = `Usage: cms-oracle conform <site URL> [options]      (npm run conform -- <site URL> [options])

Runs the conformance checks against a server of the CMS (Plone) REST interface and reports,
family by family, where it differs. Every check has a stable id, a level (MUST: the interface
description says it; SHOULD: the real Plone REST API does it) and its source section.

Options:
  --admin user:password   a Manager account of the site (default admin:admin; env CONFORM_ADMIN)
  --report DIR            write DIR/report.json, DIR/junit.xml and DIR/report.html
  --only LIST             comma-separated families, check ids or id prefixes (e.g. content,users.create)
  --known FILE            JSON {"<check id or prefix*>": "reason", ...}: known differences,
                          reported apart; they do not fail the run
  --compare FILE          an earlier report.json: say what regressed and what got fixed
  --strict                exit 1 when any check fails, SHOULD checks included, or when
                          --verify-isolation finds changes
  --verify-isolation      read content, users, groups, registry, aliases, relations, content
                          types, content rules and add-ons before and after the run and
                          report what the run left changed
  --timeout MS            per request (default 30000)
  --quiet                 no progress lines, only the summary
  --list                  list the checks (id, level, needs, source) and exit
  -h, --help              this help

Exit codes: 0 no MUST check failed · 1 a MUST check failed (--strict: any check) ·
2 the server could not be reached or the arguments are wrong.`;

class UsageError extends Error {}

export interface CliOptions {
  url: string;
  admin: { user: string; password: string };
  report?: string;
  only: string[];
  known?: Map<string, string>;
  compare?: { name: string; text: string };
  strict: boolean;
  verifyIsolation: boolean;
  timeoutMs: number;
  quiet: boolean;
}

/** Reads a known-differences file: `{"id": "reason"}` or `{"known": [{"id", "reason"}]}`. */
export function parseKnown(text: string, name: string): Map<string, string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--known ${name}: not JSON (${(err as Error).message})`);
  }
  const entries: [string, unknown][] = Array.isArray((data as { known?: unknown })?.known)
    ? ((data as { known: { id?: unknown; reason?: unknown }[] }).known.map((e) => [String(e?.id), e?.reason]) as [string, unknown][])
    : data && typeof data === 'object' && !Array.isArray(data)
      ? Object.entries(data)
      : [];
  if (!entries.length && !(data && typeof data === 'object')) throw new UsageError(`--known ${name}: expected {"<check id>": "<reason>", ...}`);
  const known = new Map<string, string>();
  for (const [id, reason] of entries) {
    if (id.startsWith('$')) continue;
    if (typeof reason !== 'string' || !reason.trim()) throw new UsageError(`--known ${name}: ${id} needs a reason (a non-empty string)`);
    known.set(id, reason);
  }
  return known;
}

export function readOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions | 'help' | 'list' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        admin: { type: 'string' },
        report: { type: 'string' },
        only: { type: 'string' },
        known: { type: 'string' },
        compare: { type: 'string' },
        strict: { type: 'boolean' },
        'verify-isolation': { type: 'boolean' },
        timeout: { type: 'string' },
        quiet: { type: 'boolean' },
        list: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (v.list) return 'list';
  if (parsed.positionals.length !== 1) throw new UsageError(parsed.positionals.length ? 'give exactly one site URL' : 'the site URL is missing');
  const url = parsed.positionals[0];
  if (!/^https?:\/\/[^/\s]+/.test(url)) throw new UsageError(`"${url}" is not an http(s) URL of a site root, e.g. http://localhost:8080/Plone`);
  const admin = v.admin ?? env.CONFORM_ADMIN ?? 'admin:admin';
  const colon = admin.indexOf(':');
  if (colon <= 0 || colon === admin.length - 1) throw new UsageError('--admin: expected user:password');
  const timeout = v.timeout ?? '30000';
  if (!/^\d+$/.test(timeout) || Number(timeout) < 100) throw new UsageError('--timeout: a number of milliseconds (at least 100)');
  const only = (v.only ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (only.length) {
    const unknown = only.filter((o) => !selectChecks(allChecks, [o]).length);
    if (unknown.length) throw new UsageError(`--only: no family or check named ${unknown.join(', ')}`);
  }
  const read = (flag: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`--${flag} ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
    }
  };
  return {
    url,
    admin: { user: admin.slice(0, colon), password: admin.slice(colon + 1) },
    report: v.report,
    only,
    known: v.known ? parseKnown(read('known', v.known), v.known) : undefined,
    compare: v.compare ? { name: v.compare, text: read('compare', v.compare) } : undefined,
    strict: !!v.strict,
    verifyIsolation: !!v['verify-isolation'],
    timeoutMs: Number(timeout),
    quiet: !!v.quiet,
  };
}

function listChecks(): string {
  return allChecks
    .map((c) => `${c.id.padEnd(62)} ${c.level.padEnd(7)}${c.needs?.length ? `needs ${c.needs.join(',')}; ` : ''}${c.source}`)
    .join('\n');
}

const mark = (r: CheckResult) => (r.status === 'failed' ? 'FAIL' : r.status === 'known' ? 'KNOWN' : '');

/** Runs the command; returns the exit code. `out` and `err` default to the console. */
export async function conformCommand(argv: string[], io: { out?: (s: string) => void; err?: (s: string) => void; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const out = io.out ?? ((s: string) => console.log(s));
  const err = io.err ?? ((s: string) => console.error(s));
  let options: CliOptions | 'help' | 'list';
  try {
    options = readOptions(argv, io.env ?? process.env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`conform: ${e.message}\nRun with --help for the options.`);
    return 2;
  }
  if (options === 'help') {
    out(USAGE);
    return 0;
  }
  if (options === 'list') {
    out(listChecks());
    return 0;
  }
  const opts = options;
  let previous;
  if (opts.compare) {
    try {
      previous = readPreviousReport(opts.compare.text, opts.compare.name);
    } catch (e) {
      err(`conform: --compare ${(e as Error).message}`);
      return 2;
    }
  }
  if (opts.known) {
    const ids = [...opts.known.keys()].filter((k) => !allChecks.some((c) => c.id === k || (k.endsWith('*') && c.id.startsWith(k.slice(0, -1)))));
    for (const id of ids) err(`conform: warning: --known names ${id}, which is no check of this suite`);
  }
  const onEvent = (e: RunEvent) => {
    if (opts.quiet) return;
    if (e.type === 'probed') {
      const offered = Object.entries(e.features).map(([name, f]) => `${f.offered ? '+' : '-'}${name}`);
      out(`features: ${offered.join(' ')}`);
      out(FAMILY_HEADER);
    } else if (e.type === 'check' && mark(e.result)) {
      out(`  ${mark(e.result)} ${e.result.id} [${e.result.level}]: ${e.result.reason ?? ''}`);
    } else if (e.type === 'family-end') {
      out(familyLine(e.summary));
    }
  };
  out(`conform: ${opts.url} as ${opts.admin.user}`);
  let report: Report;
  try {
    const run = await ConformanceRun.start({ url: opts.url, admin: opts.admin, only: opts.only, known: opts.known, timeoutMs: opts.timeoutMs, verifyIsolation: opts.verifyIsolation, onEvent });
    report = await run.run();
  } catch (e) {
    if (e instanceof UnreachableError || e instanceof ArgumentError) {
      err(`conform: ${e.message}`);
      return 2;
    }
    throw e;
  }
  if (previous && opts.compare) report.comparison = compareReports(previous, report.checks, opts.compare.name);
  const failures = report.checks.filter((c) => c.status === 'failed');
  if (failures.length) {
    out(`\nFailed checks:\n`);
    for (const c of failures) out(`${failureText(c)}\n`);
  }
  for (const w of report.warnings) out(`warning: ${w}`);
  if (report.isolation) out(report.isolation.length ? `isolation: the run left changes:\n  ${report.isolation.join('\n  ')}` : 'isolation: the site is as the run found it');
  out(`\n${familyTable(report)}`);
  if (report.comparison) out(`\n${comparisonText(report.comparison)}`);
  if (opts.report) {
    const files = writeReports(opts.report, report);
    out(`\nreports: ${files.join(', ')}`);
  }
  const s = report.summary;
  const code = s.failed_must > 0 || (opts.strict && (s.failed > 0 || !!report.isolation?.length)) ? 1 : 0;
  out(`\n${s.failed_must} MUST checks failed, ${s.not_applicable} not applicable, ${s.known} known differences; ${(report.ms / 1000).toFixed(1)} s`);
  out(`conform: ${s.passed} passed, ${s.failed} failed, ${s.not_applicable + s.known} skipped`);
  return code;
}
