import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fontTables, withoutLayoutTables } from '../src/reactors/invoice-fonts.ts';

const require = createRequire(import.meta.url);
const roboto = readFileSync(path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto', 'Roboto-Regular.ttf'));

describe('invoice fonts without layout tables', () => {
  it('drops GSUB, GPOS and GDEF and keeps every other table byte for byte, 4-byte aligned', () => {
    const original = fontTables(roboto);
    expect(original.map((table) => table.tag)).to.include.members(['GSUB', 'GPOS', 'cmap', 'glyf', 'hmtx']);
    const stripped = withoutLayoutTables(roboto);
    const kept = fontTables(stripped);
    expect(kept.map((table) => table.tag)).to.deep.equal(original.map((table) => table.tag).filter((tag) => !['GSUB', 'GPOS', 'GDEF'].includes(tag)));
    for (const table of kept) {
      expect(table.bytes.equals(original.find((candidate) => candidate.tag === table.tag)!.bytes), table.tag).to.equal(true);
      expect(table.bytes.byteOffset % 4, table.tag).to.equal(0);
    }
    expect(stripped.length).to.be.lessThan(roboto.length);
  });

  it('writes a table directory a font reader can binary-search', () => {
    const stripped = withoutLayoutTables(roboto);
    const count = stripped.readUInt16BE(4);
    const searchRange = stripped.readUInt16BE(6);
    expect(searchRange).to.equal(2 ** Math.floor(Math.log2(count)) * 16);
    expect(stripped.readUInt16BE(8)).to.equal(Math.floor(Math.log2(count)));
    expect(stripped.readUInt16BE(10)).to.equal(count * 16 - searchRange);
  });
});
