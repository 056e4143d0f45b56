import { type Caso, MSG } from '@bufete/shared';
import { ArrowLeft, FileText, FolderSearch, Image, Pencil, Plus, StickyNote, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FullPageLoader } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { DocumentGrid } from '@/components/files/DocumentGrid';
import { DocumentUploadDialog } from '@/components/files/DocumentUploadDialog';
import { ImageGallery } from '@/components/files/ImageGallery';
import { NoteFormDialog } from '@/components/notes/NoteFormDialog';
import { NoteGrid } from '@/components/notes/NoteGrid';
import { useNotes } from '@/lib/notes';
import { EmptyState, LoadingState, LoadMore } from '@/components/ListStates';
import { DEMO_CASO, DEMO_CASO_COUNTS, DEMO_CASO_DOCUMENTOS, DEMO_CASO_IMAGENES, DEMO_CASO_NOTAS, isDemoId } from '@/lib/demo';
import { useCaseContentCounts, useDocumentList } from '@/lib/files';
import { formatLongDate, formatShortDateTime } from '@/lib/format';
import { useCase, useDeleteCase } from './api';
import { CaseBadges } from './CaseBadges';
import { EditCaseDialog } from './EditCaseDialog';

export default function CaseDetailPage() {
  const { id = '' } = useParams();
  const demo = isDemoId(id);
  const query = useCase(id, !demo);
  const caso = demo ? (id === DEMO_CASO.id ? DEMO_CASO : null) : (query.data ?? null);

  if (!demo && query.isPending) return <FullPageLoader />;
  if (!caso) {
    const notFound = demo || (query.error instanceof ApiError && query.error.status === 404);
    return <CaseNotFound failed={!notFound} />;
  }
  return <CaseDetail key={caso.id} caso={caso} demo={demo} />;
}

function CaseNotFound({ failed }: { failed: boolean }) {
  return (
    <Card className="mx-auto mt-8 max-w-lg p-8 text-center">
      <FolderSearch className="mx-auto size-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Caso no encontrado</h1>
      <p className="mt-2 text-slate-600">
        {failed ? 'No se pudo cargar el caso. Comprueba tu conexión e inténtalo de nuevo.' : MSG.practice.casoNoEncontradoTexto}
      </p>
      <Button asChild className="mt-6">
        <Link to="/casos">Volver a casos</Link>
      </Button>
    </Card>
  );
}

