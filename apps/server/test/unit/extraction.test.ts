import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../../src/extraction/extract';
import { detectDocumentKind, detectImageKind } from '../../src/extraction/file-types';
import { createExtractionPool, ExtractionBusyError, extractionThreads } from '../../src/extraction/pool';
import { ArchiveLimitError, assertArchiveWithinLimits } from '../../src/extraction/zip-guard';
import { buildDocx, paragraph } from '../../src/modules/escritos/docx-parts';
import { corruptPdf, makeDoc, makeDocx, makeDocxBomb, makePdf, makePng } from '../support/fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bufete-extract-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Buffer | string) {
  const target = path.join(dir, name);
  await writeFile(target, bytes);
  return target;
}

describe('extracción de texto', () => {
  it('reads the text of a PDF', async () => {
    const pdf = await file('demanda.pdf', await makePdf(['Demanda de divorcio necesario', 'Segunda página: pensión alimenticia']));
    const text = await extractText(pdf, 'pdf');
    expect(text).toContain('Demanda de divorcio necesario');
    expect(text).toContain('pensión alimenticia');
  });

  it('reads only the first 50 pages of a long PDF and says so', async () => {
    const pages = Array.from({ length: 53 }, (_, i) => `Contenido de la pagina ${i + 1}`);
    const text = (await extractText(await file('largo.pdf', await makePdf(pages)), 'pdf'))!;
    expect(text).toContain('Contenido de la pagina 50');
    expect(text).not.toContain('Contenido de la pagina 51');
    expect(text).toContain('el documento tiene 53 páginas; se extrajo el texto de las primeras 50');
  });

  it('reads a .docx', async () => {
    const docx = await file('contrato.docx', await makeDocx(['CONTRATO DE ARRENDAMIENTO', 'Cláusula primera: el arrendador & el arrendatario']));
    const text = await extractText(docx, 'docx');
    expect(text).toContain('CONTRATO DE ARRENDAMIENTO');
    expect(text).toContain('Cláusula primera: el arrendador & el arrendatario');
  });

  it('keeps a CSV header and the first 10 rows', async () => {
    const rows = ['expediente,cliente,monto', ...Array.from({ length: 25 }, (_, i) => `EXP-${i + 1},Cliente ${i + 1},${(i + 1) * 100}`)];
    const text = (await extractText(await file('datos.csv', rows.join('\n')), 'csv'))!;
    expect(text.split('\n').slice(0, 11)).toEqual(rows.slice(0, 11));
    expect(text).not.toContain('EXP-11,');
    expect(text).toContain('15 filas más');
  });

  it('reads UTF-8 and Latin-1 text files', async () => {
    expect(await extractText(await file('nota.txt', '\uFEFFAudiencia el día 5'), 'txt')).toBe('Audiencia el día 5');
    expect(await extractText(await file('viejo.txt', Buffer.from([0x41, 0x63, 0x63, 0x69, 0xf3, 0x6e])), 'txt')).toBe('Acción');
  });

  it('describes instead of failing for a corrupt PDF and for a .doc', async () => {
    const broken = await extractText(await file('roto.pdf', corruptPdf()), 'pdf');
    expect(broken).toMatch(/^\[No se pudo extraer el texto del PDF: .+\]$/);
    const doc = await extractText(await file('viejo.doc', makeDoc()), 'doc');
    expect(doc).toContain('.doc');
    expect(doc).toContain('.docx');
  });

  it('runs in a worker thread, off the event loop', async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 30_000, maxQueue: 8 });
    try {
      const pdf = await file('worker.pdf', await makePdf(['Texto desde el hilo de extraccion']));
      let ticks = 0;
      const interval = setInterval(() => (ticks += 1), 5);
      const text = await pool.extract(pdf, 'pdf');
      clearInterval(interval);
      expect(text).toContain('Texto desde el hilo de extraccion');
      expect(ticks).toBeGreaterThan(0); // the event loop kept turning meanwhile
    } finally {
      await pool.close();
    }
  }, 30_000); // a fresh worker thread loads tsx and pdf.js first

  it('starts a worker on the first document and ends it once idle, starting another for the next', async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 30_000, maxQueue: 8, idleMs: 200 });
    try {
      expect(pool.workers).toBe(0);
      const pdf = await file('ocioso.pdf', await makePdf(['Primer documento']));
      expect(await pool.extract(pdf, 'pdf')).toContain('Primer documento');
      expect(pool.workers).toBe(1);
      await expect.poll(() => pool.workers, { timeout: 5000 }).toBe(0);
      expect(await pool.extract(pdf, 'pdf')).toContain('Primer documento');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("shares the machine's cores among the server processes: never more threads than cores, at least one each", () => {
    expect(extractionThreads(1, 8)).toBe(2);
    expect(extractionThreads(1, 1)).toBe(1);
    expect(extractionThreads(2, 2)).toBe(1);
    expect(extractionThreads(4, 8)).toBe(2);
    expect(extractionThreads(8, 4)).toBe(1);
  });

  it('refuses work once its waiting line is full, instead of queueing without bound', async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 30_000, maxQueue: 1 });
    try {
      const pdf = await file('cola.pdf', await makePdf(['En la cola']));
      const running = pool.extract(pdf, 'pdf'); // takes the only worker
      const waiting = pool.extract(pdf, 'pdf'); // waits in the line of one
      await expect(pool.extract(pdf, 'pdf')).rejects.toBeInstanceOf(ExtractionBusyError);
      expect(await running).toContain('En la cola');
      expect(await waiting).toContain('En la cola');
    } finally {
      await pool.close();
    }
  }, 30_000);

  it("lets background jobs wait in a line of their own, never refused, behind any request's file", async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 30_000, maxQueue: 1 });
    try {
      const pdf = await file('turnos.pdf', await makePdf(['Por turnos']));
      const done: string[] = [];
      const track = (label: string, work: Promise<string | null>) => work.then((text) => (done.push(label), text));
      expect(pool.free).toBe(true);
      const running = track('en curso', pool.extract(pdf, 'pdf')); // takes the only worker
      expect(pool.free).toBe(false); // an upload does not wait for its text behind it
      const jobs = [track('trabajo 1', pool.extract(pdf, 'pdf', { background: true })), track('trabajo 2', pool.extract(pdf, 'pdf', { background: true }))];
      const request = track('petición', pool.extract(pdf, 'pdf')); // the request's line has room for one
      await expect(pool.extract(pdf, 'pdf')).rejects.toBeInstanceOf(ExtractionBusyError);
      for (const text of await Promise.all([running, request, ...jobs])) expect(text).toContain('Por turnos');
      expect(done).toEqual(['en curso', 'petición', 'trabajo 1', 'trabajo 2']);
      expect(pool.free).toBe(true);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('gives a fallback text when an extraction runs past its time cap, and carries on', async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 5, maxQueue: 4 });
    try {
      const pdf = await file('lento.pdf', await makePdf(['Nunca a tiempo']));
      expect(await pool.extract(pdf, 'pdf')).toBe('[No se pudo extraer el texto: la extracción tardó más de 1 s, el máximo permitido]');
    } finally {
      await pool.close();
    }
  });
});

