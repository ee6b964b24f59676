// Writes report.json, junit.xml and report.html into a directory. Passed checks keep their
// steps without headers and bodies, so the JSON stays small; failures keep everything.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult, Report } from '../model.ts';
import { htmlReport } from './html.ts';
import { junitXml } from './junit.ts';

function slim(c: CheckResult): CheckResult {
  if (c.status === 'failed' || c.status === 'known') return c;
  return { ...c, steps: c.steps.map(({ method, url, auth, status, error, ms }) => ({ method, url, auth, status, error, ms })) };
}

export function reportJson(report: Report): string {
  return JSON.stringify({ ...report, checks: report.checks.map(slim) }, null, 2);
}

export function writeReports(dir: string, report: Report): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['report.json', reportJson(report)],
    ['junit.xml', junitXml(report)],
    ['report.html', htmlReport(report)],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}
