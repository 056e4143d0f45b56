import { Readable } from 'node:stream';
import type { ClienteExportPartes, Mensaje, Page } from '@bufete/shared';
import { casoListQuerySchema, diaMx, facturaListQuerySchema, todayIn } from '@bufete/shared';
import { ZipFile } from 'yazl';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage';
import type { CalendarService } from '../calendar/service';
import type { CaseService } from '../cases/service';
import type { ClientService } from '../clients/service';
import type { DocumentService } from '../documents/service';
import type { InvoiceService } from '../invoices/service';
import type { NoteService } from '../notes/service';
import type { ProfileService } from '../profile/service';
import type { ReminderService } from '../reminders/service';
import type { TimeService } from '../time/service';
import { safeName, uniquePaths } from '../../files/safe-name';
import { clientSummaryHtml } from './client-summary';

/** The most of each kind a client's export reads: far past any real client, and a bound on the work. */
const MAX_PER_KIND = 10_000;

/** Every item of a paged list, page by page, up to MAX_PER_KIND. */
export async function allOf<T>(page: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    items.push(...next.items);
    cursor = next.next_cursor ?? undefined;
  } while (cursor && items.length < MAX_PER_KIND);
  return items.slice(0, MAX_PER_KIND);
}

/** What each JSON file holds, for the parts the export carries. */
const CONTENT: Record<keyof ClienteExportPartes, string> = {
  documentos: '- documentos.json y la carpeta documentos/: cada documento con su nombre original, en una carpeta por caso (o "sin caso").',
  facturas: '- facturas.json, facturas.csv y la carpeta facturas/: cada factura con sus pagos, su PDF y, si se timbró, el XML del CFDI.',
  citas: '- citas.json: sus citas y las de sus casos.',
  correos: '- correos.json: los correos que el despacho le envió o tiene programados.',
  tiempo: '- tiempo.json: el tiempo registrado en sus casos.',
  notas: '- notas.json: las notas del despacho sobre el cliente y sus casos.',
};

const README = (nombre: string, fecha: string, partes: ClienteExportPartes, conMensajes: boolean) =>
  [
    `Datos de ${nombre} en el despacho, exportados el ${fecha} con Bufete.`,
    '',
    'Abre resumen.html con cualquier navegador para leerlos; se puede imprimir.',
    '',
    'Contenido:',
    '- resumen.html: todo lo exportado, en una página.',
    '- cliente.json: los datos del cliente.',
    '- casos.json: sus casos.',
    ...(Object.keys(CONTENT) as (keyof ClienteExportPartes)[]).filter((parte) => partes[parte]).map((parte) => CONTENT[parte]),
    ...(conMensajes ? ['- mensajes.json: los mensajes entre el cliente y el despacho en su portal, con su caso.'] : []),
    '',
    'Los archivos .json usan UTF-8; los montos van en pesos mexicanos con dos decimales; las fechas, en formato ISO 8601.',
    '',
  ].join('\r\n');

/**
 * 'Exportar datos del cliente' (issue 28): what the lawyer chose of one
 * client, for an access request under the LFPDPPP, as a zip streamed while it
 * is written (one stored file open at a time, so memory stays flat however
 * large the files): a resumen.html anyone can read and print, the records as
 * JSON in the contract's shapes, the invoices' CSV, the documents under their
 * case's folder with their original names, each invoice's PDF and stamped XML,
 * and a LEEME.txt. The lawyer's internal notes and time go only when chosen.
 */
