// Ids made from titles of any length: a title of megabytes costs no more than one of 4 KB, and
// titles up to that length are named exactly as before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTEMPTS, nameStamp, normalizeId, normalizeIdInFull, uniqueId } from './names.ts';
import { insertChild } from '../../state/children.ts';
import type { ContentNode } from '../../state/model.ts';

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

  it('names plain words by its quick path as by the full steps', () => {
    const char = fc.constantFrom(...'aZ09 _-.é\'x'.split(''));
    const words = fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), { minLength: 1, maxLength: 30 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.oneof(words, fc.array(char, { maxLength: 300 }).map((cs) => cs.join('')), fc.string()), fc.constantFrom(undefined, 'de'), (text, language) => {
        expect(normalizeId(text, language)).toBe(normalizeIdInFull(text, language));
      }),
      { numRuns: 2000 },
    );
    // the quick path itself: plain words up to 255 characters, one longer is cropped
    expect(normalizeId('Spread Document 12')).toBe('spread-document-12');
    expect(normalizeId('ab '.repeat(100).trim())).toBe(normalizeIdInFull('ab '.repeat(100).trim()));
    expect(normalizeId('ab '.repeat(100).trim()).length).toBeLessThanOrEqual(255);
  });
});

describe('uniqueId', () => {
  const STAMP = '1764082345.1042';
  const folderOf = (ids: string[]) => {
    const folder = {} as ContentNode;
    for (const id of ids) insertChild(folder, id, `uid-${id}`);
    return folder;
  };
  const numbered = (stem: string, ext = '', from = 1, to = ATTEMPTS) => Array.from({ length: to - from + 1 }, (_, i) => `${stem}-${from + i}${ext}`);

  it('takes the wanted id when it is free, else the lowest free number', () => {
    expect(uniqueId(folderOf(['doc-1']), 'doc', true, STAMP)).toBe('doc');
    expect(uniqueId(folderOf(['doc', 'doc-1', 'doc-2', 'doc-4']), 'doc', true, STAMP)).toBe('doc-3');
    expect(uniqueId(folderOf(['report.pdf']), 'report.pdf', true, STAMP)).toBe('report-1.pdf');
    expect(uniqueId(folderOf([]), 'start', true, STAMP)).toBe('start-1');
    expect(uniqueId(folderOf([]), 'start', false, STAMP)).toBe('start');
  });

  it('tries -1 to -100, then the stamp, before the extension (Plone: ATTEMPTS, then time.time())', () => {
    expect(ATTEMPTS).toBe(100);
    const gap = folderOf(['doc', ...numbered('doc').filter((id) => id !== 'doc-100')]);
    expect(uniqueId(gap, 'doc', true, STAMP)).toBe('doc-100');
    const full = folderOf(['doc', ...numbered('doc'), 'doc-102', 'doc-103']);
    expect(uniqueId(full, 'doc', true, STAMP)).toBe(`doc-${STAMP}`);
    const files = folderOf(['report.pdf', ...numbered('report', '.pdf')]);
    expect(uniqueId(files, 'report.pdf', true, STAMP)).toBe(`report-${STAMP}.pdf`);
  });

  it('answers 400 with Plone words when the stamped id is taken too', () => {
    const full = folderOf(['doc', ...numbered('doc'), `doc-${STAMP}`]);
    let refused: unknown;
    try {
      uniqueId(full, 'doc', true, STAMP);
    } catch (e) {
      refused = e;
    }
    expect(refused).toMatchObject({ status: 400, message: 'Cannot find a unique name based on doc after 100 attempts.' });
  });

  it('stamps with the seconds of the request and the next intid', () => {
    expect(nameStamp('2026-11-25T14:58:54+00:00', 1042)).toBe(`${Date.parse('2026-11-25T14:58:54Z') / 1000}.1042`);
    expect(nameStamp('2026-11-25T14:58:54+00:00', 1043)).not.toBe(nameStamp('2026-11-25T14:58:54+00:00', 1042));
  });
});
