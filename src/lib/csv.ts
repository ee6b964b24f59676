// Minimal RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF line ends.

export function parseCsv(text: string): string[][] | undefined {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), (i += 2);
      else if (c === '"') (quoted = false), i++;
      else (field += c), i++;
      continue;
    }
    if (c === '"' && field === '') (quoted = true), i++;
    else if (c === ',') row.push(field), (field = ''), i++;
    else if (c === '\r' || c === '\n') {
      row.push(field);
      field = '';
      if (row.some((f) => f !== '') || row.length > 1) rows.push(row);
      row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else (field += c), i++;
  }
  if (quoted) return undefined;
  if (field !== '' || row.length) {
    row.push(field);
    if (row.some((f) => f !== '')) rows.push(row);
  }
  return rows;
}

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export const formatCsv = (rows: string[][]) => rows.map((r) => r.map(quote).join(',') + '\r\n').join('');

/** The parts of a multipart/form-data body, by field name: {filename, contentType, text}. */
export function multipartParts(contentType: string, body: string): Map<string, { filename?: string; contentType?: string; text: string }> {
  const parts = new Map<string, { filename?: string; contentType?: string; text: string }>();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return parts;
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const sep = chunk.indexOf('\r\n\r\n');
    if (sep === -1) continue;
    const head = chunk.slice(0, sep);
    const text = chunk.slice(sep + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim();
    parts.set(name, { filename, contentType: type, text });
  }
  return parts;
}
