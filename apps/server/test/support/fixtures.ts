import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF with one line of text per page (WinAnsi text: Spanish accents included). */
export async function makePdf(pages: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    page.drawText(text, { x: 50, y: 780, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}

/** A minimal but valid .docx (WordprocessingML in a ZIP), one paragraph per entry. */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** The first bytes of an OLE2 compound file, as Word 97-2003 .doc files start. */
export function makeDoc(): Buffer {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

export const corruptPdf = () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nesto no es un PDF completo');

export function makePng(): Buffer {
  // 1×1 transparent PNG.
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
}

/**
 * A .docx whose word/document.xml inflates to `inflatedBytes` (a decompression
 * bomb: 300 MB of XML deflates to a few hundred KB). Written by hand, chunk by
 * chunk, so building it never holds the inflated text in memory. With
 * `declaredBytes`, the headers lie about the inflated size, as a hostile file would.
 */
export async function makeDocxBomb(options: { inflatedBytes: number; declaredBytes?: number }): Promise<Buffer> {
  const { createDeflateRaw, crc32 } = await import('node:zlib');
  const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>');
  const tail = Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
  const filler = Buffer.alloc(1024 * 1024, 'a');
  const deflater = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  let crc = crc32(head);
  deflater.write(head);
  let remaining = options.inflatedBytes - head.length - tail.length;
  while (remaining > 0) {
    const chunk = remaining >= filler.length ? filler : filler.subarray(0, remaining);
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
    remaining -= chunk.length;
  }
  crc = crc32(tail, crc);
  deflater.end(tail);
  await done;
  const document = { name: 'word/document.xml', data: Buffer.concat(compressed), crc, size: options.declaredBytes ?? options.inflatedBytes, method: 8 };
  const small = (name: string, text: string) => {
    const data = Buffer.from(text);
    return { name, data, crc: crc32(data), size: data.length, method: 0 };
  };
  const entries = [
    small(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    small(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    document,
  ];
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(0, 12);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    parts.push(local, name, entry.data);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
