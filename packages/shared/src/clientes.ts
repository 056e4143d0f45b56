import { instant } from './common';
import { LIMITS } from './constants';
import { optionalText, pageCursor, pageLimit, searchTerm } from './fields';
import { optionalCodigoPostal, optionalRegimen, optionalRfc, optionalUsoCfdi } from './fiscal';
import { CLIENTE_EXPORT_PARTES, type ClienteExportParte } from './values/clientes';
import { receptorFiscalError } from './values/fiscal';
import { MSG } from './messages';
import { z } from './zod';

const v = MSG.validation;

/** A client as the 'Crear nuevo cliente' / 'Editar cliente' dialog saves it. */
export const clienteSaveSchema = z
  .object({
    nombre: z
      .string({ error: MSG.practice.nombreObligatorio })
      .trim()
      .min(1, { error: MSG.practice.nombreObligatorio })
      .max(LIMITS.nameMax * 2, { error: v.tooLong }),
    email: z
      .union([
        z.literal(''),
        z.null(),
        z
          .string()
          .trim()
          .max(LIMITS.emailMax, { error: v.emailInvalid })
          .pipe(z.email({ error: v.emailInvalid })),
      ])
      .optional()
      .transform((value) => (value ? value.toLowerCase() : null)),
    telefono: optionalText(LIMITS.telefonoMax),
    empresa: optionalText(LIMITS.nameMax * 2),
    direccion: optionalText(LIMITS.direccionMax),
    // Fiscal data (optional): who the receipt is for, and whether a company withholds taxes.
    rfc: optionalRfc,
    razon_social: optionalText(LIMITS.nameMax * 2),
    regimen_fiscal: optionalRegimen,
    codigo_postal: optionalCodigoPostal,
    uso_cfdi: optionalUsoCfdi,
    /** 'No requiere factura': their paid receipts go into the factura global (público en general). */
    publico_en_general: z.boolean({ error: MSG.validation.badRequest }).optional().default(false),
  })
  .superRefine((cliente, ctx) => {
    // The SAT refuses a CFDI whose receptor's régimen and uso do not fit: said here, when the client is saved.
    const problem = receptorFiscalError(cliente);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type ClienteInput = z.input<typeof clienteSaveSchema>;
export type ClienteOutput = z.output<typeof clienteSaveSchema>;

export const clienteListQuerySchema = z.object({ q: searchTerm, cursor: pageCursor, limit: pageLimit });

export const clienteSchema = z.strictObject({
  id: z.string(),
  nombre: z.string(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  empresa: z.string().nullable(),
  direccion: z.string().nullable(),
  rfc: z.string().nullable(),
  razon_social: z.string().nullable(),
  regimen_fiscal: z.string().nullable(),
  codigo_postal: z.string().nullable(),
  uso_cfdi: z.string().nullable(),
  publico_en_general: z.boolean(),
  /** When its data was erased at its request: only the fiscal data its invoices must keep remains. */
  datos_eliminados: instant.nullable(),
  created_at: instant,
  updated_at: instant,
});
export type Cliente = z.infer<typeof clienteSchema>;

export const clienteReply = z.strictObject({ cliente: clienteSchema });

/** What erasing a client's data takes and keeps. */
export const clienteErasurePreviewSchema = z.strictObject({
  notas: z.number(),
  documentos: z.number(),
  correos: z.number(),
  /** Their cases and appointments stay (the lawyer's work), without the client when it goes. */
  casos: z.number(),
  citas: z.number(),
  /** Invoices are kept 5 years (Código Fiscal de la Federación, art. 30), with the client's fiscal data. */
  facturas: z.number(),
});
export type ClienteErasurePreview = z.infer<typeof clienteErasurePreviewSchema>;

/** 'Exportar datos del cliente': which parts go ('1') or stay out ('0'); each left out takes its default (CLIENTE_EXPORT_PARTES). */
const exportPart = z.enum(['0', '1'], { error: MSG.validation.badRequest }).optional();
const porDefecto = (clave: ClienteExportParte) => CLIENTE_EXPORT_PARTES.find((parte) => parte.clave === clave)!.porDefecto;
export const clienteExportQuerySchema = z
  .object({ documentos: exportPart, facturas: exportPart, citas: exportPart, correos: exportPart, tiempo: exportPart, notas: exportPart })
  .transform((query): Record<ClienteExportParte, boolean> => {
    const chosen = (clave: ClienteExportParte) => (query[clave] === undefined ? porDefecto(clave) : query[clave] === '1');
    return { documentos: chosen('documentos'), facturas: chosen('facturas'), citas: chosen('citas'), correos: chosen('correos'), tiempo: chosen('tiempo'), notas: chosen('notas') };
  });
export type ClienteExportPartes = z.output<typeof clienteExportQuerySchema>;
