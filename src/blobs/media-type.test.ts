import { describe, expect, it } from 'vitest';
import { inlineAllowed, isValidMediaType, normalizeMediaType, servedMediaType } from './media-type.js';

describe('declared media types', () => {
  it('accepts type/subtype tokens with or without parameters', () => {
    for (const type of ['text/plain', 'image/svg+xml', 'application/vnd.ms-excel', 'Text/HTML; charset="utf-8"', 'text/plain;charset=utf-8;format=flowed']) {
      expect(isValidMediaType(type), type).toBe(true);
    }
  });

  it('refuses what is not a media type or cannot be sent back as a header', () => {
    const bad = ['', 'svg', 'image/', '/png', 'image/png/x', 'image/ png', 'ïmage/png', 'image/png\u0000', 'text/html\r\nSet-Cookie: a=b', 'x'.repeat(300) + '/y', 42, null];
    for (const type of bad) expect(isValidMediaType(type), JSON.stringify(type)).toBe(false);
  });

  it('normalises like Plone and serves invalid stored types as octet-stream', () => {
    expect(normalizeMediaType(' Image/PNG ; q=1')).toBe('image/png');
    expect(servedMediaType('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(servedMediaType('svg')).toBe('application/octet-stream');
    expect(inlineAllowed('IMAGE/PNG')).toBe(true);
    expect(inlineAllowed('video/mp4; codecs=avc1')).toBe(true);
    expect(inlineAllowed('text/html')).toBe(false);
    expect(inlineAllowed('image/svg+xml')).toBe(false);
  });
});
