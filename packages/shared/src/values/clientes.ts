/** Plain values of the clientes area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** The WhatsApp chat link of a phone number: wa.me with its digits only. */
export function whatsappUrl(telefono: string | null | undefined): string | null {
  const digits = (telefono ?? '').replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}

/**
 * What a client is, under its name on its card and page: its company; else,
 * for a persona moral (an RFC of 12 characters, kept even after its contact
 * data is erased), its razón social or 'Persona moral'; else 'Particular'.
 */
/** A company's legal form at the end of its name ('S.A. de C.V.', 'S. de R.L.', 'S.C.', 'A.C.', 'SAPI de C.V.', 'S.A.S.'). */
const FORMA_SOCIETARIA =
  /(^|[\s,])(s\.?\s?a\.?(\s?p\.?\s?i\.?)?(\s?de\s?c\.?\s?v\.?)?|sapi|s\.?\s?de\s?r\.?\s?l\.?(\s?de\s?c\.?\s?v\.?)?|s\.?\s?c\.?|a\.?\s?c\.?|s\.?\s?a\.?\s?s\.?|i\.?\s?a\.?\s?p\.?)\s*$/i;

/** A persona moral: a 12-character RFC, or a name or razón social that ends in a company's legal form. */
export function esPersonaMoral(cliente: { nombre?: string | null; rfc?: string | null; razon_social?: string | null }): boolean {
  if (cliente.rfc?.trim().length === 12) return true;
  return [cliente.nombre, cliente.razon_social].some((name) => !!name && FORMA_SOCIETARIA.test(name.trim()));
}

export function clienteTipo(cliente: { nombre?: string | null; empresa: string | null; rfc?: string | null; razon_social?: string | null }): string {
  if (cliente.empresa) return cliente.empresa;
  if (esPersonaMoral(cliente)) return cliente.razon_social || 'Persona moral';
  return 'Particular';
}

/**
 * What 'Exportar datos del cliente' can carry beyond the client's own data and
 * cases, and whether it goes unless the lawyer says otherwise: the lawyer's
 * internal notes (strategy) and time entries stay out unless chosen.
 */
export const CLIENTE_EXPORT_PARTES = [
  { clave: 'documentos', etiqueta: 'Documentos, con sus archivos', porDefecto: true },
  { clave: 'facturas', etiqueta: 'Facturas, pagos y sus PDF y XML', porDefecto: true },
  { clave: 'citas', etiqueta: 'Citas', porDefecto: true },
  { clave: 'correos', etiqueta: 'Correos enviados o programados', porDefecto: true },
  { clave: 'tiempo', etiqueta: 'Tiempo registrado', porDefecto: false },
  { clave: 'notas', etiqueta: 'Notas internas del despacho', porDefecto: false },
] as const;
export type ClienteExportParte = (typeof CLIENTE_EXPORT_PARTES)[number]['clave'];
