import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { fieldsOf, render, TemplateProblem, TemplateWithCode } from '../../src/extraction/docx-merge';
import { buildDocx, paragraph } from '../../src/modules/escritos/docx-parts';

const textOf = (docx: Buffer) =>
  (
    new PizZip(docx)
      .file('word/document.xml')!
      .asText()
      .match(/<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g) ?? []
  )
    .map((run) => run.replace(/<[^>]+>/g, ''))
    .join('\n');

/** A Word file as Word saves one with macros (.docm renamed .docx): its VBA project, its relationship and its content type. */
function withMacros(docx: Buffer): Buffer {
  const zip = new PizZip(docx);
  zip.file('word/vbaProject.bin', Buffer.from('VBA: Sub AutoOpen() Shell "calc" End Sub'));
  zip.file('word/vbaData.xml', '<wne:vbaSuppData xmlns:wne="http://schemas.microsoft.com/office/word/2006/wordml"/>');
  zip.file(
    'word/_rels/vbaProject.bin.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2006/relationships/wordVbaData" Target="vbaData.xml"/></Relationships>',
  );
  const types = zip.file('[Content_Types].xml')!.asText();
  zip.file(
    '[Content_Types].xml',
    types
      .replace('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'application/vnd.ms-word.document.macroEnabled.main+xml')
      .replace(
        '</Types>',
        '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/><Override PartName="/word/vbaData.xml" ContentType="application/vnd.ms-word.vbaData+xml"/></Types>',
      ),
  );
  const rels = zip.file('word/_rels/document.xml.rels')!.asText();
  zip.file(
    'word/_rels/document.xml.rels',
    rels.replace('</Relationships>', '<Relationship Id="rId9" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>'),
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('plantillas de escrito: lo que un archivo hostil no logra', () => {
  it('a field named like a built-in is an unknown field, left blank: never "[object Object]", never a failure', () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
    const docx = buildDocx({ title: 'Hostil', header: [], body: [paragraph('Expediente {caso.expediente}.'), ...names.map((name) => paragraph(`${name}: «{${name}}»`))] });
    expect(fieldsOf(docx)).toEqual(['caso.expediente', ...names]);
    const filled = textOf(render(docx, { 'caso.expediente': '1234/2026' }));
    expect(filled).toContain('Expediente 1234/2026.');
    for (const name of names) expect(filled).toContain(`${name}: «»`);
    expect(filled).not.toMatch(/object|function|native code/);
  });

  it('refuses a template that carries macros, and strips them from what an earlier upload generates', () => {
    const docx = withMacros(buildDocx({ title: 'Con macros', header: [], body: [paragraph('Expediente {caso.expediente}.')] }));
    expect(() => fieldsOf(docx)).toThrow(TemplateWithCode);
    const generated = new PizZip(render(docx, { 'caso.expediente': '1234/2026' }));
    expect(Object.keys(generated.files).filter((name) => /vba/i.test(name))).toEqual([]);
    const types = generated.file('[Content_Types].xml')!.asText();
    expect(types).not.toMatch(/macroEnabled|vbaProject|vbaData/);
    expect(types).toContain('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml');
    expect(generated.file('word/_rels/document.xml.rels')!.asText()).not.toContain('vbaProject');
    expect(textOf(generated.generate({ type: 'nodebuffer' }))).toContain('Expediente 1234/2026.');
  });

  it('names a field left open as far as its own line goes, not glued to the next paragraph', () => {
    const docx = buildDocx({ title: 'Roto', header: [], body: [paragraph('Expediente: {caso.expediente'), paragraph('Juzgado de origen'), paragraph('{hoy}')] });
    let problem: unknown;
    try {
      fieldsOf(docx);
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(TemplateProblem);
    expect((problem as TemplateProblem).detalle).toBe('«{caso.expediente» no tiene la llave de cierre «}», en el cuerpo del documento');
  });
});
