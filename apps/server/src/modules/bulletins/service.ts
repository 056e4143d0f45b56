import { readFile } from 'node:fs/promises';
import {
  BOLETIN_FUENTE_LABELS,
  BOLETIN_FUENTES,
  type BoletinDescargaEstado,
  type BoletinFuente,
  type BoletinFuenteEstado,
  type BoletinRecibido,
  type InformeLectura,
  type Materia,
  type Revision,
} from '@bufete/shared';
import { diaMx, LIMITS, MSG } from '@bufete/shared';
import { ExtractionBusyError, type ExtractionPool } from '../../extraction/pool';
import type { ReceivedFile } from '../../http/upload';
import { appError, notFound } from '../../http/errors';
import type { BulletinQueries } from './queries';
import type { CaseService } from '../cases/service';
import type { ProceedingService } from '../proceedings/service';
import { looksLikeHtml } from './reading/html';
import type { BulletinFormat, BulletinReadRequest, ReadBulletin, ReadingReport } from './reading';
import { matchBulletin } from './matching';
import { currentRequest } from '../../http/request-context';
import type { Notice } from '../notifications/service';
import { casoVisible } from '../../http/case-scope';

/** The most matches one review shows: a practice's day in court, with room to spare. */
const MATCHES_MAX = 500;
/** A whole bulletin's text, read from its PDF (Mexico City's: a few hundred pages). */
export const BULLETIN_TEXT_MAX_CHARS = 30_000_000;
/** Courts a reading report lists with their entries (a Mexico City day has about 250). */
const REPORT_COURTS_MAX = 400;

const b = MSG.boletines;

/** The reading report as the review and the watched day show it. */
export function informeOf(report: ReadingReport): InformeLectura {
  return {
    formato: report.formato,
    paginas: report.paginas,
    entradas: report.entradas,
    edictos: report.edictos,
    juzgados: report.juzgados.length,
    por_juzgado: report.juzgados.slice(0, REPORT_COURTS_MAX),
    sin_juzgado: report.sinJuzgado,
    encabezados: report.encabezados,
    problemas: report.problemas,
    legible: report.legible,
  };
}

/**
 * Reads a bulletin on an extraction thread (a day of Mexico City's is
 * seconds of CPU the event loop must not spend). A file that cannot be read
 * is said in Spanish; a full line answers "try again shortly".
 */
export async function readOnWorker(
  extraction: ExtractionPool,
  source: BulletinReadRequest['source'],
  options: { formato?: BulletinFormat; background?: boolean } = {},
): Promise<ReadBulletin> {
  const limits = { pdfPages: LIMITS.bulletinPdfPages, maxChars: BULLETIN_TEXT_MAX_CHARS };
  const background = { background: options.background };
  let reply;
  try {
    if (source.kind === 'pdf' && 'path' in source && extraction.size > 1) {
      // A long PDF's pages are read by every thread at once (pdf.js spends ~20 ms a page), then one thread reads the layout.
      const parts = await Promise.all(
        Array.from({ length: extraction.size }, (_, part) => extraction.bulletinPages({ path: source.path, part, parts: extraction.size, limits }, background)),
      );
      const failed = parts.find((part) => !part.ok);
      if (failed && !failed.ok) reply = failed;
      else {
        const pages = parts.flatMap((part) => (part.ok ? part.pages : [])).sort((a, z) => a.page - z.page);
        reply = await extraction.bulletin({ source: { kind: 'pages', pages }, formato: options.formato, limits }, background);
      }
    } else reply = await extraction.bulletin({ source, formato: options.formato, limits }, background);
  } catch (error) {
    if (error instanceof ExtractionBusyError) throw appError('SERVER_BUSY', MSG.documents.servidorOcupado);
    throw error;
  }
  if (reply.ok) return reply.read;
  if (reply.motivo === 'sin-texto') throw appError('VALIDATION_ERROR', b.sinTexto);
  // pdf.js and the file system speak English: the lawyer is told what it means.
  throw appError('VALIDATION_ERROR', b.noSeLeyo(/tard[oó] m[aá]s de/.test(reply.detalle) ? reply.detalle : b.archivoDanado));
}

/**
 * 'Revisar boletín' (issues 35 and 44): a day's bulletin — its PDF, its web
 * page or its text pasted — read as courts lay it out (reading/) and
 * matched against the lawyer's open cases (matching.ts); then the matches
 * the lawyer confirms become actuaciones of their cases. Nothing of the
 * bulletin is kept but what is confirmed. Every review says what was read
 * (pages, courts, entries) and whether it holds together.
 */