function CaseDetail({ caso, demo }: { caso: Caso; demo: boolean }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(!demo && params.get('editar') === '1');
  const [deleting, setDeleting] = useState(false);
  const deleteCase = useDeleteCase();
  const contentCounts = useCaseContentCounts(caso.id, !demo);
  const counts = demo ? DEMO_CASO_COUNTS : (contentCounts.data ?? { documentos: 0, imagenes: 0, notas: 0 });
  const [uploading, setUploading] = useState(false);
  const [writingNote, setWritingNote] = useState(false);

  const setEditOpen = (open: boolean) => {
    setEditing(open);
    if (!open && params.has('editar')) setParams({}, { replace: true });
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
      <Link to="/casos" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden /> Volver a casos
      </Link>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{caso.titulo}</h1>
            {demo ? <Badge variant="secondary">Ejemplo</Badge> : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Caso <span className="font-mono">#{caso.id.slice(0, 8)}</span>
          </p>
          <div className="mt-2">
            <CaseBadges estado={caso.estado} prioridad={caso.prioridad} />
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={onEdit}>
            <Pencil aria-hidden /> Editar
          </Button>
          <Button variant="destructive" onClick={onDelete}>
            <Trash2 aria-hidden /> Eliminar
          </Button>
        </div>
      </div>

      <Card className="mb-6">
        <CardHeader>
          <CardTitle className="text-lg">Información del caso</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Info label="Número de caso" value={<span className="font-mono">{caso.id.slice(0, 8)}</span>} />
            <Info
              label="Cliente"
              value={
                caso.cliente ? (
                  <>
                    {caso.cliente.nombre}
                    {caso.cliente.email ? <span className="block text-slate-500">{caso.cliente.email}</span> : null}
                  </>
                ) : (
                  'Sin cliente'
                )
              }
            />
            <Info label="Estado" value={caso.estado} />
            <Info label="Prioridad" value={caso.prioridad} />
            <Info label="Fecha de creación" value={formatLongDate(caso.created_at)} />
            <Info label="Fecha de vencimiento" value={caso.fecha_vencimiento ? formatLongDate(caso.fecha_vencimiento) : 'Sin fecha'} />
            <Info label="Última actualización" value={formatShortDateTime(caso.updated_at)} />
          </dl>
          <div className="mt-4 border-t border-border pt-4">
            <h3 className="text-sm font-medium text-slate-500">Descripción</h3>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800">{caso.descripcion || 'Sin descripción'}</p>
          </div>
        </CardContent>
      </Card>

      <Tabs defaultValue="documentos">
        <TabsList aria-label="Contenido del caso" className="flex w-full sm:inline-flex sm:w-auto">
          <TabsTrigger className="flex-1 whitespace-nowrap px-1.5 text-xs sm:flex-none sm:px-3 sm:text-sm" value="documentos">
            <FileText className="hidden size-4 sm:block" aria-hidden /> Documentos ({counts.documentos})
          </TabsTrigger>
          <TabsTrigger className="flex-1 whitespace-nowrap px-1.5 text-xs sm:flex-none sm:px-3 sm:text-sm" value="imagenes">
            <Image className="hidden size-4 sm:block" aria-hidden /> Imágenes ({counts.imagenes})
          </TabsTrigger>
          <TabsTrigger className="flex-1 whitespace-nowrap px-1.5 text-xs sm:flex-none sm:px-3 sm:text-sm" value="notas">
            <StickyNote className="hidden size-4 sm:block" aria-hidden /> Notas ({counts.notas})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="documentos">
          <div className="mb-4 flex items-center justify-between gap-2">
            <p className="text-sm text-slate-600">{counts.documentos === 1 ? '1 documento' : `${counts.documentos} documentos`}</p>
            <Button variant="outline" onClick={() => (demo ? toast.info(MSG.documents.noSubirEjemplo) : setUploading(true))}>
              <Upload aria-hidden /> Subir Documento
            </Button>
          </div>
          {demo ? <DocumentGrid documents={DEMO_CASO_DOCUMENTOS} /> : <CaseDocuments casoId={caso.id} />}
          {!demo ? <DocumentUploadDialog open={uploading} onOpenChange={setUploading} casoId={caso.id} /> : null}
        </TabsContent>
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
          {!demo ? <NoteFormDialog open={writingNote} onOpenChange={setWritingNote} casoId={caso.id} /> : null}
        </TabsContent>
      </Tabs>

      {!demo ? <EditCaseDialog caso={caso} open={editing} onOpenChange={setEditOpen} /> : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Eliminar caso"
        description={
          <>
            {MSG.practice.confirmarEliminarCaso}
            {counts.documentos + counts.imagenes + counts.notas > 0 ? (
              <strong className="mt-2 block text-slate-900">
                También se eliminarán {counts.documentos === 1 ? '1 documento' : `${counts.documentos} documentos`},{' '}
                {counts.imagenes === 1 ? '1 imagen' : `${counts.imagenes} imágenes`} y {counts.notas === 1 ? '1 nota' : `${counts.notas} notas`}, con sus archivos.
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

function CaseDocuments({ casoId }: { casoId: string }) {
  const list = useDocumentList({ q: '', casoId, clienteId: '' });
  const documents = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <LoadingState>Cargando documentos...</LoadingState>;
  if (documents.length === 0) return <EmptyState>Este caso aún no tiene documentos.</EmptyState>;
  return (
    <>
      <DocumentGrid documents={documents} />
      <LoadMore list={list} label="Cargar más documentos" />
    </>
  );
}

function CaseNotes({ casoId }: { casoId: string }) {
  const list = useNotes({ q: '', casoId, tagId: '' });
  const notes = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <LoadingState>Cargando notas...</LoadingState>;
  if (notes.length === 0) return <EmptyState>Este caso aún no tiene notas.</EmptyState>;
  return (
    <>
      <NoteGrid notes={notes} />
      <LoadMore list={list} label="Cargar más notas" />
    </>
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
