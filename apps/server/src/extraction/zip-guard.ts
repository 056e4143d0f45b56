import yauzl from 'yauzl';

/**
 * Caps on what an archive may inflate to. A .docx is a ZIP: 300 KB of
 * deflated XML can inflate to gigabytes (a "decompression bomb"). Real Word
 * documents stay far below these: a 500-page contract is a few MB of XML.
 */
const ZIP_LIMITS = {
  maxEntries: 5_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
} as const;

export class ArchiveLimitError extends Error {}

type Limits = { maxEntries: number; maxEntryBytes: number; maxTotalBytes: number };

/**
 * Proves an archive stays within the caps before any library inflates it:
 * the entry count and the declared sizes are checked from the central
 * directory, then every entry is inflated as a stream and discarded, with
 * yauzl refusing any entry whose real size differs from its declared one. So
 * a lying header cannot smuggle more bytes past the caps, and memory stays at
 * one inflate buffer whatever the archive claims.
 */
export function assertArchiveWithinLimits(path: string, limits: Limits = ZIP_LIMITS): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('ZIP ilegible'));
      let settled = false;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        zip.close();
        if (error) reject(error);
        else resolve();
      };
      if (zip.entryCount > limits.maxEntries) {
        return finish(new ArchiveLimitError(`el archivo contiene ${zip.entryCount} partes (máximo ${limits.maxEntries})`));
      }
      let total = 0;
      zip.on('error', (error: Error) => finish(error));
      zip.on('end', () => finish());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (settled) return;
        if (/\/$/.test(entry.fileName)) return zip.readEntry();
        if (entry.uncompressedSize > limits.maxEntryBytes) {
          return finish(new ArchiveLimitError(`una parte del archivo ocupa ${mb(entry.uncompressedSize)} descomprimida (máximo ${mb(limits.maxEntryBytes)})`));
        }
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          return finish(new ArchiveLimitError(`el contenido descomprimido supera ${mb(limits.maxTotalBytes)}`));
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return finish(streamError ?? new Error('ZIP ilegible'));
          stream.on('error', (error: Error) => finish(error));
          stream.on('end', () => {
            if (!settled) zip.readEntry();
          });
          stream.resume();
        });
      });
      zip.readEntry();
    });
  });
}

function mb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
