import { seededRandom } from './seeded-random.ts';
import sharp from 'sharp';

export interface DemoImageOptions {
  readonly width: number;
  readonly height: number;
  /** Same seed, same picture; different seeds, different colours and shapes. */
  readonly seed: number;
  readonly label?: string;
}

/** A pleasant, distinct PNG for demo hotels and rooms: a seed-coloured gradient, soft shapes and a label. */
export async function generateDemoImage(options: DemoImageOptions): Promise<Buffer> {
  const { width, height } = options;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 40_000_000) {
    throw new RangeError(`demo image size must be positive integers up to 40 megapixels, got ${width}×${height}`);
  }
  const random = seededRandom(Math.trunc(options.seed) ^ 0x9e3779b9);
  const hue = Math.floor(random() * 360);
  const from = hsl(hue, 55 + random() * 25, 45 + random() * 15);
  const to = hsl((hue + 40 + random() * 80) % 360, 60 + random() * 25, 25 + random() * 15);
  const angle = Math.floor(random() * 360);

  const circles = Array.from({ length: 5 }, () => {
    const r = Math.round((0.08 + random() * 0.25) * Math.min(width, height));
    const cx = Math.round(random() * width);
    const cy = Math.round(random() * height);
    const opacity = (0.08 + random() * 0.17).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${opacity}"/>`;
  }).join('');

  // Bold sans glyphs average about 0.65 em wide: keep the label inside 90% of the width.
  const labelWidthEm = Math.max(1, (options.label ?? '').length * 0.65);
  const fontSize = Math.max(6, Math.round(Math.min(width / 14, height / 6, (width * 0.9) / labelWidthEm)));
  const label = options.label
    ? `<text x="50%" y="${Math.round(height - fontSize * 0.9)}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.92" stroke="#000000" stroke-opacity="0.25" stroke-width="${Math.max(1, fontSize / 24)}">${escapeXml(options.label)}</text>`
    : '';

  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>${circles}${label}</svg>`,
  );

  return sharp({ create: { width, height, channels: 3, background: from } })
    .composite([{ input: overlay, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${h.toFixed(0)},${s.toFixed(0)}%,${l.toFixed(0)}%)`;
}
