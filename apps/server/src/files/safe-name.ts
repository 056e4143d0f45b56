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

/** Paths in one zip, each made unique as it is asked for ('Acta.pdf', then 'Acta (2).pdf'), ignoring case as Windows and macOS do. */
export function uniquePaths(): (path: string) => string {
  const taken = new Set<string>();
  return (path) => {
    let candidate = path;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = path.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
