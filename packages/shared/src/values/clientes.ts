/** Plain values of the clientes area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** The WhatsApp chat link of a phone number: wa.me with its digits only. */
export function whatsappUrl(telefono: string | null | undefined): string | null {
  const digits = (telefono ?? '').replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}
