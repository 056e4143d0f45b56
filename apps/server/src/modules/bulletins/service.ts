import { readFile } from 'node:fs/promises';
import {
  BOLETIN_FUENTE_LABELS,
  BOLETIN_FUENTES,
  type BoletinDescargaEstado,
  type BoletinFuente,
  type BoletinFuenteEstado,
  type BoletinRecibido,
  type Materia,
  type Revision,
} from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import { decodeText } from '../../extraction/extract';
import { ExtractionBusyError, type ExtractionPool } from '../../extraction/pool';
import type { ReceivedFile } from '../../http/upload';
import { appError, notFound } from '../../http/errors';
import type { BulletinQueries } from './queries';
import type { CaseService } from '../cases/service';
import type { ProceedingService } from '../proceedings/service';
import { htmlToText, looksLikeHtml } from './html';
import { readBulletin } from './layout';
import { matchBulletin } from './matching';

/** The most matches one review shows: a practice's day in court, with room to spare. */
const MATCHES_MAX = 500;
/** A whole bulletin's text, read from its PDF (Mexico City's: a few hundred pages). */
const BULLETIN_TEXT_MAX_CHARS = 30_000_000;

const b = MSG.boletines;

/**
 * 'Revisar boletín' (issue 35): a day's bulletin — its PDF, its web page or
 * its text pasted — read as courts lay it out (layout.ts) and matched against
 * the lawyer's open cases (matching.ts); then the matches the lawyer
 * confirms become actuaciones of their cases. Nothing of the bulletin is
 * kept but what is confirmed.
 */
export function createBulletinService(deps: {
  extraction: ExtractionPool;
  cases: CaseService;
  proceedings: ProceedingService;
  /** When a publication takes effect in a case of this materia (modules/plazos). */
  efectos: (materia: Materia | null, publicacion: string) => Promise<{ fecha: string }>;
  queries: BulletinQueries;
}) {
  async function review(userId: string, text: string): Promise<Revision> {
    const read = readBulletin(text);
    if (read.entries.length === 0) throw appError('VALIDATION_ERROR', b.sinJuzgados);
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
    return {
      fecha: read.fecha,
      entradas: read.entries.length,
      omitidas: Math.max(0, matches.length - MATCHES_MAX),
      coincidencias: matches.slice(0, MATCHES_MAX).map((match) => {
        const caso = byId.get(match.casoId)!;
        return {
          caso: { id: caso.id, titulo: caso.titulo, expediente: caso.expediente, juzgado: caso.juzgado },
          certeza: match.certeza,
          partes: match.partes,
          texto: match.entry.text,
          juzgado: match.entry.courtLabel,
          fecha_acuerdos: match.entry.fechaAcuerdos,
        };
      }),
    };
  }

  /** The text of a bulletin's file: a PDF's text layer (read in the extraction threads), a web page's text, or plain text. */
  async function textOf(file: ReceivedFile): Promise<string> {
    const head = file.head.subarray(0, 512).toString('latin1');
    if (head.startsWith('%PDF-')) {
      let text: string | null;
      try {
        text = await deps.extraction.extract(file.path, 'pdf', { limits: { pdfPages: LIMITS.bulletinPdfPages, maxChars: BULLETIN_TEXT_MAX_CHARS } });
      } catch (error) {
        if (error instanceof ExtractionBusyError) throw appError('SERVER_BUSY', MSG.documents.servidorOcupado);
        throw error;
      }
      const body = (text ?? '').replace(/\f/g, '').trim();
      // The extractor answers a failure with a bracketed sentence in Spanish: it is said as it is.
      if (body.startsWith('[No se pudo extraer')) throw appError('VALIDATION_ERROR', b.noSeLeyo(body.replace(/^\[No se pudo extraer el texto del PDF: |\]$/g, '')));
      if (!body) throw appError('VALIDATION_ERROR', b.sinTexto);
      return text!;
    }
    const bytes = await readFile(file.path);
    if (bytes.includes(0)) throw appError('UNSUPPORTED_TYPE', b.formato);
    const text = decodeText(bytes);
    if (looksLikeHtml(head, file.name)) return htmlToText(text);
    if (/\.(txt|text)$/i.test(file.name) || !/\.[a-z0-9]{1,5}$/i.test(file.name)) return text;
    throw appError('UNSUPPORTED_TYPE', b.formato);
  }

  return {
    reviewText: (userId: string, texto: string) => review(userId, texto),

    async reviewFile(userId: string, file: ReceivedFile): Promise<Revision> {
      try {
        return await review(userId, await textOf(file));
      } finally {
        await file.discard();
      }
    },

    /** The sources a lawyer may follow, whether they do, and how each one's last day went. */
    async fuentes(userId: string): Promise<BoletinFuenteEstado[]> {
      const followed = new Set(await deps.queries.followedBy(userId));
      const last = new Map<BoletinFuente, { dia: string; estado: BoletinDescargaEstado }>();
      for (const fuente of BOLETIN_FUENTES) {
        const [row] = await deps.queries.lastDays(fuente, 1);
        if (row) last.set(fuente, { dia: row.dia, estado: row.estado });
      }
      const counts = await deps.queries.matchCounts(
        userId,
        [...last.entries()].map(([fuente, row]) => ({ fuente, dia: row.dia })),
      );
      return BOLETIN_FUENTES.map((clave) => {
        const row = last.get(clave);
        return {
          clave,
          ...BOLETIN_FUENTE_LABELS[clave],
          seguida: followed.has(clave),
          ultima: row && followed.has(clave) ? { ...row, coincidencias: counts.get(`${clave}:${row.dia}`) ?? null } : null,
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
      return { ...revision, fuente, dia };
    },

    /** The confirmed entries become actuaciones, each with the day it takes effect proposed by its case's court and law (editable). */
    async confirm(userId: string, input: Parameters<ProceedingService['fromBulletin']>[1]) {
      const byMateria = new Map<string, Promise<string>>();
      const efectosOf = async (casoId: string) => {
        const { materia } = await deps.cases.get(userId, casoId);
        const key = materia ?? '';
        if (!byMateria.has(key))
          byMateria.set(
            key,
            deps.efectos(materia, input.fecha_publicacion).then((efectos) => efectos.fecha),
          );
        return byMateria.get(key)!;
      };
      const actuaciones = [];
      for (const item of input.actuaciones) actuaciones.push({ ...item, fecha_efectos: await efectosOf(item.caso_id) });
      const result = await deps.proceedings.fromBulletin(userId, { ...input, actuaciones });
      return { ...result, message: b.confirmadas(result.creadas) };
    },
  };
}

export type BulletinService = ReturnType<typeof createBulletinService>;
