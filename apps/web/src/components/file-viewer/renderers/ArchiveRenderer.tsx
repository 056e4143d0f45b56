import JSZip from 'jszip';
import { FileIcon, Folder } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatFileSize } from '@/lib/format';

type Entry = { name: string; dir: boolean; size: number };

/** The file list of a .zip (names and sizes; nothing is extracted). */
export default function ArchiveRenderer({ data, onError }: { data: ArrayBuffer; onError: (error: unknown) => void }) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    JSZip.loadAsync(data).then(
      (zip) => {
        const list: Entry[] = [];
        zip.forEach((name, file) => {
          const size = (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
          list.push({ name, dir: file.dir, size });
        });
        if (!cancelled) setEntries(list.sort((a, b) => a.name.localeCompare(b.name)));
      },
      (error: unknown) => !cancelled && onError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [data, onError]);
  if (!entries) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-slate-600" role="status">
        <Spinner className="size-5" /> Leyendo archivo ZIP...
      </div>
    );
  }
  return (
    <div className="rounded bg-white p-4 shadow">
      <p className="mb-2 text-sm font-medium text-slate-700">{entries.length} elementos</p>
      <ul className="divide-y divide-border text-sm" data-testid="zip-entries">
        {entries.map((entry) => (
          <li key={entry.name} className="flex items-center gap-2 py-1.5">
            {entry.dir ? <Folder className="size-4 text-amber-600" aria-hidden /> : <FileIcon className="size-4 text-slate-500" aria-hidden />}
            <span className="min-w-0 flex-1 truncate">{entry.name}</span>
            {!entry.dir ? <span className="text-xs text-slate-500">{formatFileSize(entry.size)}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
