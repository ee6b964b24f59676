// Comment text: stored as sent; shown as plain text, or rendered to HTML when the site's
// comment text transform is not plain text (supplement 19 "Text").
import type { SiteState } from '../../state/model.ts';
import { safeHtml } from '../../serialize/safe-html.ts';
import type { EncodedString } from '../../lib/json-pieces.ts';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text to HTML the "intelligent text" way: escaped, links made clickable, line breaks kept. */
function intelligentHtml(text: string): string {
  const linked = escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1" rel="nofollow">$1</a>');
  return `<p>${linked.replace(/\r?\n/g, '<br />')}</p>`;
}

/** HTML comments are served through the safe-HTML filter, as Plone's comment getText does. */
export function renderText(state: SiteState, comment: { text: string; mimeType: string }): { data: string | EncodedString; 'mime-type': string } {
  if (comment.mimeType === 'text/plain') return { data: comment.text, 'mime-type': 'text/plain' };
  if (comment.mimeType === 'text/html') return { data: safeHtml(state, comment.text), 'mime-type': 'text/html' };
  return { data: intelligentHtml(comment.text), 'mime-type': 'text/html' };
}
