import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import {
  CAMPOS_ESCRITO,
  type CampoEscritoValor,
  destinatarioDe,
  esPersonaMoral,
  diaMx,
  ESCRITO_PLANTILLA_MAX_BYTES,
  ESCRITO_ORIGEN_PROPIO,
  ESCRITOS_PROPIOS_MAX,
  fechaEnLetra,
  MATERIA_LABEL,
  MSG,
  type Documento,
  type PlantillaEscrito,
} from '@bufete/shared';
import type { Database } from '../../db/client';
import { ArchiveLimitError, assertArchiveWithinLimits } from '../../extraction/zip-guard';
import { DOCUMENT_MIME, detectDocumentKind } from '../../extraction/file-types';
import { appError, notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { Logger } from '../../logger';
import { type Storage, storageKey } from '../../storage';
import type { StorageQuota } from '../../storage/quota';
import type { CaseService } from '../cases/service';
import type { ClientService } from '../clients/service';
import type { DocumentService } from '../documents/service';
import type { HistoryService } from '../history/service';
import type { PartyService } from '../parties/service';
import type { ProfileService } from '../profile/service';
import { type DocxReply, fieldsOf } from '../../extraction/docx-merge';
import { ExtractionBusyError, type ExtractionPool } from '../../extraction/pool';
import { createEscritoQueries, type PlantillaEscritoRow } from './queries';
import { SHIPPED_ESCRITOS, shippedDocx } from './shipped';

const DOCX = DOCUMENT_MIME.docx;
/** What a template's parts may inflate to: a Word file with a logo is a few MB of XML at most. */
const TEMPLATE_ZIP_LIMITS = { maxEntries: 500, maxEntryBytes: 16 * 1024 * 1024, maxTotalBytes: 48 * 1024 * 1024 };
const CAMPO = new Map(CAMPOS_ESCRITO.map((campo) => [campo.clave, campo]));

/** A record's own text under `key`, never an inherited property (`constructor`, `__proto__`). */
const ownText = (record: Record<string, unknown>, key: string): string | undefined => {
  const value = Object.hasOwn(record, key) ? record[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** How the court is asked: a judge ('A USTED C. JUEZ', 'Usted'), or a Sala's or a Tribunal's magistrates; a judge until the court is known. */
function addressOf(destinatario: string): { 'juzgado.vocativo': string; 'juzgado.usted': string } {
  const colegiado = destinatario.startsWith('CC.');
  return { 'juzgado.vocativo': colegiado ? 'A USTEDES CC. MAGISTRADOS' : 'A USTED C. JUEZ', 'juzgado.usted': colegiado ? 'Ustedes' : 'Usted' };
}

/**
 * How the client appears in an escrito, and the lawyer's character for them:
 * a company through its representative (the blanks a lawyer fills by hand)
 * with its apoderado; a person by their own right, with their abogado patrono.
 */
function clientAppearance(cliente: { nombre: string; rfc: string | null; razon_social: string | null } | null, ella: boolean): CaseValues {
  if (!cliente) return { 'cliente.comparecencia': '', 'cliente.firma': '', 'abogado.caracter': ella ? 'abogada patrona' : 'abogado patrono' };
  const moral = esPersonaMoral(cliente);
  return {
    'cliente.comparecencia': moral
      ? `${cliente.nombre}, representada en este acto por ______________________________, en su carácter de representante legal, quien acredita su personalidad con ______________________________`
      : `${cliente.nombre}, por su propio derecho`,
    'cliente.firma': moral ? 'Por conducto de su representante legal' : 'Por su propio derecho',
    'abogado.caracter': moral ? (ella ? 'apoderada legal' : 'apoderado legal') : ella ? 'abogada patrona' : 'abogado patrono',
  };
}

const withoutFinalStop = (value: string) => value.replace(/[\s.;,]+$/u, '');

/** The fields' values of one case: what Bufete knows; '' when the case lacks it. */
export type CaseValues = Record<string, string>;

const toPlantilla = (row: PlantillaEscritoRow): PlantillaEscrito => ({
  id: row.id,
  nombre: row.nombre,
  descripcion: row.descripcion,
  propia: true,
  campos: row.campos as string[],
  tamaño: row.tamano,
  created_at: row.createdAt.toISOString(),
});

/** A name safe on every disk: the template's and the case's, and the day ('Promoción simple - 123-2026 - 27-11-2026.docx'). */
function fileNameOf(plantilla: string, caso: { expediente: string | null; titulo: string }, today: string, chosen: string | null): string {
  const base = chosen ?? `${plantilla} - ${caso.expediente ?? caso.titulo} - ${diaMx(today).replace(/\//g, '-')}`;
  const safe = base
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${safe.replace(/\.docx$/i, '') || plantilla}.docx`;
}

/**
 * Escritos merged from the expediente (issue 36): Bufete's templates (built
 * in shipped.ts) and the lawyer's own Word files (checked on upload, kept
 * private in the documentos bucket within the storage quota), filled with a
 * case's fields by docxtemplater (merge.ts) and saved as a document of the
 * case through the documents module: its quota, history and text reading.
 */
export function createEscritoService(
  db: Database,
  deps: {
    storage: Storage;
    quota: StorageQuota;
    documents: DocumentService;
    cases: CaseService;
    clients: ClientService;
    parties: PartyService;
    profiles: ProfileService;
    history: HistoryService;
    logger: Logger;
    tmpDir: string;
    /** Reading and filling a Word file happen on its threads (extraction/docx-merge.ts). */
    extraction: ExtractionPool;
  },
) {
  const queries = createEscritoQueries(db);
  const shippedFields = new Map<string, string[]>();

  function shipped(id: string): PlantillaEscrito | null {
    const entry = SHIPPED_ESCRITOS.find((escrito) => escrito.id === id);
    if (!entry) return null;
    let campos = shippedFields.get(id);
    if (!campos) {
      // Bufete's own templates are a few KB: read here, once per process.
      campos = fieldsOf(shippedDocx(id)!);
      shippedFields.set(id, campos);
    }
    return { id, nombre: entry.nombre, descripcion: entry.descripcion, propia: false, campos, tamaño: null, created_at: null };
  }

  /** A template the lawyer may use, and how to copy its .docx to a local file (a stored one streams from the bucket). */
  async function template(userId: string, id: string): Promise<{ plantilla: PlantillaEscrito; copyTo: (file: string) => Promise<void> }> {
    const own = shipped(id);
    if (own) return { plantilla: own, copyTo: (file) => writeFile(file, shippedDocx(id)!) };
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const row = await queries.one(userId, id);
    if (!row) throw notFound();
    return {
      plantilla: toPlantilla(row),
      copyTo: async (file) => {
        const object = await deps.storage.get('documentos', row.storageKey);
        if (!object) throw notFound();
        await pipeline(object.body, createWriteStream(file));
      },
    };
  }

  /** A template read or filled on a worker thread: a refusal in Spanish (a broken field, not a .docx), or a 503 when every thread is busy. */
  async function onWorker(request: Parameters<ExtractionPool['docx']>[0]): Promise<Extract<DocxReply, { ok: true }>> {
    let reply: DocxReply;
    try {
      reply = await deps.extraction.docx(request);
    } catch (error) {
      if (error instanceof ExtractionBusyError) throw appError('SERVER_BUSY', MSG.documents.servidorOcupado);
      throw error;
    }
    if (reply.ok) return reply;
    if (reply.codigo) throw appError('VALIDATION_ERROR', MSG.escritos.conMacros, 'archivo');
    if (reply.fallo) {
      deps.logger.error('No se pudo leer o llenar una plantilla de escrito', reply.fallo);
      throw appError('VALIDATION_ERROR', MSG.escritos.noSeProceso, 'archivo');
    }
    throw appError('VALIDATION_ERROR', reply.problema ? MSG.escritos.campoRoto(reply.problema) : MSG.escritos.archivoDanado, 'archivo');
  }

  /** Every field Bufete can fill from this case, its client, its parties and the lawyer's profile. */
  async function caseValues(userId: string, casoId: string): Promise<{ values: CaseValues; caso: Awaited<ReturnType<CaseService['get']>>; today: string }> {
    const caso = await deps.cases.get(userId, casoId);
    const [partes, cliente, perfil, firma, today] = await Promise.all([
      deps.parties.list(userId, casoId),
      caso.cliente_id ? deps.clients.get(userId, caso.cliente_id) : Promise.resolve(null),
      deps.profiles.getOrCreate({ id: userId, name: '', email: '' }),
      deps.profiles.signature(userId),
      deps.profiles.today(userId),
    ]);
    // Said in the lawyer's gender when the profile gives it (the generic masculine otherwise).
    const ella = perfil.tratamiento === 'abogada';
    const destinatario = destinatarioDe(caso.juzgado);
    const names = (rol: string) =>
      partes
        .filter((parte) => parte.rol === rol)
        .map((parte) => parte.nombre)
        .join(', ');
    const values: CaseValues = {
      'caso.titulo': caso.titulo,
      'caso.expediente': caso.expediente ?? '',
      'caso.juzgado': caso.juzgado ?? '',
      'caso.secretaria': caso.secretaria ?? '',
      'juzgado.destinatario': destinatario,
      ...addressOf(destinatario),
      'caso.materia': caso.materia ? MATERIA_LABEL[caso.materia] : '',
      // The case's own client is a party too when the lawyer has not entered the parties yet: never guessed here.
      'caso.actor': names('actor'),
      'caso.demandado': names('demandado'),
      'caso.terceros': names('tercero'),
      'caso.descripcion': caso.descripcion ?? '',
      'cliente.nombre': cliente?.nombre ?? '',
      'cliente.rfc': cliente?.rfc ?? '',
      'cliente.direccion': cliente?.direccion ?? '',
      'cliente.email': cliente?.email ?? '',
      'cliente.telefono': cliente?.telefono ?? '',
      ...clientAppearance(cliente, ella),
      'abogado.nombre': firma.nombre,
      'abogado.cedula': perfil.cedula_profesional ?? '',
      'abogado.tratamiento': ella ? 'abogada' : 'abogado',
      'abogado.presentado': ella ? 'presentada' : 'presentado',
      'abogado.email': firma.email,
      'abogado.telefono': perfil.telefono ?? '',
      'abogado.domicilio': perfil.domicilio_fiscal ?? '',
      hoy: fechaEnLetra(today),
      'hoy.numero': diaMx(today),
    };
    return { values, caso, today };
  }

  function fieldsFor(plantilla: PlantillaEscrito, values: CaseValues): CampoEscritoValor[] {
    return plantilla.campos.map((clave) => {
      const campo = CAMPO.get(clave);
      if (!campo) return { clave, etiqueta: clave, valor: null, desconocido: true, origen: null };
      const valor = campo.origen === ESCRITO_ORIGEN_PROPIO ? '' : (ownText(values, clave) ?? '');
      return { clave, etiqueta: campo.etiqueta, valor: valor || null, desconocido: false, origen: campo.origen };
    });
  }

  return {
    referencedKeys: queries.referencedKeys,

    async plantillas(userId: string): Promise<PlantillaEscrito[]> {
      return [...SHIPPED_ESCRITOS.map((entry) => shipped(entry.id)!), ...(await queries.own(userId)).map(toPlantilla)];
    },

    /**
     * A Word file becomes a template once it proves to be one: a .docx (by its
     * bytes) within the size and inflation caps, whose every field is well
     * formed (a broken one is named with where it is), with at least one field.
     */
    async subir(userId: string, file: ReceivedFile, input: { nombre: string; descripcion: string | null }): Promise<PlantillaEscrito> {
      try {
        if (file.size > ESCRITO_PLANTILLA_MAX_BYTES) throw appError('FILE_TOO_LARGE', MSG.escritos.archivoGrande);
        if (detectDocumentKind(file.head, file.name) !== 'docx') throw appError('UNSUPPORTED_TYPE', MSG.escritos.formato);
        try {
          await assertArchiveWithinLimits(file.path, TEMPLATE_ZIP_LIMITS);
        } catch (error) {
          throw appError('VALIDATION_ERROR', error instanceof ArchiveLimitError ? MSG.escritos.archivoGrande : MSG.escritos.archivoDanado, 'archivo');
        }
        const campos = (await onWorker({ op: 'docx-campos', path: file.path })).campos ?? [];
        if (campos.length === 0) throw appError('VALIDATION_ERROR', MSG.escritos.sinCampos, 'archivo');
        if ((await queries.count(db, userId)) >= ESCRITOS_PROPIOS_MAX) throw appError('LIMIT_REACHED', MSG.escritos.demasiadas);
        await deps.quota.assertRoom(userId, file.size);
        const key = storageKey(userId, 'plantillas-escritos', file.name);
        await deps.storage.putFile('documentos', key, file.path, { contentType: DOCX, size: file.size });
        try {
          const row = await deps.quota.insertWithin(async (tx) => {
            const inserted = await queries.insert(tx, { userId, nombre: input.nombre, descripcion: input.descripcion, tipo: DOCX, tamano: file.size, storageKey: key, campos });
            await deps.history.record(tx, userId, { accion: 'crear', entidad: 'plantilla', entidadId: inserted.id, resumen: `Plantilla de escrito «${inserted.nombre}» subida` });
            return inserted;
          });
          return toPlantilla(row);
        } catch (error) {
          await deps.storage.delete('documentos', key).catch((cleanup: unknown) => deps.logger.error('No se pudo borrar una plantilla recién guardada', cleanup));
          throw error;
        }
      } finally {
        await file.discard();
      }
    },

    async eliminar(userId: string, id: string): Promise<void> {
      const row = await queries.remove(userId, id);
      if (!row) throw notFound();
      await deps.history.record(db, userId, { accion: 'eliminar', entidad: 'plantilla', entidadId: id, resumen: `Plantilla de escrito «${row.nombre}» eliminada` });
      await deps.storage.delete('documentos', row.storageKey);
    },

    /** The template's .docx to download: a stored one, or Bufete's bytes. */
    async archivo(userId: string, id: string): Promise<{ stored: StoredFile } | { bytes: Buffer; name: string }> {
      const entry = SHIPPED_ESCRITOS.find((escrito) => escrito.id === id);
      if (entry) return { bytes: shippedDocx(id)!, name: `${entry.nombre}.docx` };
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
      const row = await queries.one(userId, id);
      if (!row) throw notFound();
      return { stored: { bucket: 'documentos', key: row.storageKey, name: `${row.nombre}.docx`, type: DOCX, download: true } };
    },

    /** A template's fields with this case's values: what the lawyer checks, and types where the case has nothing. */
    async campos(userId: string, casoId: string, plantillaId: string) {
      const { plantilla } = await template(userId, plantillaId);
      const { values, caso, today } = await caseValues(userId, casoId);
      return { plantilla, campos: fieldsFor(plantilla, values), nombre_sugerido: fileNameOf(plantilla.nombre, caso, today, null) };
    },

    /**
     * The escrito: the template filled with the case's values and those the
     * lawyer typed (which win), saved as a .docx among the case's documents.
     * A field Bufete knows that is still empty is refused by name; a field it
     * does not know may be left blank.
     */
    async generar(userId: string, casoId: string, input: { plantilla: string; valores: Record<string, string>; nombre: string | null }): Promise<Documento> {
      const { plantilla, copyTo } = await template(userId, input.plantilla);
      const { values, caso, today } = await caseValues(userId, casoId);
      const fields = fieldsFor(plantilla, values);
      // Only the template's own fields, each by its own name: a typed value under any other name (or an inherited one) is never read.
      const filled: Record<string, string> = Object.create(null) as Record<string, string>;
      // The escrito puts its own punctuation after what only the lawyer types ('…lo solicitado.'): a final period typed is not doubled.
      for (const field of fields) {
        const typed = (ownText(input.valores, field.clave) ?? '').trim();
        filled[field.clave] = (field.origen === ESCRITO_ORIGEN_PROPIO ? withoutFinalStop(typed) : typed) || (field.valor ?? '');
      }
      // A case without a client: the name the lawyer typed decides how the client appears (a company, through its apoderado).
      if (!caso.cliente_id && filled['cliente.nombre']) {
        const typed = clientAppearance({ nombre: filled['cliente.nombre'], rfc: filled['cliente.rfc'] || null, razon_social: null }, values['abogado.tratamiento'] === 'abogada');
        for (const field of fields) if (Object.hasOwn(typed, field.clave) && !ownText(input.valores, field.clave)?.trim()) filled[field.clave] = typed[field.clave]!;
      }
      // A court typed in the dialog (the case has none) is addressed as the case's would be.
      const typedCourt = ownText(input.valores, 'juzgado.destinatario')?.trim();
      if (typedCourt) {
        const address = { 'juzgado.destinatario': destinatarioDe(typedCourt), ...addressOf(destinatarioDe(typedCourt)) };
        for (const field of fields)
          if (Object.hasOwn(address, field.clave) && (field.clave === 'juzgado.destinatario' || !ownText(input.valores, field.clave)?.trim()))
            filled[field.clave] = address[field.clave as keyof typeof address];
      }
      const missing = fields.filter((field) => !field.desconocido && !filled[field.clave]);
      if (missing.length) throw appError('VALIDATION_ERROR', MSG.escritos.faltanCampos(missing.map((field) => field.etiqueta).join(', ')), 'valores');
      const source = path.join(deps.tmpDir, `plantilla-${randomUUID()}.docx`);
      const out = path.join(deps.tmpDir, `escrito-${randomUUID()}.docx`);
      const discard = () => Promise.all([rm(source, { force: true }), rm(out, { force: true })]).then(() => undefined);
      try {
        await copyTo(source);
        await onWorker({ op: 'docx-llenar', path: source, out, values: filled });
      } catch (error) {
        await discard();
        throw error;
      }
      // The escrito goes in as an upload would: its size, and its first bytes for the type.
      const { size } = await stat(out);
      const head = Buffer.alloc(Math.min(4096, size));
      const handle = await open(out);
      await handle.read(head, 0, head.length, 0).finally(() => handle.close());
      const received: ReceivedFile = { path: out, name: fileNameOf(plantilla.nombre, caso, today, input.nombre), size, head, discard };
      return deps.documents.upload(userId, received, { casoId, clienteId: caso.cliente_id });
    },
  };
}

export type EscritoService = ReturnType<typeof createEscritoService>;
