import { ACTUACION_TIPO_LABELS } from '@bufete/shared/values/actuaciones';
import { diaMx } from '@bufete/shared/dates';
import { portalApi } from '@bufete/shared/api/portal';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/list-states';
import { fileUrl, statusOf } from '@/lib/api';
import { usePortalCase, usePortalSession } from './api';
import { hearingLine } from './hearing';
import { PortalShell } from './PortalShell';
import { Messages } from './Messages';
import { SendDocument } from './SendDocument';

const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** /portal/casos/:id: one of the client's matters, with what the lawyer shared of it. */
export default function PortalCasePage() {
  const { id = '' } = useParams();
  const session = usePortalSession();
  const detail = usePortalCase(id);
  if (session.isError) return <Navigate to="/portal" replace />;
  return (
    <PortalShell abogado={session.data?.abogado.nombre}>
      <Link to="/portal" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand">
        <ArrowLeft className="size-4" aria-hidden /> Tus asuntos
      </Link>
      {detail.isPending ? <LoadingState>Cargando...</LoadingState> : null}
      {detail.isError ? (
        <Alert variant="error">{statusOf(detail.error) === 404 ? 'Este asunto no existe o no es tuyo.' : 'No se pudo cargar el asunto. Inténtalo de nuevo.'}</Alert>
      ) : null}
      {detail.data ? (
        <>
          <div>
            <h1 className="text-2xl font-semibold break-words text-slate-900">{detail.data.caso.titulo}</h1>
            <p className="text-sm text-slate-600">
              {[detail.data.caso.estado, detail.data.caso.expediente ? `Exp. ${detail.data.caso.expediente}` : null, detail.data.caso.juzgado].filter(Boolean).join(' · ')}
            </p>
            {detail.data.caso.proxima_audiencia ? (
              <p className="mt-2 text-sm font-medium text-slate-800" data-testid="portal-audiencia">
                {hearingLine(detail.data.caso.proxima_audiencia)}
              </p>
            ) : null}
          </div>
          <section aria-labelledby="portal-documentos" className="space-y-2">
            <h2 id="portal-documentos" className="text-lg font-semibold text-slate-900">
              Documentos
            </h2>
            {detail.data.documentos.length === 0 ? <p className="text-sm text-slate-600">Tu abogado aún no te ha compartido documentos de este asunto.</p> : null}
            <ul className="divide-y divide-border rounded-xl border border-border bg-white">
              {detail.data.documentos.map((documento) => (
                <li key={documento.id}>
                  <a
                    href={fileUrl(portalApi.document, { id: documento.id })}
                    className="flex min-h-11 items-center gap-3 px-4 py-3 hover:bg-slate-50"
                    data-testid="portal-documento"
                    download
                  >
                    <FileText className="size-5 shrink-0 text-brand" aria-hidden />
                    <span className="min-w-0 flex-1 break-words text-slate-900">{documento.nombre}</span>
                    <span className="shrink-0 text-sm text-slate-500">{kb(documento.tamano)}</span>
                    <Download className="size-4 shrink-0 text-slate-500" aria-label="Descargar" />
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="portal-enviados" className="space-y-2">
            <h2 id="portal-enviados" className="text-lg font-semibold text-slate-900">
              Enviados por ti
            </h2>
            {detail.data.enviados.length ? (
              <ul className="divide-y divide-border rounded-xl border border-border bg-white" data-testid="portal-enviados">
                {detail.data.enviados.map((documento) => (
                  <li key={documento.id} className="flex min-h-11 items-center gap-3 px-4 py-3">
                    <FileText className="size-5 shrink-0 text-slate-500" aria-hidden />
                    <span className="min-w-0 flex-1 break-words text-slate-900">{documento.nombre}</span>
                    <span className="shrink-0 text-sm text-slate-500">{kb(documento.tamano)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <SendDocument casoId={detail.data.caso.id} />
          </section>
          <section aria-labelledby="portal-mensajes" className="space-y-2">
            <h2 id="portal-mensajes" className="text-lg font-semibold text-slate-900">
              Mensajes con tu abogado
            </h2>
            <Messages
              side="cliente"
              casoId={detail.data.caso.id}
              otherName={session.data?.abogado.nombre ?? 'Tu abogado'}
              timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
              hint="Tu abogado recibe un aviso por correo (sin el texto) y te responde aquí."
            />
          </section>
          <section aria-labelledby="portal-actuaciones" className="space-y-2">
            <h2 id="portal-actuaciones" className="text-lg font-semibold text-slate-900">
              Actuaciones
            </h2>
            {detail.data.actuaciones.length === 0 ? <p className="text-sm text-slate-600">Tu abogado aún no te ha compartido actuaciones de este asunto.</p> : null}
            <ol className="space-y-2">
              {detail.data.actuaciones.map((actuacion) => (
                <li key={actuacion.id} className="rounded-xl border border-border bg-white p-4" data-testid="portal-actuacion">
                  <p className="text-sm font-medium text-slate-900">
                    {diaMx(actuacion.fecha_publicacion)} · {ACTUACION_TIPO_LABELS[actuacion.tipo as keyof typeof ACTUACION_TIPO_LABELS] ?? actuacion.tipo}
                  </p>
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{actuacion.texto}</p>
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : null}
    </PortalShell>
  );
}
