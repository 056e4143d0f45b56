import { readFile, writeFile } from 'node:fs/promises';
import Docxtemplater from 'docxtemplater';
// The inspect module lists a template's tags; it ships without types.
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';

/** A template that cannot be filled: what is wrong with a field, in Spanish, naming it and where it is; null when the file is not a .docx at all. */
export class TemplateProblem extends Error {
  constructor(readonly detalle: string | null) {
    super(detalle ?? 'not a .docx');
  }
}

interface XtError {
  properties?: { id?: string; xtag?: string; context?: string; file?: string; errors?: XtError[] };
}

/** Where a part of the .docx is, as a lawyer would say it. */
function placeOf(file: string | undefined): string {
  if (!file) return 'en el documento';
  if (/header\d*\.xml$/.test(file)) return 'en el encabezado';
  if (/footer\d*\.xml$/.test(file)) return 'en el pie de página';
  if (/(foot|end)notes\.xml$/.test(file)) return 'en las notas';
  return 'en el cuerpo del documento';
}

function describe(error: XtError): string {
  const { id, xtag = '', context = '', file } = error.properties ?? {};
  const where = placeOf(file);
  switch (id) {
    case 'unclosed_tag':
      return `«{${xtag}» no tiene la llave de cierre «}», ${where}`;
    case 'unopened_tag':
      return `«${xtag}}» no tiene la llave de apertura «{», ${where}`;
    case 'duplicate_open_tag':
      return `«${context || xtag}» tiene dos llaves de apertura, ${where}`;
    case 'duplicate_close_tag':
      return `«${context || xtag}» tiene dos llaves de cierre, ${where}`;
    default:
      return `«${context || xtag}» no es un campo que Bufete sepa llenar, ${where}`;
  }
}

const OPTIONS = {
  paragraphLoop: true,
  // A value's line breaks are line breaks in the escrito (a list of authorized people).
  linebreaks: true,
  errorLogging: false,
  // Fields are looked up whole: `{caso.expediente}` is the key 'caso.expediente'.
  parser: (tag: string) => ({ get: (scope: Record<string, string>) => (tag === '.' ? '' : (scope[tag.trim()] ?? '')) }),
  nullGetter: () => '',
};

/** Opens a template: its fields compiled, or a TemplateProblem (a broken field, a file that is not a .docx). */
function open(bytes: Buffer, modules: unknown[] = []): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new TemplateProblem(null);
  }
  if (!zip.file('word/document.xml')) throw new TemplateProblem(null);
  try {
    const doc = new Docxtemplater(zip, { ...OPTIONS, modules: modules as never[] });
    // Loops, conditions and raw XML ({#…}, {^…}, {@…}) are not fields: a value must never become markup.
    const special = /\{\s*([#^/@][^}]*)\}/.exec(doc.getFullText());
    if (special) throw Object.assign(new Error('special'), { properties: { id: 'special', context: `{${special[1]}}`, file: 'word/document.xml' } });
    return doc;
  } catch (error) {
    const inner = (error as XtError).properties?.errors ?? [error as XtError];
    if (!inner.some((entry) => entry.properties?.id)) throw new TemplateProblem(null);
    throw new TemplateProblem(inner.slice(0, 3).map(describe).join('; '));
  }
}

/** What the extraction pool's worker is asked about a Word template: its fields, or a copy filled (written to `out`). */
export type DocxRequest = { op: 'docx-campos'; path: string } | { op: 'docx-llenar'; path: string; out: string; values: Record<string, string> };
/** Its answer: the fields (reading), or what is wrong with the template (`problema`: null when the file is no .docx), or why the worker could not tell (`fallo`). */
export type DocxReply = { ok: true; campos?: string[] } | { ok: false; problema: string | null; fallo?: string };

/** Runs a request on the worker's thread: the file read, the answer as data (a TemplateProblem is an answer, not a crash). */
export async function runDocx(request: DocxRequest): Promise<DocxReply> {
  try {
    const bytes = await readFile(request.path);
    if (request.op === 'docx-campos') return { ok: true, campos: fieldsOf(bytes) };
    await writeFile(request.out, render(bytes, request.values));
    return { ok: true };
  } catch (error) {
    if (error instanceof TemplateProblem) return { ok: false, problema: error.detalle };
    return { ok: false, problema: null, fallo: error instanceof Error ? error.message : String(error) };
  }
}

/** The fields a template uses, in the order they first appear (header first), or a TemplateProblem. */
export function fieldsOf(bytes: Buffer): string[] {
  const inspect = new InspectModule() as { getAllTags(): Record<string, unknown> };
  open(bytes, [inspect]);
  return Object.keys(inspect.getAllTags()).map((tag) => tag.trim());
}

/** The template with every field filled (a missing value is left blank), as a .docx; its formatting untouched. */
export function render(bytes: Buffer, values: Record<string, string>): Buffer {
  const doc = open(bytes);
  doc.render(values);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
