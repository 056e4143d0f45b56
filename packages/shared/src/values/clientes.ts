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
export function clienteTipo(cliente: { empresa: string | null; rfc?: string | null; razon_social?: string | null }): string {
  if (cliente.empresa) return cliente.empresa;
  if (cliente.rfc?.trim().length === 12) return cliente.razon_social || 'Persona moral';
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
