// Ids made from titles of any length: a title of megabytes costs no more than one of 4 KB, and
// titles up to that length are named exactly as before.
import { describe, expect, it } from 'vitest';
import { normalizeId } from './names.ts';

describe('normalizeId', () => {
  it('names a title of megabytes from its start and its file extension', () => {
    const start = 'Quarterly report, part '.repeat(200);
    const id = normalizeId(start + 'x'.repeat(4 * 1024 * 1024) + '.PDF');
    expect(id).toBe(normalizeId(start + '.pdf'));
    expect(id.endsWith('.pdf')).toBe(true);
    expect(id.length).toBeLessThanOrEqual(255 + 4);
    expect(id.startsWith('quarterly-report-part-quarterly')).toBe(true);
  });

  it('gives the same id as before for titles up to 4,096 characters', () => {
    expect(normalizeId('My Document')).toBe('my-document');
    expect(normalizeId('Report (final).PDF')).toBe('report-final.pdf');
    expect(normalizeId('Über uns', 'de')).toBe('ueber-uns');
    const title = 'Ünïcødé – title 2026! '.repeat(186); // 4,092 characters
    expect(title.length).toBeLessThanOrEqual(4096);
    expect(normalizeId(title)).toMatch(/^unicode-title-2026-unicode/);
  });
});
