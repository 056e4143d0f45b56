import type { Documento } from '@bufete/shared/documentos';
import { Briefcase, Download, Eye, FileArchive, FileSpreadsheet, FileText, Trash2, User, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatFileSize, formatLongDate } from '@/lib/format';
import { typeLabel } from '@/components/file-viewer/preview-kind';
import { useTimeZone } from '@/lib/session';
import { IconTile } from '@/components/ui/icon-tile';

function iconFor(tipo: string) {
  if (tipo.includes('spreadsheet') || tipo.includes('excel') || tipo === 'text/csv') return FileSpreadsheet;
  if (tipo === 'application/zip') return FileArchive;
  return FileText;
}

/** A document card (280 px high from the small breakpoint up, sized to its content on phones): name, type, size, date, links, and its actions. */
export function DocumentCard({
  documento,
  demo,
  onView,
  onDownload,
  onDelete,
  onVisible,
}: {
  documento: Documento;
  demo: boolean;
  onView: () => void;
  onDownload: () => void;
  onDelete: () => void;
  /** 'Visible para el cliente' (the client's portal): for a document of a case or a client. */
  onVisible?: (visible: boolean) => void;
}) {
  const Icon = iconFor(documento.tipo);
  const timeZone = useTimeZone();
  return (
    <article className="flex flex-col rounded-xl border border-border bg-white p-5 shadow-sm sm:h-[280px]" data-testid="document-card">
      <div className="flex items-start gap-3">
        <IconTile icon={Icon} className="size-11 rounded-lg bg-blue-50 text-primary" iconClassName="size-6" />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 text-sm font-semibold break-words text-slate-900" title={documento.nombre}>
            {documento.nombre}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <Badge variant="secondary">{typeLabel(documento.tipo)}</Badge>
            {demo ? <Badge variant="default">Ejemplo</Badge> : null}
            {documento.leyendo_texto ? <Badge variant="warning">Leyendo el texto…</Badge> : null}
            {documento.recibido_cliente ? <Badge variant="default">Recibido del cliente</Badge> : null}
            {documento.por_revisar ? <Badge variant="warning">Por revisar</Badge> : null}
          </div>
        </div>
      </div>
      <dl className="mt-4 flex-1 space-y-1.5 text-xs text-slate-600">
        <div className="flex gap-1">
          <dt>Tamaño:</dt>
          <dd>{formatFileSize(documento.tamaño)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Subido:</dt>
          <dd>{formatLongDate(documento.created_at, timeZone)}</dd>
        </div>
        {documento.caso ? <LinkedTo icon={Briefcase} term="Caso" name={documento.caso.titulo} /> : null}
        {documento.cliente ? <LinkedTo icon={User} term="Cliente" name={documento.cliente.nombre} /> : null}
      </dl>
      {onVisible && !demo && (documento.caso || documento.cliente) ? (
        <label className="mt-2 flex min-h-11 items-center gap-2 text-xs text-slate-700 sm:min-h-0">
          <input type="checkbox" className="size-4 accent-primary" checked={documento.visible_cliente} onChange={(event) => onVisible(event.target.checked)} />
          Visible para el cliente
        </label>
      ) : null}
      <div className="mt-3 flex gap-2 border-t border-border pt-3">
        <Button variant="outline" size="sm" className="flex-1" onClick={onView} aria-label={`Ver ${documento.nombre}`}>
          <Eye aria-hidden /> Ver
        </Button>
        <Button variant="outline" size="sm" onClick={onDownload} aria-label={`Descargar ${documento.nombre}`}>
          <Download aria-hidden />
        </Button>
        <Button variant="outline" size="sm" className="text-red-600 hover:text-red-700" onClick={onDelete} aria-label={`Eliminar ${documento.nombre}`}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </article>
  );
}

/** The case or client a document belongs to, as a line of its card. */
function LinkedTo({ icon: Icon, term, name }: { icon: LucideIcon; term: string; name: string }) {
  return (
    <div className="flex items-center gap-1">
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <dt className="sr-only">{term}</dt>
      <dd className="truncate">{name}</dd>
    </div>
  );
}
