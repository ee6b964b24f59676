// Plain-text renderings: progress lines, the family table, a failure with its differences and
// the request it is about.
import type { CheckResult, Comparison, FamilySummary, Report, Step } from '../model.ts';

export function stepLine(s: Step): string {
  return `${s.method} ${s.url} (${s.auth}) -> ${s.error ? `no answer: ${s.error}` : s.status}`;
}

/** A failure as text: what, the differences, and the request/answer it is about. */
export function failureText(c: CheckResult): string {
  const lines = [`${c.id} [${c.level}] ${c.title}`, `  source: ${c.source}`];
  if (c.failure) {
    lines.push(`  ${c.failure.message}`);
    for (const d of c.failure.differences) lines.push(`    ${d.path || '(value)'}: expected ${d.expected}, actual ${d.actual}`);
    const step = c.failure.step !== undefined ? c.steps[c.failure.step] : undefined;
    if (step) {
      lines.push(`  request: ${stepLine(step)}`);
      if (step.requestBody) lines.push(`  request body: ${indent(step.requestBody)}`);
      if (step.responseBody) lines.push(`  response body: ${indent(step.responseBody.slice(0, 1500))}`);
    }
  } else if (c.reason) {
    lines.push(`  ${c.reason}`);
  }
  return lines.join('\n');
}

const indent = (text: string) => text.replace(/\n/g, '\n    ');

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padStart = (s: string | number, n: number) => String(s).padStart(n);

export function familyLine(f: FamilySummary): string {
  return `${pad(f.family, 16)}${padStart(f.passed, 7)}${padStart(f.failed, 8)}${padStart(f.not_applicable, 8)}${padStart(f.known, 7)}${padStart((f.ms / 1000).toFixed(1), 8)} s`;
}

export const FAMILY_HEADER = `${pad('family', 16)}${padStart('passed', 7)}${padStart('failed', 8)}${padStart('n/a', 8)}${padStart('known', 7)}${padStart('time', 10)}`;

export function familyTable(report: Report): string {
  const s = report.summary;
  const total: FamilySummary = { family: 'total', passed: s.passed, failed: s.failed, not_applicable: s.not_applicable, known: s.known, ms: report.ms };
  return [FAMILY_HEADER, ...report.families.map(familyLine), '-'.repeat(FAMILY_HEADER.length), familyLine(total)].join('\n');
}

export function comparisonText(c: Comparison): string {
  const list = (title: string, ids: string[]) => (ids.length ? [`${title} (${ids.length}):`, ...ids.map((id) => `  ${id}`)] : [`${title}: none`]);
  return [`Compared with ${c.previous}`, ...list('regressed', c.regressed), ...list('fixed', c.fixed), ...list('new checks', c.added), ...list('removed checks', c.removed)].join('\n');
}
