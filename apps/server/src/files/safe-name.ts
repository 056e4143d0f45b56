/** A name safe in every zip reader and file system: letters without accents, digits, dot, hyphen. */
export function safeName(name: string, fallback = 'archivo'): string {
  const clean = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9. -]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '_')
    .slice(-120);
  return clean || fallback;
}