describe('plantillas de Word en un hilo aparte', () => {
  it('reads a template’s fields and fills it off the event loop; a broken field and a template past the time cap come back as answers', async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 30_000, maxQueue: 4 });
    try {
      const template = await file(
        'plantilla.docx',
        buildDocx({ title: 'T', header: [paragraph('Exp. {caso.expediente}')], body: [paragraph([{ text: '{cliente.nombre}', bold: true }])] }),
      );
      expect(await pool.docx({ op: 'docx-campos', path: template })).toEqual({ ok: true, campos: ['caso.expediente', 'cliente.nombre'] });
      const out = path.join(dir, 'lleno.docx');
      expect(await pool.docx({ op: 'docx-llenar', path: template, out, values: { 'caso.expediente': '12/2026', 'cliente.nombre': 'Laura' } })).toEqual({ ok: true });
      expect(await extractText(out, 'docx')).toContain('Laura');
      const broken = await file('rota.docx', buildDocx({ title: 'T', header: [paragraph('Exp. {caso.expediente')], body: [paragraph('x')] }));
      expect(await pool.docx({ op: 'docx-campos', path: broken })).toEqual({ ok: false, problema: '«{caso.expediente» no tiene la llave de cierre «}», en el encabezado' });
      expect(await pool.docx({ op: 'docx-campos', path: await file('no.docx', 'hola') })).toEqual({ ok: false, problema: null });
    } finally {
      await pool.close();
    }
    // A template that would hold a thread too long is cut at the cap; the pool carries on.
    const slow = createExtractionPool({ size: 1, timeoutMs: 5, maxQueue: 4 });
    try {
      const big = await file('enorme.docx', buildDocx({ title: 'T', header: [], body: Array.from({ length: 2000 }, () => paragraph('{caso.expediente} {cliente.nombre}')) }));
      expect(await slow.docx({ op: 'docx-campos', path: big })).toEqual({ ok: false, problema: null, fallo: 'la extracción tardó más de 1 s, el máximo permitido' });
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe('archivos comprimidos', () => {
  it('proves a .docx stays within the caps before mammoth opens it', async () => {
    const honest = await file('honesto.docx', await makeDocx(['Contrato de prestación de servicios']));
    await expect(assertArchiveWithinLimits(honest)).resolves.toBeUndefined();
    const bomb = await file('bomba.docx', await makeDocxBomb({ inflatedBytes: 40 * 1024 * 1024 }));
    await expect(assertArchiveWithinLimits(bomb)).rejects.toBeInstanceOf(ArchiveLimitError);
    const liar = await file('mentira.docx', await makeDocxBomb({ inflatedBytes: 40 * 1024 * 1024, declaredBytes: 100 }));
    await expect(assertArchiveWithinLimits(liar)).rejects.toThrow();
    await expect(assertArchiveWithinLimits(honest, { maxEntries: 2, maxEntryBytes: 1e6, maxTotalBytes: 1e6 })).rejects.toThrow(/contiene \d+ partes \(máximo 2\)/);
  });
});

describe('tipo de archivo según sus bytes', () => {
  it('recognises documents by content, using the extension only inside a container', async () => {
    expect(detectDocumentKind(await makePdf(['x']), 'cualquier-nombre.txt')).toBe('pdf');
    expect(detectDocumentKind(await makeDocx(['x']), 'contrato.docx')).toBe('docx');
    expect(detectDocumentKind(await makeDocx(['x']), 'archivo.zip')).toBe('zip');
    expect(detectDocumentKind(makeDoc(), 'viejo.doc')).toBe('doc');
    expect(detectDocumentKind(Buffer.from('a,b\n1,2'), 'datos.csv')).toBe('csv');
    expect(detectDocumentKind(Buffer.from('hola'), 'nota.txt')).toBe('txt');
  });
  it('refuses what is not an accepted document', () => {
    expect(detectDocumentKind(makePng(), 'foto.pdf')).toBeNull();
    expect(detectDocumentKind(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'programa.pdf')).toBeNull();
    expect(detectDocumentKind(Buffer.from('<html><script>x</script></html>'), 'pagina.html')).toBeNull();
  });
  it('accepts raster images only', () => {
    expect(detectImageKind(makePng())).toBe('png');
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageKind(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe('CSV grandes y en Latin-1', () => {
  it('streams a large CSV and reads Latin-1 exports', async () => {
    const rows = ['expediente;acción', ...Array.from({ length: 200_000 }, (_, i) => `EXP-${i};demanda`)];
    const big = await file('grande.csv', Buffer.from(rows.join('\n'), 'latin1'));
    const text = (await extractText(big, 'csv'))!;
    expect(text.split('\n')[0]).toBe('expediente;acción');
    expect(text).toContain('199990 filas más');
  });
});
