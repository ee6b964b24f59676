// What create_content stores when a File, Image or News Item is created without its file: the
// library bundles a one-page PDF named file.pdf and paints a solid-colour PNG of 320-640 pixels
// with a name of six random letters (supplement-2 1.4). The PNG is painted by sharp (blobs/images.ts).
import { createHash } from 'node:crypto';
import { images } from '../../blobs/images.ts';

/** A one-page PDF (objects, cross-reference table and trailer with exact byte offsets). */
function onePagePdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the content stream, below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 24 Tf 72 770 Td (A test file) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

let pdf: Uint8Array | undefined;

/** The upload body of the bundled PDF. */
export function samplePdfUpload(): Record<string, string> {
  pdf ??= onePagePdf();
  return { data: Buffer.from(pdf).toString('base64'), encoding: 'base64', filename: 'file.pdf', 'content-type': 'application/pdf' };
}

/** A solid-colour PNG whose size, colour and name derive from `seed` (an id from the id source). */
export async function samplePngUpload(seed: string): Promise<Record<string, string>> {
  const h = createHash('sha256').update(seed).digest();
  const width = 320 + (h.readUInt16BE(0) % 321);
  const height = 320 + (h.readUInt16BE(2) % 321);
  const name = [...h.subarray(4, 10)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
  const bytes = Buffer.from(await images.paint(width, height, [h[10], h[11], h[12]]));
  return { data: bytes.toString('base64'), encoding: 'base64', filename: `${name}.png`, 'content-type': 'image/png' };
}
