// Generates the demo site's media into fixtures/demo/files/: photo-like images drawn as SVG
// scenes and rendered with sharp, a hand-written one-page PDF and a text file. Deterministic
// (no randomness): running it again gives the same pictures.
//   npx tsx bin/make-demo-media.ts [outDir]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const outDir = process.argv[2] ?? join(import.meta.dirname, '..', 'fixtures', 'demo', 'files');

const svg = (w: number, h: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`);

const linear = (id: string, stops: [number, string][], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/** A wavy ridge line across the width, as a closed polygon down to the bottom. */
function ridge(w: number, h: number, base: number, amp: number, period: number, phase: number): string {
  const pts: string[] = [];
  for (let x = 0; x <= w; x += 20) {
    const y = base - amp * Math.abs(Math.sin((x / period) * Math.PI + phase)) - (amp / 3) * Math.sin((x / period) * 3.1 + phase * 2);
    pts.push(`${x},${y.toFixed(1)}`);
  }
  return `${pts.join(' ')} ${w},${h} 0,${h}`;
}

function harbour(w: number, h: number) {
  const sea = h * 0.62;
  const boats = [0.15, 0.38, 0.6, 0.82]
    .map((f, i) => {
      const x = w * f;
      const y = sea + 40 + i * 18;
      return `<polygon points="${x - 70},${y} ${x + 70},${y} ${x + 50},${y + 30} ${x - 50},${y + 30}" fill="#7a2e1c"/>
        <rect x="${x - 3}" y="${y - 140}" width="6" height="140" fill="#3b2a20"/>
        <polygon points="${x + 4},${y - 130} ${x + 4},${y - 20} ${x + 75},${y - 20}" fill="#f4efe6"/>`;
    })
    .join('');
  return svg(
    w,
    h,
    `<defs>${linear('sky', [[0, '#f7b267'], [0.5, '#f79d65'], [1, '#f4845f']])}${linear('sea', [[0, '#3d5a80'], [1, '#1b263b']])}</defs>
     <rect width="${w}" height="${sea}" fill="url(#sky)"/>
     <circle cx="${w * 0.7}" cy="${sea - 60}" r="${h * 0.09}" fill="#ffe8a3"/>
     <polygon points="${ridge(w, sea, sea - 10, 40, 700, 0.4)}" fill="#5c4d7d" opacity="0.7"/>
     <rect y="${sea}" width="${w}" height="${h - sea}" fill="url(#sea)"/>
     ${boats}`,
  );
}

function mountains(w: number, h: number) {
  return svg(
    w,
    h,
    `<defs>${linear('sky', [[0, '#1d3557'], [0.6, '#457b9d'], [1, '#a8dadc']])}</defs>
     <rect width="${w}" height="${h}" fill="url(#sky)"/>
     <polygon points="${ridge(w, h, h * 0.55, h * 0.3, 900, 0.2)}" fill="#6c757d"/>
     <polygon points="${ridge(w, h, h * 0.68, h * 0.22, 600, 1.3)}" fill="#495057"/>
     <polygon points="${ridge(w, h, h * 0.82, h * 0.12, 400, 2.1)}" fill="#2b2d42"/>
     <polygon points="${ridge(w, h, h * 0.95, h * 0.06, 250, 0.7)}" fill="#1b1c2b"/>`,
  );
}

function forest(w: number, h: number) {
  const trees: string[] = [];
  for (let i = 0; i < 18; i++) {
    const x = ((i * 137) % 19) * (w / 18);
    const scale = 0.6 + ((i * 53) % 7) / 10;
    const base = h * (0.7 + ((i * 31) % 5) * 0.06);
    const th = 380 * scale;
    const tw = 110 * scale;
    const shade = ['#1b4332', '#2d6a4f', '#40916c', '#081c15'][i % 4];
    trees.push(`<rect x="${x - 8 * scale}" y="${base - 40}" width="${16 * scale}" height="60" fill="#3e2723"/>
      <polygon points="${x},${base - th} ${x + tw},${base - 20} ${x - tw},${base - 20}" fill="${shade}"/>`);
  }
  return svg(
    w,
    h,
    `<defs>${linear('sky', [[0, '#d8f3dc'], [1, '#95d5b2']])}${linear('ground', [[0, '#52b788'], [1, '#1b4332']])}</defs>
     <rect width="${w}" height="${h}" fill="url(#sky)"/>
     <rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="url(#ground)"/>
     ${trees.join('')}`,
  );
}

function city(w: number, h: number) {
  const towers: string[] = [];
  let x = 0;
  for (let i = 0; x < w; i++) {
    const bw = 60 + ((i * 47) % 5) * 25;
    const bh = h * (0.25 + ((i * 29) % 9) * 0.06);
    const color = ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'][i % 5];
    towers.push(`<rect x="${x}" y="${h - bh}" width="${bw - 6}" height="${bh}" fill="${color}"/>`);
    for (let wy = h - bh + 20; wy < h - 30; wy += 40) {
      for (let wx = x + 10; wx < x + bw - 25; wx += 24) towers.push(`<rect x="${wx}" y="${wy}" width="12" height="18" fill="#fefae0"/>`);
    }
    x += bw;
  }
  return svg(w, h, `<rect width="${w}" height="${h}" fill="#cde7f0"/><circle cx="${w * 0.15}" cy="${h * 0.2}" r="60" fill="#ffd166"/>${towers.join('')}`);
}

function concert(w: number, h: number) {
  const beams = ['#ff006e', '#8338ec', '#3a86ff', '#ffbe0b', '#fb5607']
    .map((c, i) => {
      const x = (w / 6) * (i + 1);
      return `<polygon points="${x - 20},0 ${x + 20},0 ${x + 260 - i * 130},${h * 0.75} ${x - 260 + i * 130},${h * 0.75}" fill="${c}" opacity="0.35"/>`;
    })
    .join('');
  return svg(
    w,
    h,
    `<defs><radialGradient id="glow" cx="0.5" cy="0.8" r="0.7"><stop offset="0" stop-color="#3c096c"/><stop offset="1" stop-color="#10002b"/></radialGradient></defs>
     <rect width="${w}" height="${h}" fill="url(#glow)"/>
     ${beams}
     <rect y="${h * 0.75}" width="${w}" height="${h * 0.25}" fill="#0b0014"/>
     <rect x="${w * 0.2}" y="${h * 0.72}" width="${w * 0.6}" height="20" fill="#240046"/>`,
  );
}

function logo(w: number, h: number) {
  return svg(
    w,
    h,
    `<rect x="20" y="20" width="${h - 40}" height="${h - 40}" rx="40" fill="#0077b6"/>
     <circle cx="${h / 2}" cy="${h / 2}" r="${h / 4}" fill="#ffffff"/>
     <circle cx="${h / 2}" cy="${h / 2}" r="${h / 8}" fill="#00b4d8"/>
     <rect x="${h + 20}" y="${h * 0.3}" width="${w - h - 60}" height="${h * 0.16}" rx="${h * 0.08}" fill="#023e8a"/>
     <rect x="${h + 20}" y="${h * 0.56}" width="${(w - h - 60) * 0.7}" height="${h * 0.12}" rx="${h * 0.06}" fill="#48cae4"/>`,
  );
}

/** A minimal valid one-page PDF with some text (Helvetica), offsets computed. */
function pdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => '\\' + c);
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 28 : 14} Tf 72 ${720 - i * 32} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const images: [string, Buffer, 'jpeg' | 'png'][] = [
  ['news-harbour.jpg', harbour(1600, 1067), 'jpeg'],
  ['news-mountains.jpg', mountains(1920, 1080), 'jpeg'],
  ['gallery-forest.jpg', forest(1000, 1400), 'jpeg'],
  ['gallery-city.png', city(1200, 800), 'png'],
  ['event-concert.jpg', concert(1400, 933), 'jpeg'],
  ['logo.png', logo(800, 240), 'png'],
];

mkdirSync(outDir, { recursive: true });
for (const [name, source, format] of images) {
  const image = sharp(source);
  const bytes = await (format === 'jpeg' ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }) : image.png({ palette: true, compressionLevel: 9 })).toBuffer();
  writeFileSync(join(outDir, name), bytes);
  const meta = await sharp(bytes).metadata();
  console.log(`${name}\t${meta.width}x${meta.height}\t${(bytes.length / 1024).toFixed(1)} KB`);
}
const brochure = pdf(['Harbour Days 2025', 'A demo brochure for the cms-oracle demo site.', 'Programme, venues and opening hours inside.']);
writeFileSync(join(outDir, 'brochure.pdf'), brochure);
console.log(`brochure.pdf\t${brochure.length} B`);
const notes = 'Visitor information\n===================\n\nThe harbour festival opens at 10:00 every day.\nTickets are sold at the north pier.\n';
writeFileSync(join(outDir, 'visitor-info.txt'), notes);
console.log(`visitor-info.txt\t${notes.length} B`);
