// junit.xml for CI systems: one testsuite per family, one testcase per check; failures carry
// the differences, not-applicable checks and known differences are "skipped". Written with
// fast-xml-parser's builder, which escapes text and attributes.
import { XMLBuilder } from 'fast-xml-parser';
import type { CheckResult, Report } from '../model.ts';
import { failureText } from './text.ts';

// XML 1.0 cannot carry most control characters, whatever the escaping.
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD');
const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(c: CheckResult) {
  const node: Record<string, unknown> = {
    '@_classname': `conform.${c.family}`,
    '@_name': c.id,
    '@_time': seconds(c.ms),
  };
  if (c.status === 'failed') {
    node.failure = { '@_type': c.level, '@_message': clean(c.reason ?? 'failed'), '#text': clean(failureText(c)) };
  } else if (c.status === 'not_applicable') {
    node.skipped = { '@_message': clean(`not applicable: ${c.reason ?? ''}`) };
  } else if (c.status === 'known') {
    node.skipped = { '@_message': clean(c.reason ?? 'known difference') };
  }
  node['system-out'] = clean(`${c.level} ${c.title} (${c.source})`);
  return node;
}

export function junitXml(report: Report): string {
  const suites = report.families.map((f) => {
    const checks = report.checks.filter((c) => c.family === f.family);
    return {
      '@_name': f.family,
      '@_tests': checks.length,
      '@_failures': f.failed,
      '@_errors': 0,
      '@_skipped': f.not_applicable + f.known,
      '@_time': seconds(f.ms),
      testcase: checks.map(testcase),
    };
  });
  const doc = {
    testsuites: {
      '@_name': `${report.tool.name} ${report.site}`,
      '@_tests': report.checks.length,
      '@_failures': report.summary.failed,
      '@_errors': 0,
      '@_skipped': report.summary.not_applicable + report.summary.known,
      '@_time': seconds(report.ms),
      testsuite: suites,
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(doc)}`;
}
