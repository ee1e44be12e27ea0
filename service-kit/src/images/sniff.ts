export type AcceptedImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff';

const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * Identifies an accepted raster format by its leading bytes, before any decoder runs,
 * so text, SVG, PDF, HTML and everything else is refused without being parsed.
 */
export function sniffImageFormat(bytes: Buffer): AcceptedImageFormat | null {
  const starts = (offset: number, ...values: number[]) => bytes.length >= offset + values.length && values.every((value, i) => bytes[offset + i] === value);
  const ascii = (offset: number, text: string) => bytes.length >= offset + text.length && bytes.toString('latin1', offset, offset + text.length) === text;

  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (starts(0, 0x49, 0x49, 0x2a, 0x00) || starts(0, 0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (ascii(4, 'ftyp') && bytes.length >= 12) {
    // ISO BMFF: major brand at 8, compatible brands after the minor version, up to the box end.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  }
  return null;
}
