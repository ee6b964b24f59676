// Plain text of rich text for the full-text index.
import { describe, expect, it } from 'vitest';
import { analyze, htmlToText } from './analyze.ts';

describe('htmlToText', () => {
  it('keeps text, drops tags and separates the words of adjacent elements', () => {
    expect(htmlToText('<p>Harbour</p><p>festival</p>').split(/\s+/).filter(Boolean)).toEqual(['Harbour', 'festival']);
  });
  it('drops what script and style elements hold, even with odd case and attributes', () => {
    const text = htmlToText('<p>visible</p><SCRIPT type="x">hidden()</SCRIPT><style>.hidden{}</style>');
    expect(text.trim()).toBe('visible');
  });
  it('decodes named and numeric entities', () => {
    expect(htmlToText('caf&eacute; &amp; b&#228;r&nbsp;&lt;x&gt;').replace(/\u00a0/g, ' ')).toBe('café & bär <x>');
  });
  it('does not read attribute values as text', () => {
    expect(htmlToText('<a href="/secret-link" title="tooltip">shown</a>').trim()).toBe('shown');
  });
  it('reads a tag left open or a stray angle bracket without throwing', () => {
    expect(analyze(htmlToText('<p>one < two <b>three'))).toEqual(['on', 'two', 'three']);
  });
  it('returns plain text unchanged', () => {
    expect(htmlToText('no markup here')).toBe('no markup here');
  });
});
