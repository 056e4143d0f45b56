import { instant } from './common';
import { optionalText, recordId } from './fields';
import { LIMITS } from './constants';
import { MSG } from './messages';
import { CONFLICTO_PAPELES, PARTE_ROLES } from './values/partes';
import { z } from './zod';

const p = MSG.partes;

/** A party of a case as the lawyer enters it: its side, its name and its counsel (optional). */
export const parteInputSchema = z.object({
  rol: z.enum(PARTE_ROLES, { error: p.rolInvalido }),
  nombre: z
    .string({ error: p.nombreObligatorio })
    .trim()
    .min(1, { error: p.nombreObligatorio })
    .max(LIMITS.nameMax * 2, { error: MSG.validation.tooLong }),
  abogado: optionalText(LIMITS.nameMax * 2),
});
export type ParteInput = z.input<typeof parteInputSchema>;

export const parteSchema = z.strictObject({
  id: z.string(),
  caso_id: z.string(),
  rol: z.enum(PARTE_ROLES),
  nombre: z.string(),
  abogado: z.string().nullable(),
  created_at: instant,
});
export type Parte = z.infer<typeof parteSchema>;

/** A name of this lawyer's that matches the one being entered: a client, or a party of another case. */
export const conflictoSchema = z.strictObject({
  nombre: z.string(),
  papel: z.enum(CONFLICTO_PAPELES),
  caso: z.strictObject({ id: z.string(), titulo: z.string() }).nullable(),
  cliente_id: z.string().nullable(),
});
export type Conflicto = z.infer<typeof conflictoSchema>;

/** What a name is checked against: this lawyer's clients and the parties of their other cases (the one being edited left out). */
export const conflictoQuerySchema = z.object({
  nombre: z
    .string({ error: p.nombreObligatorio })
    .trim()
    .min(1, { error: p.nombreObligatorio })
    .max(LIMITS.nameMax * 2, { error: MSG.validation.tooLong }),
  caso_id: recordId.optional(),
  cliente_id: recordId.optional(),
});

export const parteReplySchema = z.strictObject({ parte: parteSchema, conflictos: z.array(conflictoSchema) });

/**
 * A possible conflict of interest of a case: a name of it (its client's, or a
 * party's, with its side here) that is a client of this lawyer's or a party
 * of another of their cases. `clave` is the record it matched (stays the same
 * while the match does); `revisado`: the lawyer noted it as reviewed.
 */
export const conflictoDeCasoSchema = z.strictObject({
  clave: z.string(),
  nombre: z.string(),
  papel_aqui: z.enum(CONFLICTO_PAPELES),
  conflicto: conflictoSchema,
  revisado: z.boolean(),
});
export type ConflictoDeCaso = z.infer<typeof conflictoDeCasoSchema>;
/** The conflicts the lawyer notes as reviewed (their `clave`), in the case's history. */
export const conflictosRevisadosSchema = z.object({
  claves: z.array(recordId, { error: MSG.validation.badRequest }).min(1, { error: MSG.validation.badRequest }).max(200, { error: MSG.validation.badRequest }),
});
