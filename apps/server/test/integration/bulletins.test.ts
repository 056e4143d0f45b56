import { actuacionesApi, boletinesApi, casosApi, clientesApi, MSG, partesApi } from '@bufete/shared';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { makePng } from '../support/fixtures';
import type { HttpClient } from '../support/http-client';
import { serverWithTwoLawyers } from '../support/suite';

/** A bulletin as a real PDF writer lays it out: a line per row of text, pages of 50 lines, read back by the app's own extractor. */
async function bulletinPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let start = 0; start < lines.length; start += 50) {
    const page = pdf.addPage([612, 1008]);
    lines.slice(start, start + 50).forEach((line, index) => page.drawText(line, { x: 36, y: 970 - index * 18, size: 9, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A scanned bulletin: pages with only a picture (here a grey box), no text layer. */
async function scannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 1008]).drawRectangle({ x: 36, y: 36, width: 540, height: 900, color: rgb(0.8, 0.8, 0.8) });
  return Buffer.from(await pdf.save());
}

const MEXICO_CITY = [
  'BOLETÍN JUDICIAL No. 220',
  'Ciudad de México, jueves 26 de noviembre de 2026',
  'JUZGADOS DE LO CIVIL',
  'QUINTO DE LO CIVIL',
  'SECRETARÍA "A"',
  'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario.',
  'Exp. 123/2024.',
  'RAMÍREZ vs. ORTIZ. Ordinario Civil. Exp. 1123/2024.',
  'GARZA vs. TREVIÑO. Ejecutivo Mercantil. Exp. 124/2024.',
  'SEXTO DE LO CIVIL',
  'MORA vs. LUNA. Especial Hipotecario. Exp. 123/2024.',
];

describe('Revisar boletín', () => {
  const suite = serverWithTwoLawyers();

  async function practice(client: HttpClient) {
    const banco = (await client.call(clientesApi.create, { body: { nombre: 'Banco del Centro S.A.' } })).json.cliente.id as string;
    const hipotecario = (
      await client.call(casosApi.create, {
        body: { titulo: 'Hipotecario Banco del Centro', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil', cliente_id: banco },
      })
    ).json.caso.id as string;
    await client.call(partesApi.create, { params: { id: hipotecario }, body: { rol: 'demandado', nombre: 'José Pérez López' } });
    const cerrado = (await client.call(casosApi.create, { body: { titulo: 'Ejecutivo cerrado', expediente: '124/2024', juzgado: 'Juzgado 5o. Civil' } })).json.caso.id as string;
    await client.call(casosApi.update, { params: { id: cerrado }, body: { estado: 'Cerrado' } });
    return { hipotecario, cerrado };
  }

  it('reads a PDF bulletin, confirms the case under its court, offers the same number under another court as posible, and never a closed case or another lawyer’s', async () => {
    const { hipotecario } = await practice(suite.alice);
    // Bob has the same number in the same court: his case never shows in Alicia's review.
    await suite.bob.call(casosApi.create, { body: { titulo: 'Caso de Bruno', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil' } });

    const res = await suite.alice.upload(boletinesApi.reviewFile, { name: 'boletin-26-11-2026.pdf', bytes: await bulletinPdf(MEXICO_CITY), type: 'application/pdf' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.fecha).toBe('2026-11-26');
    expect(res.json.entradas).toBe(4);
    expect(res.json.omitidas).toBe(0);
    expect(res.json).toMatchObject({ confirmadas: 1, posibles: 1 });
    expect(res.json.coincidencias).toEqual([
      {
        caso: { id: hipotecario, titulo: 'Hipotecario Banco del Centro', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil' },
        certeza: 'confirmada',
        motivo: null,
        tipo: 'acuerdo',
        partes: true,
        texto: 'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.',
        juzgado: 'QUINTO DE LO CIVIL',
        seccion: 'JUZGADOS DE LO CIVIL',
        fecha_acuerdos: null,
        pagina: 1,
        registrada: false,
      },
      expect.objectContaining({ caso: expect.objectContaining({ id: hipotecario }), certeza: 'posible', motivo: 'numero', partes: false, juzgado: 'SEXTO DE LO CIVIL' }),
    ]);
    // What was read, said on the review: one page, two courts, four entries, nothing left without a court.
    expect(res.json.informe).toMatchObject({
      formato: 'cdmx',
      paginas: 1,
      entradas: 4,
      juzgados: 2,
      por_juzgado: [
        { juzgado: 'QUINTO DE LO CIVIL', entradas: 3 },
        { juzgado: 'SEXTO DE LO CIVIL', entradas: 1 },
      ],
      sin_juzgado: 0,
      problemas: [],
      legible: true,
    });
  });

  it('reads the same from a web page and from pasted text', async () => {
    const { hipotecario } = await practice(suite.alice);
    const html = `<!DOCTYPE html><html><head><title>Boletín</title><style>td{color:red}</style><script>alert(1)</script></head><body>
      <h2>QUINTO DE LO CIVIL</h2><table><tr><td>BANCO DEL CENTRO S.A. vs. JOS&Eacute; P&Eacute;REZ L&Oacute;PEZ.</td><td>Especial Hipotecario.</td><td>Exp. 123/2024.</td></tr></table></body></html>`;
    const page = await suite.alice.upload(boletinesApi.reviewFile, { name: 'boletin.html', bytes: Buffer.from(html), type: 'text/html' });
    expect(page.status, page.text).toBe(200);
    expect(page.json.coincidencias.filter((c: { caso: { id: string } }) => c.caso.id === hipotecario)).toEqual([
      expect.objectContaining({ certeza: 'confirmada', partes: true, texto: 'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.' }),
    ]);
    const pasted = await suite.alice.call(boletinesApi.reviewText, { body: { texto: MEXICO_CITY.join('\n') } });
    expect(pasted.status, pasted.text).toBe(200);
    expect(pasted.json.coincidencias.some((c: { caso: { id: string }; certeza: string }) => c.caso.id === hipotecario && c.certeza === 'confirmada')).toBe(true);
  });

  it('says in Spanish why a file cannot be read, and never takes an empty review for a day without acuerdos', async () => {
    const scan = await suite.alice.upload(boletinesApi.reviewFile, { name: 'boletin-escaneado.pdf', bytes: await scannedPdf(), type: 'application/pdf' });
    expect(scan.status).toBe(400);
    expect(scan.json.error.message).toBe(MSG.boletines.sinTexto);
    const image = await suite.alice.upload(boletinesApi.reviewFile, { name: 'boletin.png', bytes: makePng(), type: 'image/png' });
    expect(image.status).toBe(415);
    expect(image.json.error.message).toBe(MSG.boletines.formato);
    const unrelated = await suite.alice.call(boletinesApi.reviewText, { body: { texto: 'Lista de compras: leche, pan, huevos.' } });
    expect(unrelated.status).toBe(400);
    expect(unrelated.json.error.message).toBe(MSG.boletines.sinJuzgados);
    const blank = await suite.alice.call(boletinesApi.reviewText, { body: { texto: '   ' } });
    expect(blank.json.error).toMatchObject({ field: 'texto', message: MSG.boletines.textoObligatorio });
  });

  it('has its bounds: a file over 20 MB is refused as it arrives, and a lawyer reviews at most 30 bulletins every ten minutes', async () => {
    const big = await suite.alice.upload(boletinesApi.reviewFile, {
      name: 'boletin.pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * 1024 * 1024)]),
      type: 'application/pdf',
    });
    expect(big.status).toBe(413);
    expect(big.json.error.message).toBe(MSG.boletines.archivoGrande);
    const { client: carol } = await signUpConfirmed(suite.ts);
    const texto = 'QUINTO DE LO CIVIL\nA vs. B. Exp. 1/2024.';
    for (let i = 0; i < 30; i += 1) expect((await carol.call(boletinesApi.reviewText, { body: { texto } })).status).toBe(200);
    const limited = await carol.call(boletinesApi.reviewText, { body: { texto } });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(MSG.boletines.demasiadasRevisiones);
  });

  it('turns the confirmed matches into actuaciones from the bulletin, once, only in the lawyer’s cases', async () => {
    const { hipotecario } = await practice(suite.alice);
    const body = {
      fecha_publicacion: '2026-11-26',
      fuente: 'Boletín Judicial CDMX, 26/11/2026',
      actuaciones: [{ caso_id: hipotecario, texto: 'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.' }],
    };
    const first = await suite.alice.call(boletinesApi.confirm, { body });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual({ creadas: 1, ya_estaban: 0, message: MSG.boletines.confirmadas(1) });
    const again = await suite.alice.call(boletinesApi.confirm, { body });
    // Confirming again adds nothing, and says why: it was already registered.
    expect(again.json).toEqual({ creadas: 0, ya_estaban: 1, message: '0 actuaciones registradas; 1 ya estaba registrada (mismo caso, fecha y texto)' });
    const list = (await suite.alice.call(actuacionesApi.list, { query: { caso_id: hipotecario } })).json.items;
    expect(list).toEqual([expect.objectContaining({ origen: 'boletin', tipo: 'acuerdo', fecha_publicacion: '2026-11-26', fuente: 'Boletín Judicial CDMX, 26/11/2026' })]);
    // The same bulletin reviewed again: that entry says it is registered; the other court's, with the same number, does not.
    const reviewed = await suite.alice.call(boletinesApi.reviewText, { body: { texto: MEXICO_CITY.join('\n') } });
    const mine = (reviewed.json.coincidencias as { caso: { id: string }; certeza: string; registrada: boolean }[]).filter((match) => match.caso.id === hipotecario);
    expect(mine.map((match) => `${match.certeza}:${match.registrada}`)).toEqual(['confirmada:true', 'posible:false']);
    expect((await suite.bob.call(boletinesApi.confirm, { body })).status).toBe(404);
  });
});
