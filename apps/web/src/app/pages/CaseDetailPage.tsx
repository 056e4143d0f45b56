import { type Caso } from '@bufete/shared/casos';
import { MSG } from '@bufete/shared/messages';
import { MATERIA_LABEL } from '@bufete/shared/values/casos';
import { diaMx, todayIn, urgencyOf } from '@bufete/shared/dates';
import { ACTUACION_TIPO_LABELS } from '@bufete/shared/values/actuaciones';
import { Clock, FilePen, FileText, FolderSearch, Gavel, History as HistoryIcon, Image, ListTodo, MessagesSquare, Pencil, Plus, StickyNote, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { type NotFoundText, RecordHeader, recordRoute } from '@/components/record-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailText } from '@/components/ui/email-text';
import { UrgencyBadge } from '@/components/ui/urgency-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CaseAppointments, PlazoButton } from '@/features/calendar';
import { CaseBadges, EditCaseDialog, useCase, useCaseCounts, useCaseHistory, useDeleteCase } from '@/features/cases';
import { HistoryFeed } from '@/components/history';
import { CaseDocuments, DocumentGrid, DocumentUploadDialog } from '@/features/documents';
import { ImageGallery } from '@/components/images/ImageGallery';
import { BillTimeDialog } from '@/features/invoices';
import { CaseTime } from '@/features/time';
import { CaseProceedings } from '@/features/proceedings';
import { CaseConflicts, CaseParties } from '@/features/parties';
import { CaseTasks } from '@/features/tasks';
import { CaseMessages } from '@/features/portal';
import { PortalCard } from '@/features/clients';
import { EscritoDialog } from '@/features/escritos';
import { CaseNotes, NoteFormDialog, NoteGrid } from '@/features/notes';
import { DEMO_CASO, DEMO_CASO_COUNTS, DEMO_CASO_PARTES, DEMO_CASO_DOCUMENTOS, DEMO_CASO_IMAGENES, DEMO_CASO_NOTAS } from '@/lib/demo';
import { formatLongDate, formatLongDay, formatShortDateTime } from '@/lib/format';
import { useTabParam } from '@/lib/hooks';
import { useAlcance, useTimeZone } from '@/lib/session';

const CASE_TABS = ['documentos', 'actuaciones', 'tareas', 'imagenes', 'notas', 'tiempo', 'portal', 'historial'] as const;
const DEMO_TABS = ['documentos', 'imagenes', 'notas'] as const;

const CASE_NOT_FOUND: NotFoundText = {
  icon: FolderSearch,
  title: 'Caso no encontrado',
  text: MSG.practice.casoNoEncontradoTexto,
  failed: 'No se pudo cargar el caso. Comprueba tu conexión e inténtalo de nuevo.',
  back: { to: '/casos', label: 'Volver a casos' },
};

export default recordRoute({ useRecord: useCase, sample: DEMO_CASO, notFound: CASE_NOT_FOUND, render: (caso, demo) => <CaseDetail caso={caso} demo={demo} /> });

function CaseDetail({ caso, demo }: { caso: Caso; demo: boolean }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(!demo && params.get('editar') === '1');
  const [deleting, setDeleting] = useState(false);
  const deleteCase = useDeleteCase();
  const contentCounts = useCaseCounts(caso.id, !demo);
  const counts = demo ? DEMO_CASO_COUNTS : (contentCounts.data ?? { documentos: 0, imagenes: 0, notas: 0, actuaciones: 0 });
  const [uploading, setUploading] = useState(false);
  const [writingNote, setWritingNote] = useState(false);
  const [drafting, setDrafting] = useState(false);
  const timeZone = useTimeZone();
  const puede = useAlcance();
  const urgency = urgencyOf(caso.fecha_vencimiento, todayIn(timeZone), caso.estado === 'Cerrado');

  // The tabs the role reaches (an address naming another opens the first).
  const hidden: Partial<Record<(typeof CASE_TABS)[number], boolean>> = {
    actuaciones: !puede.area('boletin'),
    imagenes: puede.soloSusCasos,
    notas: !puede.area('notas'),
    tiempo: !puede.area('tiempo'),
    portal: !puede.area('portal'),
  };
  const [tab, selectTab] = useTabParam(demo ? DEMO_TABS : CASE_TABS.filter((name) => !hidden[name]), 'documentos');

  const setEditOpen = (open: boolean) => {
    setEditing(open);
    if (!open && params.has('editar'))
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('editar');
          return updated;
        },
        { replace: true },
      );
  };
  const onEdit = () => (demo ? toast.error(MSG.practice.noEditarCasoEjemplo) : setEditOpen(true));
  const onDelete = () => (demo ? toast.error(MSG.practice.noEliminarCasoEjemplo) : setDeleting(true));
  const confirmDelete = () =>
    deleteCase.mutate(caso.id, {
      onSuccess: () => {
        toast.success('Caso eliminado');
        navigate('/casos', { replace: true });
      },
      onError: () => toast.error(MSG.practice.errorEliminarCaso),
    });

  return (
    <div className="mx-auto max-w-5xl">
      <RecordHeader
        back={CASE_NOT_FOUND.back}
        title={caso.titulo}
        demo={demo}
        actions={
          <>
            {/* A sample case cannot schedule: the calculator opens on its own. */}
            <PlazoButton casoId={demo ? undefined : caso.id} casoTitulo={demo ? undefined : caso.titulo} materia={caso.materia} juzgado={caso.juzgado} />
            {puede.soloSusCasos ? null : (
              <>
                <Button variant="outline" onClick={onEdit}>
                  <Pencil aria-hidden /> Editar
                </Button>
                <Button variant="destructive" onClick={onDelete}>
                  <Trash2 aria-hidden /> Eliminar
                </Button>
              </>
            )}
          </>
        }
      >
        {/* The case as the court knows it (never an internal id a lawyer cannot use). */}
        {caso.expediente || caso.juzgado ? (
          <p className="mt-1 text-sm text-slate-600">{[caso.expediente ? `Expediente ${caso.expediente}` : null, caso.juzgado].filter(Boolean).join(' · ')}</p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <CaseBadges estado={caso.estado} prioridad={caso.prioridad} materia={caso.materia} />
          {urgency ? <UrgencyBadge urgency={urgency} /> : null}
        </div>
      </RecordHeader>

      {/* Conflicts name other cases' parties: not for a pasante, who sees only theirs. */}
      {!demo && !puede.soloSusCasos ? <CaseConflicts casoId={caso.id} /> : null}

      <Card className="mb-6">
        <CardHeader>
          <CardTitle className="text-lg">Información del caso</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Info
              label="Cliente"
              value={
                caso.cliente ? (
                  <>
                    {puede.area('clientes') ? (
                      <Link to={`/clientes/${caso.cliente.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                        {caso.cliente.nombre}
                      </Link>
                    ) : (
                      <span className="font-medium">{caso.cliente.nombre}</span>
                    )}
                    {caso.cliente.email ? <EmailText email={caso.cliente.email} className="block text-slate-500" /> : null}
                  </>
                ) : (
                  'Sin cliente'
                )
              }
            />
            <Info label="Número de expediente" value={caso.expediente ?? 'Sin expediente'} />
            <Info label="Juzgado / autoridad" value={caso.juzgado ? `${caso.juzgado}${caso.secretaria ? ` · Secretaría ${caso.secretaria}` : ''}` : 'Sin especificar'} />
            <Info label="Materia" value={caso.materia ? MATERIA_LABEL[caso.materia] : 'Sin especificar'} />
            <Info label="Estado" value={caso.estado} />
            <Info label="Prioridad" value={caso.prioridad} />
            {caso.responsable ? <Info label="Responsable" value={caso.responsable.nombre} /> : null}
            {caso.asignados.length ? <Info label="Asignados" value={caso.asignados.map((persona) => persona.nombre).join(', ')} /> : null}
            <Info label="Fecha de vencimiento" value={caso.fecha_vencimiento ? formatLongDay(caso.fecha_vencimiento) : 'Sin fecha'} />
            <Info label="Fecha de creación" value={formatLongDate(caso.created_at, timeZone)} />
            <Info label="Última actualización" value={formatShortDateTime(caso.updated_at, timeZone)} />
          </dl>
          <div className="mt-4 border-t border-border pt-4">
            <h3 className="text-sm font-medium text-slate-500">Descripción</h3>
            <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{caso.descripcion || 'Sin descripción'}</p>
          </div>
        </CardContent>
      </Card>

      <CaseParties casoId={caso.id} demo={demo} sample={DEMO_CASO_PARTES} readOnly={puede.soloSusCasos} />

      <CaseAppointments casoId={caso.id} clienteId={caso.cliente?.id ?? null} demo={demo} />

      <Tabs defaultValue="documentos" value={tab} onValueChange={selectTab}>
        {/* On a phone the tabs wrap into rows of three rather than pushing the page sideways. */}
        <TabsList aria-label="Contenido del caso" className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="documentos">
            <FileText className="hidden size-4 sm:block" aria-hidden /> Documentos ({counts.documentos})
          </TabsTrigger>
          {!demo && !hidden.actuaciones ? (
            <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="actuaciones">
              <Gavel className="hidden size-4 sm:block" aria-hidden /> Actuaciones ({counts.actuaciones})
            </TabsTrigger>
          ) : null}
          {!demo ? (
            <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="tareas">
              <ListTodo className="hidden size-4 sm:block" aria-hidden /> Tareas
            </TabsTrigger>
          ) : null}
          {hidden.imagenes ? null : (
            <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="imagenes">
              <Image className="hidden size-4 sm:block" aria-hidden /> Imágenes ({counts.imagenes})
            </TabsTrigger>
          )}
          {!hidden.notas ? (
            <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="notas">
              <StickyNote className="hidden size-4 sm:block" aria-hidden /> Notas ({counts.notas})
            </TabsTrigger>
          ) : null}
          {!demo && !hidden.tiempo ? (
            <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="tiempo">
              <Clock className="hidden size-4 sm:block" aria-hidden /> Tiempo
            </TabsTrigger>
          ) : null}
          {!demo && caso.cliente && !hidden.portal ? (
            <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="portal">
              <MessagesSquare className="hidden size-4 sm:block" aria-hidden /> Portal
            </TabsTrigger>
          ) : null}
          {!demo ? (
            <TabsTrigger className="flex-1 px-1.5 text-xs whitespace-nowrap sm:flex-none sm:px-3 sm:text-sm" value="historial">
              <HistoryIcon className="hidden size-4 sm:block" aria-hidden /> Historial
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="documentos">
          <div className="mb-4 flex items-center justify-between gap-2">
            <p className="text-sm whitespace-nowrap text-slate-600">{counts.documentos === 1 ? '1 documento' : `${counts.documentos} documentos`}</p>
            <div className="flex flex-wrap justify-end gap-2">
              {!demo ? (
                <Button variant="outline" onClick={() => setDrafting(true)}>
                  <FilePen aria-hidden /> Generar escrito
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => (demo ? toast.info(MSG.documents.noSubirEjemplo) : setUploading(true))}>
                <Upload aria-hidden /> Subir Documento
              </Button>
            </div>
          </div>
          {demo ? <DocumentGrid documents={DEMO_CASO_DOCUMENTOS} /> : <CaseDocuments casoId={caso.id} />}
          {!demo ? <DocumentUploadDialog open={uploading} onOpenChange={setUploading} casoId={caso.id} clienteId={caso.cliente?.id ?? null} /> : null}
          {!demo ? <EscritoDialog open={drafting} onOpenChange={setDrafting} casoId={caso.id} /> : null}
        </TabsContent>
        {!demo ? (
          <TabsContent value="actuaciones">
            <CaseProceedings
              casoId={caso.id}
              termWith={(actuacion) => (
                <PlazoButton
                  variant="ghost"
                  label="Calcular término"
                  casoId={caso.id}
                  casoTitulo={caso.titulo}
                  materia={caso.materia}
                  juzgado={caso.juzgado}
                  notificacion={actuacion.fecha_efectos ?? actuacion.fecha_publicacion}
                  actuacion={{
                    id: actuacion.id,
                    tipo: actuacion.tipo,
                    etiqueta: `${ACTUACION_TIPO_LABELS[actuacion.tipo].toLowerCase()} del ${diaMx(actuacion.fecha_publicacion)}`,
                  }}
                />
              )}
            />
          </TabsContent>
        ) : null}
        {!demo ? (
          <TabsContent value="tareas">
            <CaseTasks casoId={caso.id} materia={caso.materia} />
          </TabsContent>
        ) : null}
        <TabsContent value="imagenes">
          <ImageGallery owner={{ casoId: caso.id }} demoImages={demo ? DEMO_CASO_IMAGENES : undefined} />
        </TabsContent>
        <TabsContent value="notas">
          <div className="mb-4 flex items-center justify-between gap-2">
            <p className="text-sm text-slate-600">{counts.notas === 1 ? '1 nota' : `${counts.notas} notas`}</p>
            <Button variant="outline" onClick={() => (demo ? toast.info('Este es un caso de ejemplo. Crea tu propio caso para escribir notas.') : setWritingNote(true))}>
              <Plus aria-hidden /> Nueva Nota
            </Button>
          </div>
          {demo ? <NoteGrid notes={DEMO_CASO_NOTAS} /> : <CaseNotes casoId={caso.id} />}
          {!demo ? <NoteFormDialog open={writingNote} onOpenChange={setWritingNote} casoId={caso.id} clienteId={caso.cliente?.id ?? null} /> : null}
        </TabsContent>
        {!demo ? (
          <TabsContent value="tiempo">
            <CaseTime casoId={caso.id} billWith={BillTimeDialog} />
          </TabsContent>
        ) : null}
        {!demo && caso.cliente ? (
          <TabsContent value="portal">
            <PortalCard cliente={caso.cliente} />
            <CaseMessages casoId={caso.id} cliente={caso.cliente} />
          </TabsContent>
        ) : null}
        {!demo ? (
          <TabsContent value="historial">
            <CaseHistory casoId={caso.id} timeZone={timeZone} />
          </TabsContent>
        ) : null}
      </Tabs>

      {!demo ? <EditCaseDialog caso={caso} open={editing} onOpenChange={setEditOpen} /> : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Eliminar caso"
        description={
          <>
            {MSG.practice.confirmarEliminarCaso}
            <span className="mt-2 block">Sus citas del calendario se conservarán, sin el vínculo al caso.</span>
            {counts.documentos + counts.imagenes + counts.notas + counts.actuaciones > 0 ? (
              <strong className="mt-2 block text-slate-900">
                También se eliminarán {counts.documentos === 1 ? '1 documento' : `${counts.documentos} documentos`},{' '}
                {counts.imagenes === 1 ? '1 imagen' : `${counts.imagenes} imágenes`}, {counts.notas === 1 ? '1 nota' : `${counts.notas} notas`} y{' '}
                {counts.actuaciones === 1 ? '1 actuación' : `${counts.actuaciones} actuaciones`}, con sus archivos.
              </strong>
            ) : null}
          </>
        }
        busy={deleteCase.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{value}</dd>
    </div>
  );
}

/** The case's 'Historial': asked for only once its tab is opened (Radix mounts a tab's content then). */
function CaseHistory({ casoId, timeZone }: { casoId: string; timeZone: string }) {
  const pages = useCaseHistory(casoId, true);
  return (
    <div data-testid="case-history">
      <p className="mb-3 text-sm text-slate-600">Quién cambió qué y cuándo en este caso. El historial no se puede modificar ni borrar.</p>
      <HistoryFeed pages={pages} timeZone={timeZone} />
    </div>
  );
}
