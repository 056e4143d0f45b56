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

/**
 * The text after a '{' left open, as far as its own paragraph goes: the
 * library reads on into the next paragraph ('{caso.expedienteJuzgado'), a
 * lawyer sees the field end where its line ends.
 */
function openFieldIn(zip: PizZip, file: string | undefined, fallback: string): string {
  const xml = file ? zip.file(file)?.asText() : undefined;
  if (!xml) return fallback;
  for (const paragraph of xml.match(/<w:p[\s>][\s\S]*?<\/w:p>/g) ?? []) {
    const text = (paragraph.match(/<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g) ?? []).map((run) => run.replace(/<[^>]+>/g, '')).join('');
    let depth = 0;
    let openedAt = -1;
    for (let index = 0; index < text.length; index++) {
      if (text[index] === '{') [depth, openedAt] = [depth + 1, index];
      else if (text[index] === '}') depth = Math.max(0, depth - 1);
    }
    if (depth > 0) return text.slice(openedAt + 1, openedAt + 41).trim();
  }
  return fallback;
}

function describe(error: XtError, zip: PizZip): string {
  const { id, xtag = '', context = '', file } = error.properties ?? {};
  const where = placeOf(file);
  switch (id) {
    case 'unclosed_tag':
      return `«{${openFieldIn(zip, file, xtag)}» no tiene la llave de cierre «}», ${where}`;
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

/**
 * A field's value: the scope's own string under its whole name (`{caso.expediente}`
 * is the key 'caso.expediente'), or blank. Never an inherited property: a field
 * named `{__proto__}`, `{constructor}` or `{toString}` is an ordinary unknown
 * field, left blank, and never reaches a built-in function.
 */
const valueOf = (scope: Record<string, unknown>, tag: string): string => {
  const key = tag.trim();
  if (tag === '.' || !Object.hasOwn(scope, key)) return '';
  const value = scope[key];
  return typeof value === 'string' ? value : '';
};

const OPTIONS = {
  paragraphLoop: true,
  // A value's line breaks are line breaks in the escrito (a list of authorized people).
  linebreaks: true,
  errorLogging: false,
  parser: (tag: string) => ({ get: (scope: Record<string, unknown>) => valueOf(scope, tag) }),
  nullGetter: () => '',
};

/** A template that carries code (a VBA project, ActiveX controls): refused on upload, stripped from what an older upload generates. */
export class TemplateWithCode extends Error {}
const CODE_PART = /^word\/(vbaProject\.bin|vbaData\.xml|_rels\/vbaProject\.bin\.rels|activeX\/)/i;
const MACRO_CONTENT_TYPE = /application\/vnd\.ms-word\.(document|template)\.macroEnabled(Template)?\.main\+xml/gi;
const carriesCode = (zip: PizZip) =>
  Object.keys(zip.files).some((name) => CODE_PART.test(name)) || new RegExp(MACRO_CONTENT_TYPE.source, 'i').test(zip.file('[Content_Types].xml')?.asText() ?? '');

/** The template without its code: the parts gone, the package saying it is a plain document again. */
function stripCode(zip: PizZip): void {
  for (const name of Object.keys(zip.files)) if (CODE_PART.test(name)) zip.remove(name);
  const types = zip.file('[Content_Types].xml')?.asText();
  if (types)
    zip.file(
      '[Content_Types].xml',
      types
        .replace(MACRO_CONTENT_TYPE, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')
        .replace(/<(Default|Override)\b[^>]*(vbaProject|vbaData|activeX|ms-office\.activeX)[^>]*\/>/gi, ''),
    );
  for (const name of Object.keys(zip.files).filter((entry) => /\.rels$/.test(entry))) {
    const rels = zip.file(name)!.asText();
    const cleaned = rels.replace(/<Relationship\b[^>]*(vbaProject|wordVbaData|\/control"|activeX)[^>]*\/>/gi, '');
    if (cleaned !== rels) zip.file(name, cleaned);
  }
}

/**
 * Opens a template: its fields compiled, or a TemplateProblem (a broken field,
 * a file that is not a .docx). `code`: what to do with macros it carries.
 */
function open(bytes: Buffer, modules: unknown[] = [], code: 'refuse' | 'strip' = 'refuse'): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new TemplateProblem(null);
  }
  if (!zip.file('word/document.xml')) throw new TemplateProblem(null);
  if (carriesCode(zip)) {
    if (code === 'refuse') throw new TemplateWithCode();
    stripCode(zip);
  }
  try {
    const doc = new Docxtemplater(zip, { ...OPTIONS, modules: modules as never[] });
    // Loops, conditions and raw XML ({#…}, {^…}, {@…}) are not fields: a value must never become markup.
    const special = /\{\s*([#^/@][^}]*)\}/.exec(doc.getFullText());
    if (special) throw Object.assign(new Error('special'), { properties: { id: 'special', context: `{${special[1]}}`, file: 'word/document.xml' } });
    return doc;
  } catch (error) {
    const inner = (error as XtError).properties?.errors ?? [error as XtError];
    if (!inner.some((entry) => entry.properties?.id)) throw new TemplateProblem(null);
    throw new TemplateProblem(
      inner
        .slice(0, 3)
        .map((entry) => describe(entry, zip))
        .join('; '),
    );
  }
}

/** What the extraction pool's worker is asked about a Word template: its fields, or a copy filled (written to `out`). */
export type DocxRequest = { op: 'docx-campos'; path: string } | { op: 'docx-llenar'; path: string; out: string; values: Record<string, string> };
/** Its answer: the fields (reading), or what is wrong with the template (`problema`: null when the file is no .docx), or why the worker could not tell (`fallo`). */
export type DocxReply = { ok: true; campos?: string[] } | { ok: false; problema: string | null; fallo?: string; codigo?: true };

/** Runs a request on the worker's thread: the file read, the answer as data (a TemplateProblem is an answer, not a crash). */
export async function runDocx(request: DocxRequest): Promise<DocxReply> {
  try {
    const bytes = await readFile(request.path);
    if (request.op === 'docx-campos') return { ok: true, campos: fieldsOf(bytes) };
    await writeFile(request.out, render(bytes, request.values));
    return { ok: true };
  } catch (error) {
    if (error instanceof TemplateProblem) return { ok: false, problema: error.detalle };
    if (error instanceof TemplateWithCode) return { ok: false, problema: null, codigo: true };
    return { ok: false, problema: null, fallo: error instanceof Error ? error.message : String(error) };
  }
}

/** The fields a template uses, in the order they first appear (header first), or a TemplateProblem. */
export function fieldsOf(bytes: Buffer): string[] {
  const inspect = new InspectModule() as { getAllStructuredTags(): { value: string }[] };
  open(bytes, [inspect]);
  // Read as a list, never as an object's keys: a field named `{constructor}` is listed like any other.
  return [...new Set(inspect.getAllStructuredTags().map((part) => part.value.trim()))];
}

/** The template with every field filled (a missing value is left blank), as a .docx; its formatting untouched. */
export function render(bytes: Buffer, values: Record<string, string>): Buffer {
  // A template uploaded before macros were refused still generates, without them.
  const doc = open(bytes, [], 'strip');
  doc.render(values);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
