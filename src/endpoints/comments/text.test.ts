// Comment text as served: HTML comments go through the safe-HTML filter (stored comments may be
// HTML, e.g. from imported sites, though the API's transforms only write plain or intelligent text).
import { describe, expect, it } from 'vitest';
import type { SiteState } from '../../state/model.ts';
import { renderText } from './text.ts';

const state = { registry: {} } as unknown as SiteState;

describe('renderText', () => {
  it('filters HTML comments', () => {
    expect(renderText(state, { text: '<p onclick="x()">Hi<script>alert(1)</script></p>', mimeType: 'text/html' })).toEqual({ data: '<p>Hi</p>', 'mime-type': 'text/html' });
  });

  it('escapes intelligent text and leaves plain text as it is', () => {
    expect(renderText(state, { text: '<b>x</b> https://a.example', mimeType: 'text/x-web-intelligent' }).data).toBe(
      '<p>&lt;b&gt;x&lt;/b&gt; <a href="https://a.example" rel="nofollow">https://a.example</a></p>',
    );
    expect(renderText(state, { text: '<b>x</b>', mimeType: 'text/plain' })).toEqual({ data: '<b>x</b>', 'mime-type': 'text/plain' });
  });
});