export function createClientExport(deps: {
  clients: ClientService;
  cases: CaseService;
  documents: DocumentService;
  notes: NoteService;
  calendar: CalendarService;
  invoices: InvoiceService;
  /** The client's messages with the lawyer in the portal (theirs: always in the export when there are any). */
  messagesOfClient: (userId: string, clienteId: string) => Promise<(Mensaje & { caso: string })[]>;
  /** An invoice's stamped CFDI as files (the CFDI module's stamping service has it). */
  stampedXmls: (userId: string, facturaId: string) => Promise<{ name: string; xml: string }[]>;
  time: TimeService;
  reminders: ReminderService;
  profiles: ProfileService;
  storage: Storage;
  logger: Logger;
}) {
  /** A part the lawyer left out is never read. */
  const ifChosen = <T>(chosen: boolean, read: () => Promise<T>): Promise<T | null> => (chosen ? read() : Promise.resolve(null));

  return {
    async zip(userId: string, clienteId: string, partes: ClienteExportPartes, now = new Date()): Promise<{ name: string; stream: Readable }> {
      const cliente = await deps.clients.get(userId, clienteId);
      const zona = await deps.profiles.timeZoneOf(userId);
      const fecha = todayIn(zona, now);
      const casos = await allOf((cursor) => deps.cases.list(userId, casoListQuerySchema.parse({ cliente_id: clienteId, cursor, limit: 100 })));
      const byId = <T extends { id: string }>(lists: T[][]) => [...new Map(lists.flat().map((item) => [item.id, item])).values()];
      // The client's own and those of its cases (each list's client filter covers both; the cases' are asked too for notes linked only to a case).
      const documentos = await ifChosen(partes.documentos, () => allOf((cursor) => deps.documents.list(userId, { clienteId, cursor, limit: 100 })));
      const notas = await ifChosen(partes.notas, async () =>
        byId([
          await allOf((cursor) => deps.notes.list(userId, { clienteId, cursor, limit: 100 })),
          ...(await Promise.all(casos.map((caso) => allOf((cursor) => deps.notes.list(userId, { casoId: caso.id, cursor, limit: 100 }))))),
        ]),
      );
      const citas = await ifChosen(partes.citas, () => deps.calendar.ofClient(userId, clienteId, MAX_PER_KIND));
      const tiempo = await ifChosen(partes.tiempo, () => deps.time.list(userId, { cliente_id: clienteId }));
      const correos = await ifChosen(partes.correos, () => deps.reminders.list(userId, clienteId));
      const facturaQuery = facturaListQuerySchema.parse({ cliente_id: clienteId });
      const detalles = await ifChosen(partes.facturas, async () => {
        const facturas = await allOf((cursor) => deps.invoices.list(userId, { ...facturaQuery, cursor, limit: 200 }));
        return Promise.all(facturas.map((factura) => deps.invoices.detail(userId, factura.id)));
      });

      const mensajes = await deps.messagesOfClient(userId, clienteId);

      const zip = new ZipFile();
      const json = (value: unknown, path: string) => zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'), path, { mtime: now });
      zip.addBuffer(Buffer.from(README(cliente.nombre, diaMx(fecha), partes, mensajes.length > 0), 'utf8'), 'LEEME.txt', { mtime: now });
      const resumen = clientSummaryHtml({ cliente, casos, documentos, facturas: detalles, citas, correos, tiempo, notas, mensajes, zona, fecha });
      zip.addBuffer(Buffer.from(resumen, 'utf8'), 'resumen.html', { mtime: now });
      json(cliente, 'cliente.json');
      json(casos, 'casos.json');
      if (documentos) json(documentos, 'documentos.json');
      if (notas) json(notas, 'notas.json');
      if (citas) json(citas, 'citas.json');
      if (tiempo) json(tiempo, 'tiempo.json');
      if (correos) json(correos, 'correos.json');
      if (mensajes.length) json(mensajes, 'mensajes.json');
      if (detalles) {
        json(detalles, 'facturas.json');
        zip.addBuffer(Buffer.from(await deps.invoices.exportCsv(userId, facturaQuery), 'utf8'), 'facturas.csv', { mtime: now });
      }

      // Each document under its case's folder, with its original name (numbered when two share one).
      const unique = uniquePaths();
      const casoTitulo = new Map(casos.map((caso) => [caso.id, caso.titulo]));
      for (const documento of documentos ?? []) {
        const folder = documento.caso_id && casoTitulo.has(documento.caso_id) ? safeName(casoTitulo.get(documento.caso_id)!, 'caso') : 'sin caso';
        const file = await deps.documents.file(userId, documento.id, true);
        zip.addReadStreamLazy(unique(`documentos/${folder}/${safeName(documento.nombre)}`), { mtime: new Date(documento.created_at) }, (done) => {
          deps.storage
            .get(file.bucket, file.key)
            .then((object) => done(object ? null : new Error('archivo no encontrado'), object?.body ?? Readable.from([])))
            .catch((error: unknown) => done(error, Readable.from([])));
        });
      }
      // Each invoice's PDF (its CFDI's printed version once stamped) and its stamped XML.
      for (const detalle of detalles ?? []) {
        const { numero, bytes } = await deps.invoices.pdf(userId, detalle.factura.id);
        zip.addBuffer(bytes, `facturas/${safeName(numero)}.pdf`, { mtime: now });
        for (const { name, xml } of await deps.stampedXmls(userId, detalle.factura.id)) {
          zip.addBuffer(Buffer.from(xml, 'utf8'), `facturas/${safeName(name)}`, { mtime: now });
        }
      }
      zip.end();
      const stream = zip.outputStream as Readable;
      stream.on('error', (error: Error & { code?: string }) => {
        // A browser that closed the download is not the operator's problem; a store that failed mid-file is.
        if (error.name === 'AbortError' || error.code === 'ABORT_ERR') return;
        deps.logger.error('Una exportación de datos de un cliente se cortó', error);
      });
      return { name: `datos-cliente-${safeName(cliente.nombre, 'cliente').replace(/[ .]+/g, '-').toLowerCase()}-${fecha}.zip`, stream };
    },
  };
}

export type ClientExport = ReturnType<typeof createClientExport>;
