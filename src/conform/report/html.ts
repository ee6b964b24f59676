// report.html: one self-contained page (inline CSS, no scripts, no network): the verdict, the
// features found, the family table, what changed since an earlier report, and every failing
// check with its differences and its requests and answers.
import type { CheckResult, Report, Step } from '../model.ts';
import { recordOf } from '../../lib/records.ts';

const ESCAPES: Record<string, string> = recordOf({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' });
const esc = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d2330}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem;border-bottom:1px solid #d5d9e0}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #e6e9ee;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}.verdict{font-size:1.1rem;font-weight:600;padding:.5rem .75rem;border-radius:4px;display:inline-block}
.pass{background:#e3f5e8;color:#135c2b}.fail{background:#fde8e8;color:#8a1c1c}.muted{color:#667085}
.check{border:1px solid #e0e4ea;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}.check h3{font-size:1rem;margin:0 0 .25rem;font-family:ui-monospace,monospace}
.lvl{font-size:.75rem;font-weight:700;padding:.05rem .35rem;border-radius:3px;margin-left:.5rem;background:#eef0f4}.MUST{background:#fde8e8;color:#8a1c1c}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;max-height:28rem;margin:.25rem 0;font-size:12px}details{margin:.25rem 0}summary{cursor:pointer;font-family:ui-monospace,monospace;font-size:12.5px}
details.culprit>summary{font-weight:700;color:#8a1c1c}code{font-family:ui-monospace,monospace;font-size:12.5px}td.exp{color:#135c2b}td.act{color:#8a1c1c}
`;

function headers(h: Record<string, string> | undefined): string {
  return h ? Object.entries(h).map(([k, v]) => `${k}: ${v}`).join('\n') : '';
}

function step(s: Step, index: number, culprit: boolean): string {
  const head = `${index + 1}. ${s.method} ${s.url} (${s.auth}) → ${s.error ? `no answer: ${s.error}` : s.status} · ${s.ms} ms`;
  return `<details${culprit ? ' open class="culprit"' : ''}><summary>${esc(head)}</summary>
<div class="muted">request</div><pre>${esc(headers(s.requestHeaders))}${s.requestBody ? `\n\n${esc(s.requestBody)}` : ''}</pre>
<div class="muted">response</div><pre>${esc(headers(s.responseHeaders))}${s.responseBody ? `\n\n${esc(s.responseBody)}` : ''}</pre></details>`;
}

function failed(c: CheckResult): string {
  const f = c.failure;
  const diffs = f?.differences.length
    ? `<table><tr><th>where</th><th>expected</th><th>actual</th></tr>${f.differences
        .map((d) => `<tr><td><code>${esc(d.path || '(value)')}</code></td><td class="exp"><code>${esc(d.expected)}</code></td><td class="act"><code>${esc(d.actual)}</code></td></tr>`)
        .join('')}</table>`
    : '';
  return `<div class="check" id="${esc(c.id)}"><h3>${esc(c.id)}<span class="lvl ${c.level}">${c.level}</span></h3>
<div>${esc(c.title)} <span class="muted">(${esc(c.source)})</span></div>
<p><strong>${esc(f?.message ?? c.reason ?? '')}</strong></p>${diffs}
${c.steps.map((s, i) => step(s, i, i === f?.step)).join('\n')}</div>`;
}

function list(title: string, checks: CheckResult[], withReason: boolean): string {
  if (!checks.length) return '';
  const rows = checks.map((c) => `<tr><td><code>${esc(c.id)}</code></td><td>${c.level}</td><td>${esc(withReason ? c.reason : c.title)}</td></tr>`).join('');
  return `<h2>${esc(title)} (${checks.length})</h2><table><tr><th>check</th><th>level</th><th>${withReason ? 'reason' : 'what'}</th></tr>${rows}</table>`;
}

export function htmlReport(report: Report): string {
  const s = report.summary;
  const ok = s.failed_must === 0;
  const families = report.families
    .map((f) => `<tr><td>${esc(f.family)}</td><td class="n">${f.passed}</td><td class="n">${f.failed}</td><td class="n">${f.not_applicable}</td><td class="n">${f.known}</td><td class="n">${(f.ms / 1000).toFixed(1)} s</td></tr>`)
    .join('');
  const features = Object.entries(report.features)
    .map(([name, f]) => `<tr><td><code>${esc(name)}</code></td><td>${f.offered ? 'offered' : '<span class="muted">not offered</span>'}</td><td>${esc(f.reason)}</td></tr>`)
    .join('');
  const cmp = report.comparison;
  const comparison = cmp
    ? `<h2>Since ${esc(cmp.previous)}</h2><table>${(
        [
          ['regressed', cmp.regressed],
          ['fixed', cmp.fixed],
          ['new checks', cmp.added],
          ['removed checks', cmp.removed],
        ] as const
      )
        .map(([t, ids]) => `<tr><th>${t} (${ids.length})</th><td>${ids.map((id) => `<code>${esc(id)}</code>`).join('<br>') || '<span class="muted">none</span>'}</td></tr>`)
        .join('')}</table>`
    : '';
  const failures = report.checks.filter((c) => c.status === 'failed').sort((a, b) => (a.level === b.level ? 0 : a.level === 'MUST' ? -1 : 1));
  const isolation = report.isolation
    ? `<h2>Isolation</h2><p>${report.isolation.length ? `The run left changes:</p><ul>${report.isolation.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : 'The site is as the run found it (content, users, groups, registry, aliases).</p>'}`
    : '';
  const warnings = report.warnings.length ? `<h2>Warnings</h2><ul>${report.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Conformance of ${esc(report.site)}</title><style>${CSS}</style></head><body>
<h1>Conformance report</h1>
<p class="muted">${esc(report.site)} · ${esc(report.started)} · ${(report.ms / 1000).toFixed(1)} s · ${esc(report.tool.name)} ${esc(report.tool.version)}</p>
<p class="verdict ${ok ? 'pass' : 'fail'}">${ok ? 'No MUST check failed' : `${s.failed_must} MUST check${s.failed_must === 1 ? '' : 's'} failed`} · ${s.passed} passed · ${s.failed} failed · ${s.not_applicable} not applicable · ${s.known} known differences</p>
<h2>Families</h2><table><tr><th>family</th><th>passed</th><th>failed</th><th>not applicable</th><th>known</th><th>time</th></tr>${families}</table>
${comparison}
${failures.length ? `<h2>Failed checks (${failures.length})</h2>${failures.map(failed).join('\n')}` : ''}
${list('Known differences', report.checks.filter((c) => c.status === 'known'), true)}
${list('Not applicable', report.checks.filter((c) => c.status === 'not_applicable'), true)}
${isolation}
${warnings}
<h2>Features</h2><table><tr><th>feature</th><th></th><th>how it was found</th></tr>${features}</table>
${list('Passed', report.checks.filter((c) => c.status === 'passed'), false)}
</body></html>
`;
}
