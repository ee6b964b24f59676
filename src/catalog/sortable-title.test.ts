// sortable_title of a title of any length: worked out from the title's start only, with the same
// 40 characters as from the whole title.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortableTitle } from './record.ts';

/** Plone's sortable_title worked out from the whole title. */
const whole = (title: string) =>
  title
    .toLowerCase()
    .trim()
    .replace(/\d+/g, (m) => m.padStart(4, '0'))
    .slice(0, 40)
    .trimEnd();

describe('sortableTitle', () => {
  it('is what the whole title gives, for titles longer than the part it reads', () => {
    const unit = fc.constantFrom(' ', '\t', 'a', 'Z', '1', '9', 'İ', 'ß', '-', '😀');
    fc.assert(
      fc.property(fc.string({ unit, minLength: 300, maxLength: 1200 }), (title) => {
        expect(sortableTitle(title)).toBe(whole(title));
      }),
      { numRuns: 500 },
    );
  });

  it('zero-fills every number as the regular expression does, for titles of any size', () => {
    const unit = fc.constantFrom(' ', 'a', 'Z', '0', '1', '9', '٣', 'İ', '-', '😀');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (title) => {
        expect(sortableTitle(title)).toBe(whole(title));
      }),
      { numRuns: 2000 },
    );
    expect(sortableTitle('7 days, 12 hours, 2026 and 12345')).toBe('0007 days, 0012 hours, 2026 and 12345');
  });

  it('reads only the start of a title of megabytes', () => {
    const title = ' '.repeat(1000) + 'Report 7 ' + 'x'.repeat(4 * 1024 * 1024);
    expect(sortableTitle(title)).toBe(whole(title));
    expect(sortableTitle(title)).toBe('report 0007 xxxxxxxxxxxxxxxxxxxxxxxxxxxx');
  });
});
