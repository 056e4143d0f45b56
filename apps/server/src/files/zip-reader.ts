import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * A zip opened for reading its entries in any order (the central directory
 * read once, entries streamed on demand). yauzl checks each entry's declared
 * size against what inflates, so an entry that claims 1 KB cannot grow to 1 GB.
 */
export interface OpenZip {
  names(): string[];
  /** Whether two entries share a name (the second would hide the first from `names`). */
  hasDuplicates(): boolean;
  size(name: string): number | null;
  stream(name: string): Promise<Readable>;
  close(): void;
}

export function openZip(file: string): Promise<OpenZip> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('zip ilegible'));
      const entries = new Map<string, yauzl.Entry>();
      let duplicates = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entries.has(entry.fileName)) duplicates = true;
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('error', (readError: Error) => {
        zip.close();
        reject(readError);
      });
      zip.on('end', () =>
        resolve({
          names: () => [...entries.keys()],
          hasDuplicates: () => duplicates,
          size: (name) => entries.get(name)?.uncompressedSize ?? null,
          stream: (name) =>
            new Promise((done, fail) => {
              const entry = entries.get(name);
              if (!entry) return fail(new Error(`Falta ${name} en el zip`));
              zip.openReadStream(entry, (streamError, stream) => (streamError || !stream ? fail(streamError ?? new Error('entrada ilegible')) : done(stream)));
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}

/** An entry's bytes in memory: only for the small ones (the caller checks the size first). */
export async function readEntry(zip: OpenZip, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.stream(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