export function createBulletinService(deps: {
  extraction: ExtractionPool;
  cases: CaseService;
  proceedings: ProceedingService;
  /** When a publication takes effect in a case of this materia (modules/plazos). */
  efectos: (tribunal: { materia: Materia | null; juzgado: string | null }, publicacion: string) => Promise<{ fecha: string }>;
  queries: BulletinQueries;
  /** The bell, for one person of the despacho (modules/notifications). */
  notify: (userId: string, notice: Notice) => Promise<void>;
}) {
  /**
   * A confirmed acuerdo is told to the people on its case (issue 46): its
   * responsible lawyer (the titular when nobody in particular is) and its
   * assigned members, each in their own bell, except whoever confirmed it.
   */
  async function tellThePeopleOnTheCases(userId: string, casos: string[], fechaPublicacion: string): Promise<void> {
    const actor = currentRequest()?.autor?.id ?? userId;
    for (const casoId of casos) {
      const caso = await deps.cases.get(userId, casoId);
      // A case nobody in particular answers for is its titular's.
      const people = new Set([caso.responsable?.id ?? userId, ...caso.asignados.map((persona) => persona.id)].filter((id) => id !== actor));
      for (const destinatarioId of people)
        await deps.notify(userId, {
          tipo: 'boletin',
          titulo: MSG.equipo.acuerdoConfirmado(caso.expediente ?? caso.titulo),
          detalle: `${caso.titulo} · boletín del ${diaMx(fechaPublicacion)}`,
          enlace: `/casos/${casoId}?tab=actuaciones`,
          clave: `acuerdo:${casoId}:${fechaPublicacion}:${destinatarioId}`,
          destinatarioId,
        });
    }
  }

  /** A bulletin already read, matched against the lawyer's open cases. */
  async function match(userId: string, read: ReadBulletin): Promise<Revision> {
    const cases = await deps.cases.inCourt(userId);
    const byId = new Map(cases.map((caso) => [caso.id, caso]));
    const matches = matchBulletin(
      read.entries,
      cases.map((caso) => ({
        id: caso.id,
        expediente: caso.expediente,
        juzgado: caso.juzgado,
        partes: [...(caso.partes?.split('\n') ?? []), caso.cliente].filter((name): name is string => !!name),
      })),
    );
    const order = { confirmada: 0, posible: 1 };
    matches.sort((a, z) => order[a.certeza] - order[z.certeza] || a.entry.index - z.entry.index);
    const confirmadas = matches.filter((match) => match.certeza === 'confirmada').length;
    return {
      fecha: read.fecha,
      entradas: read.report.entradas,
      confirmadas,
      posibles: matches.length - confirmadas,
      omitidas: Math.max(0, matches.length - MATCHES_MAX),
      informe: informeOf(read.report),
      coincidencias: await deps.proceedings.markRegistered(
        userId,
        read.fecha,
        matches.slice(0, MATCHES_MAX).map((match) => {
          const caso = byId.get(match.casoId)!;
          return {
            caso: { id: caso.id, titulo: caso.titulo, expediente: caso.expediente, juzgado: caso.juzgado },
            certeza: match.certeza,
            motivo: match.motivo,
            tipo: match.entry.kind,
            partes: match.partes,
            texto: match.entry.text,
            juzgado: match.entry.courtLabel,
            seccion: match.entry.section,
            fecha_acuerdos: match.entry.fechaAcuerdos,
            pagina: match.entry.page,
          };
        }),
      ),
    };
  }

  /** A review: what was read must hold something under a court; when it holds nothing, that is said, never 'no matches'. */
  async function review(userId: string, read: ReadBulletin): Promise<Revision> {
    if (read.entries.length === 0) throw appError('VALIDATION_ERROR', b.sinJuzgados);
    return match(userId, read);
  }

  /** Where a bulletin's file is read from: a PDF's pages, a web page, plain text. */
  async function sourceOf(file: ReceivedFile): Promise<BulletinReadRequest['source']> {
    const head = file.head.subarray(0, 512).toString('latin1');
    if (head.startsWith('%PDF-')) return { kind: 'pdf', path: file.path };
    const bytes = await readFile(file.path);
    if (bytes.includes(0)) throw appError('UNSUPPORTED_TYPE', b.formato);
    if (looksLikeHtml(head, file.name)) return { kind: 'html', path: file.path };
    if (/\.(txt|text)$/i.test(file.name) || !/\.[a-z0-9]{1,5}$/i.test(file.name)) return { kind: 'text', path: file.path };
    throw appError('UNSUPPORTED_TYPE', b.formato);
  }

  return {
    match,

    reviewText: async (userId: string, texto: string) => review(userId, await readOnWorker(deps.extraction, { kind: 'text', text: texto })),

    async reviewFile(userId: string, file: ReceivedFile): Promise<Revision> {
      try {
        return await review(userId, await readOnWorker(deps.extraction, await sourceOf(file)));
      } finally {
        await file.discard();
      }
    },

    /** The sources a lawyer may follow, whether they do, and how each one's last day went (with their confirmed and possible matches apart). */
    async fuentes(userId: string): Promise<BoletinFuenteEstado[]> {
      const followed = new Set(await deps.queries.followedBy(userId));
      const last = new Map<BoletinFuente, { dia: string; estado: BoletinDescargaEstado; error: string | null }>();
      for (const fuente of BOLETIN_FUENTES) {
        const [row] = await deps.queries.lastDays(fuente, 1);
        if (row) last.set(fuente, { dia: row.dia, estado: row.estado, error: row.error });
      }
      const counts = await deps.queries.matchCounts(
        userId,
        [...last.entries()].map(([fuente, row]) => ({ fuente, dia: row.dia })),
      );
      return BOLETIN_FUENTES.map((clave) => {
        const row = last.get(clave);
        const kept = row ? counts.get(`${clave}:${row.dia}`) : undefined;
        return {
          clave,
          ...BOLETIN_FUENTE_LABELS[clave],
          seguida: followed.has(clave),
          ultima:
            row && followed.has(clave)
              ? {
                  dia: row.dia,
                  estado: row.estado,
                  // A day read with nothing of the lawyer's is 0 and 0; a day not read has no counts at all.
                  confirmadas: row.estado === 'leido' ? (kept?.confirmadas ?? 0) : null,
                  posibles: row.estado === 'leido' ? (kept?.posibles ?? 0) : null,
                  problema: row.estado === 'ilegible' || row.estado === 'fallido' ? row.error : null,
                }
              : null,
        };
      });
    },

    async seguir(userId: string, seguidas: BoletinFuente[]): Promise<BoletinFuenteEstado[]> {
      await deps.queries.follow(userId, [...new Set(seguidas)]);
      return this.fuentes(userId);
    },

    /** A followed bulletin as it was read for the lawyer: its matches, to confirm. */
    async recibido(userId: string, fuente: BoletinFuente, dia: string): Promise<BoletinRecibido> {
      const revision = await deps.queries.kept(userId, fuente, dia);
      if (!revision) throw notFound();
      // A pasante sees the matches of their own cases only.
      const coincidencias = revision.coincidencias.filter((match) => casoVisible(match.caso.id));
      // What was registered since it was read is said as it stands now.
      return { ...revision, coincidencias: await deps.proceedings.markRegistered(userId, revision.fecha, coincidencias), fuente, dia };
    },

    /** The confirmed entries become actuaciones, each with the day it takes effect proposed by its case's court and law (editable). */
    async confirm(userId: string, input: Parameters<ProceedingService['fromBulletin']>[1]) {
      const byCourt = new Map<string, Promise<string>>();
      const efectosOf = async (casoId: string) => {
        const { materia, juzgado } = await deps.cases.get(userId, casoId);
        const key = `${materia ?? ''}\u0000${juzgado ?? ''}`;
        if (!byCourt.has(key))
          byCourt.set(
            key,
            deps.efectos({ materia, juzgado }, input.fecha_publicacion).then((efectos) => efectos.fecha),
          );
        return byCourt.get(key)!;
      };
      const actuaciones = [];
      for (const item of input.actuaciones) actuaciones.push({ ...item, fecha_efectos: await efectosOf(item.caso_id) });
      const { casos, ...result } = await deps.proceedings.fromBulletin(userId, { ...input, actuaciones });
      await tellThePeopleOnTheCases(userId, casos, input.fecha_publicacion);
      return { ...result, message: b.confirmadas(result.creadas, result.ya_estaban) };
    },
  };
}

export type BulletinService = ReturnType<typeof createBulletinService>;
