import { MSG } from './messages';
import { z } from './zod';

/** `{ ok: true }`: an action that has nothing else to say. */
export const okSchema = z.strictObject({ ok: z.literal(true) });

/** One page of a keyset-paged list: `next_cursor` is null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), next_cursor: z.string().nullable() });
export type Page<T> = { items: T[]; next_cursor: string | null };

/** A list that is never paged (pickers, small sets). */
export const itemsOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item) });

/** An instant on the wire: ISO 8601 in UTC. */
export const instant = z.string();
/** A calendar day on the wire: YYYY-MM-DD. */
export const day = z.string();

/** `{ id, titulo }` of a case, as pickers and links show it. */
export const casoRefSchema = z.strictObject({ id: z.string(), titulo: z.string() });
/** `{ id, nombre }` of a client, as lists embed it. */
export const clienteNombreSchema = z.strictObject({ id: z.string(), nombre: z.string() });

/** A short-lived link to one stored file (3600 s), usable without the session. */
export const signedLinkSchema = z.strictObject({ url: z.string(), expires_at: instant });
export type SignedLink = z.infer<typeof signedLinkSchema>;

/** What every stored file (document, image) shows: its name, type from its bytes, size and where to read it. */
export const storedFileFields = {
  id: z.string(),
  nombre: z.string(),
  /** MIME type decided from the file's bytes. */
  tipo: z.string(),
  tamaño: z.number(),
  /** Authenticated route to the file (session cookie). */
  url: z.string(),
};

/** 'Visible para el cliente' (issue 38): a document or an actuación shown in the client's portal, or not. */
export const visibilidadSchema = z.object({ visible: z.boolean({ error: MSG.validation.badRequest }) });
