import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * LibreOffice's Writer, headless: a reader of Word files that owes nothing to
 * Bufete. It converts files in one run (each run with a profile of its own,
 * so test files may convert at once) and returns the converted bytes by name.
 */
export async function convertWithLibreOffice(files: Record<string, Uint8Array | string>, to: 'pdf' | 'docx'): Promise<Record<string, Buffer>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'soffice-'));
  try {
    const inputs: string[] = [];
    for (const [name, bytes] of Object.entries(files)) {
      const file = path.join(dir, name);
      await writeFile(file, bytes);
      inputs.push(file);
    }
    const out = path.join(dir, 'out');
    await run('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--norestore', '--convert-to', to, '--outdir', out, ...inputs], { timeout: 120_000 });
    const converted: Record<string, Buffer> = {};
    for (const name of Object.keys(files)) converted[name] = await readFile(path.join(out, `${name.replace(/\.[^.]+$/, '')}.${to}`));
    return converted;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A PDF's text as poppler reads it (layout kept) and the fonts it uses (pdffonts' table). */
export async function readPdf(pdf: Uint8Array): Promise<{ text: string; fonts: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-read-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    const fonts = (await run('pdffonts', [file])).stdout;
    return { text, fonts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A Word template as a lawyer would make one, written by LibreOffice (not by
 * Bufete's own .docx builder) from a flat OpenDocument text: a page header, a
 * bold field, a table of fields and whatever paragraphs are given.
 */
export function lawyersTemplateFodt(parts: { header: string; paragraphs: string[] }): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:automatic-styles>
  <style:style style:name="Negrita" style:family="text"><style:text-properties fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"/></style:style>
  <style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21.59cm" fo:page-height="27.94cm" fo:margin-top="2cm" fo:margin-bottom="2cm" fo:margin-left="2.5cm" fo:margin-right="2.5cm"/><style:header-style><style:header-footer-properties fo:min-height="1cm"/></style:header-style></style:page-layout>
 </office:automatic-styles>
 <office:master-styles>
  <style:master-page style:name="Standard" style:page-layout-name="pm1"><style:header><text:p>${escape(parts.header)}</text:p></style:header></style:master-page>
 </office:master-styles>
 <office:body><office:text>
  <text:p>Cliente: <text:span text:style-name="Negrita">{cliente.nombre}</text:span></text:p>
  <table:table table:name="Datos">
   <table:table-column table:number-columns-repeated="2"/>
   <table:table-row><table:table-cell office:value-type="string"><text:p>Juzgado</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>{caso.juzgado}</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell office:value-type="string"><text:p>Cédula</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>{abogado.cedula}</text:p></table:table-cell></table:table-row>
  </table:table>
  ${parts.paragraphs.map((paragraph) => `<text:p>${escape(paragraph)}</text:p>`).join('\n  ')}
 </office:text></office:body>
</office:document>`;
}
