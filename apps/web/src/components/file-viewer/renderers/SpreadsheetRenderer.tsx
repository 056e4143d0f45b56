import JSZip from 'jszip';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { decodeText } from './decode';

const MAX_ROWS = 500;
type Sheet = { name: string; rows: string[][] };

/** Quoted fields, commas or semicolons, and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const delimiter = (text.split('\n')[0] ?? '').split(';').length > (text.split('\n')[0] ?? '').split(',').length ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (rows.length >= MAX_ROWS) break;
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const columnIndex = (ref: string) => [...ref.replace(/\d+/g, '')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** The most one part of a workbook may inflate to in the preview: past it, the preview refuses (a decompression bomb). */
const MAX_PART_BYTES = 16 * 1024 * 1024;

/**
 * A part of the archive as text, inflated as a stream and abandoned past
 * MAX_PART_BYTES whatever its header claims, so a hostile workbook cannot
 * exhaust the tab's memory.
 */
function readPart(file: JSZip.JSZipObject): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let stopped = false;
    // JSZip has streamed a part since 3.0 (`internalStream`); its type definitions leave it out.
    const stream = (file as unknown as { internalStream(type: 'uint8array'): JSZip.JSZipStreamHelper<Uint8Array> }).internalStream('uint8array');
    stream
      .on('data', (chunk: Uint8Array) => {
        if (stopped) return;
        size += chunk.length;
        if (size > MAX_PART_BYTES) {
          stopped = true;
          stream.pause();
          reject(new Error('La hoja de cálculo es demasiado grande para la vista previa. Descárgala para abrirla.'));
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (error: Error) => !stopped && reject(error))
      .on('end', () => {
        if (stopped) return;
        const all = new Uint8Array(size);
        let offset = 0;
        for (const chunk of chunks) {
          all.set(chunk, offset);
          offset += chunk.length;
        }
        resolve(new TextDecoder().decode(all));
      })
      .resume();
  });
}

/** The sheets of an .xlsx, read straight from its XML parts with JSZip. */
async function readXlsx(data: ArrayBuffer): Promise<Sheet[]> {
  const zip = await JSZip.loadAsync(data);
  const parse = async (path: string) => {
    const file = zip.file(path);
    return file ? new DOMParser().parseFromString(await readPart(file), 'application/xml') : null;
  };
  const shared = [...((await parse('xl/sharedStrings.xml'))?.getElementsByTagName('si') ?? [])].map((si) =>
    [...si.getElementsByTagName('t')].map((t) => t.textContent ?? '').join(''),
  );
  const workbook = await parse('xl/workbook.xml');
  const rels = await parse('xl/_rels/workbook.xml.rels');
  const targets = new Map([...(rels?.getElementsByTagName('Relationship') ?? [])].map((r) => [r.getAttribute('Id'), r.getAttribute('Target')]));
  const sheets: Sheet[] = [];
  for (const sheet of [...(workbook?.getElementsByTagName('sheet') ?? [])].slice(0, 10)) {
    const target = targets.get(sheet.getAttribute('r:id')) ?? '';
    const xml = await parse(`xl/${target.replace(/^\/?xl\//, '')}`);
    const rows: string[][] = [];
    for (const row of [...(xml?.getElementsByTagName('row') ?? [])].slice(0, MAX_ROWS)) {
      const cells: string[] = [];
      for (const cell of [...row.getElementsByTagName('c')]) {
        const type = cell.getAttribute('t');
        const value = cell.getElementsByTagName('v')[0]?.textContent ?? cell.getElementsByTagName('t')[0]?.textContent ?? '';
        cells[columnIndex(cell.getAttribute('r') ?? 'A')] = type === 's' ? (shared[Number(value)] ?? '') : value;
      }
      rows.push(Array.from(cells, (c) => c ?? ''));
    }
    sheets.push({ name: sheet.getAttribute('name') ?? `Hoja ${sheets.length + 1}`, rows });
  }
  return sheets;
}

export default function SpreadsheetRenderer({ data, csv, zoom, onError }: { data: ArrayBuffer; csv: boolean; zoom: number; onError: (error: unknown) => void }) {
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [active, setActive] = useState(0);
  useEffect(() => {
    let cancelled = false;
    (csv ? Promise.resolve([{ name: 'CSV', rows: parseCsv(decodeText(data)) }]) : readXlsx(data)).then(
      (result) => !cancelled && setSheets(result),
      (error: unknown) => !cancelled && onError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [data, csv, onError]);
  if (!sheets) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-slate-600" role="status">
        <Spinner className="size-5" /> Cargando hoja de cálculo...
      </div>
    );
  }
  const sheet = sheets[active];
  return (
    <div>
      {sheets.length > 1 ? (
        <div className="mb-2 flex flex-wrap gap-1" role="tablist" aria-label="Hojas">
          {sheets.map((s, i) => (
            <button
              key={s.name}
              type="button"
              role="tab"
              aria-selected={i === active}
              onClick={() => setActive(i)}
              className={`rounded px-3 py-1 text-sm ${i === active ? 'bg-primary text-white' : 'bg-white text-slate-700'}`}
            >
              {s.name}
            </button>
          ))}
        </div>
      ) : null}
      <div className="overflow-auto rounded bg-white shadow" style={{ fontSize: `${(zoom / 100) * 0.875}rem` }}>
        <table className="min-w-full border-collapse" data-testid="sheet-table">
          <tbody>
            {sheet?.rows.map((row, r) => (
              <tr key={r} className={r === 0 ? 'bg-slate-100 font-semibold' : ''}>
                {row.map((cell, c) => (
                  <td key={c} className="border border-slate-200 px-2 py-1 whitespace-nowrap">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sheet && sheet.rows.length >= MAX_ROWS ? <p className="mt-2 text-xs text-slate-600">Se muestran las primeras {MAX_ROWS} filas.</p> : null}
    </div>
  );
}
