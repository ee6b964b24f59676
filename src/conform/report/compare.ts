// --compare: what changed since an earlier report (regressions, fixes, checks added or removed).
import type { CheckResult, Comparison, Report } from '../model.ts';

const good = (s: CheckResult['status']) => s === 'passed';
const bad = (s: CheckResult['status']) => s === 'failed' || s === 'known';

/** Reads the checks of an earlier report.json; throws with a readable message when it is not one. */
export function readPreviousReport(text: string, name: string): Pick<Report, 'checks' | 'started'> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`${name} is not JSON: ${(err as Error).message}`);
  }
  const checks = (data as { checks?: unknown })?.checks;
  if (!Array.isArray(checks) || !checks.every((c) => typeof c?.id === 'string' && typeof c?.status === 'string')) {
    throw new Error(`${name} is not a conform report (no checks with id and status)`);
  }
  return { checks: checks as CheckResult[], started: String((data as { started?: unknown }).started ?? '') };
}

export function compareReports(previous: Pick<Report, 'checks' | 'started'>, current: CheckResult[], name: string): Comparison {
  const before = new Map(previous.checks.map((c) => [c.id, c.status]));
  const now = new Map(current.map((c) => [c.id, c.status]));
  const regressed: string[] = [];
  const fixed: string[] = [];
  const added: string[] = [];
  for (const [id, status] of now) {
    const was = before.get(id);
    if (was === undefined) added.push(id);
    else if (good(was) && bad(status)) regressed.push(id);
    else if (bad(was) && good(status)) fixed.push(id);
  }
  const removed = [...before.keys()].filter((id) => !now.has(id));
  return { previous: previous.started ? `${name} (${previous.started})` : name, regressed, fixed, added, removed };
}
