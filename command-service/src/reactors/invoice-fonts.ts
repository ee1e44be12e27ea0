/**
 * The invoice's fonts: pdfmake's own Roboto (it has the ₹ sign), loaded once into
 * pdfmake's in-memory file system without the OpenType layout tables (GSUB, GPOS, GDEF).
 * pdfmake shapes every string through those tables, which it decodes afresh for every
 * document: two-thirds of an invoice's render time, for kerning and ligatures that a
 * short invoice does not need. Every glyph, its metrics and the character map stay.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const LAYOUT_TABLES = new Set(['GSUB', 'GPOS', 'GDEF']);
const TABLE_RECORD_BYTES = 16;
const HEADER_BYTES = 12;

/** The font's tables as its table directory lists them. */
export function fontTables(font: Buffer): { tag: string; checksum: number; bytes: Buffer }[] {
  const count = font.readUInt16BE(4);
  return Array.from({ length: count }, (_, i) => {
    const record = HEADER_BYTES + i * TABLE_RECORD_BYTES;
    const offset = font.readUInt32BE(record + 8);
    return {
      tag: font.toString('latin1', record, record + 4),
      checksum: font.readUInt32BE(record + 4),
      bytes: font.subarray(offset, offset + font.readUInt32BE(record + 12)),
    };
  });
}

/** A TrueType/OpenType font file without its layout tables; every other table byte for byte. */
export function withoutLayoutTables(font: Buffer): Buffer {
  const tables = fontTables(font).filter((table) => !LAYOUT_TABLES.has(table.tag));
  const header = Buffer.alloc(HEADER_BYTES + tables.length * TABLE_RECORD_BYTES);
  font.copy(header, 0, 0, 4); // sfnt version
  const power = 2 ** Math.floor(Math.log2(tables.length));
  header.writeUInt16BE(tables.length, 4);
  header.writeUInt16BE(power * TABLE_RECORD_BYTES, 6); // searchRange
  header.writeUInt16BE(Math.log2(power), 8); // entrySelector
  header.writeUInt16BE((tables.length - power) * TABLE_RECORD_BYTES, 10); // rangeShift
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = HEADER_BYTES + i * TABLE_RECORD_BYTES;
    header.write(table.tag, record, 'latin1');
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.bytes.length, record + 12);
    const padded = Buffer.alloc((table.bytes.length + 3) & ~3); // tables start on 4-byte boundaries
    table.bytes.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

const require = createRequire(import.meta.url);
const robotoDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

/** pdfmake's Roboto files, by the font face pdfmake asks for. */
export const INVOICE_FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

export const loadInvoiceFont = (file: string): Buffer => withoutLayoutTables(readFileSync(path.join(robotoDir, file)));
