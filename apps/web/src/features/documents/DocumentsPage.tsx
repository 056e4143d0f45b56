import { FlaskConical, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState, LoadingState, LoadMore, SearchInput } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { DEMO_DOCUMENTO } from '@/lib/demo';
import { useCaseOptions, useClientOptions } from '@/lib/options';
import { useDebounced } from '@/lib/hooks';
import { useDocumentList } from './api';
import { DocumentGrid } from './DocumentGrid';
import { ExtractionTestDialog } from './ExtractionTestDialog';
import { LinkedDocumentViewer } from './LinkedDocumentViewer';
import { DocumentUploadDialog } from './dialogs';
import { PAGE_HEADINGS } from '@/lib/page-headings';

/** /documentos and /boveda: the user's documents, searchable by name and content. */
export default function DocumentsPage() {
  const [search, setSearch] = useState('');
  const [casoId, setCasoId] = useState('');
  const [clienteId, setClienteId] = useState('');
  const q = useDebounced(search.trim());
  const filters = useMemo(() => ({ q, casoId, clienteId }), [q, casoId, clienteId]);
  const list = useDocumentList(filters);
  const cases = useCaseOptions();
  const clients = useClientOptions();
  const [uploading, setUploading] = useState(false);
  const [testing, setTesting] = useState(false);

  const real = list.data?.pages.flatMap((page) => page.items) ?? [];
  const showSample = !casoId && !clienteId && (!q || DEMO_DOCUMENTO.nombre.toLowerCase().includes(q.toLowerCase()));
  const documents = [...(showSample ? [DEMO_DOCUMENTO] : []), ...real];

  return (
    <div>
      <PageHeader
        {...PAGE_HEADINGS.documentos}
        actions={
          <>
            <Button variant="outline" onClick={() => setTesting(true)}>
              <FlaskConical aria-hidden /> Probar Extracción
            </Button>
            <Button onClick={() => setUploading(true)}>
              <Upload aria-hidden /> Subir Documento
            </Button>
          </>
        }
      />
      <div className="mb-6 grid gap-3 md:grid-cols-[1fr_220px_220px]">
        <SearchInput value={search} onChange={setSearch} placeholder="Buscar por nombre o contenido..." label="Buscar documentos por nombre o contenido" />
        <Select value={casoId} onChange={(e) => setCasoId(e.target.value)} aria-label="Filtrar por caso">
          <option value="">Todos los casos</option>
          {cases.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.titulo}
            </option>
          ))}
        </Select>
        <Select value={clienteId} onChange={(e) => setClienteId(e.target.value)} aria-label="Filtrar por cliente">
          <option value="">Todos los clientes</option>
          {clients.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nombre}
            </option>
          ))}
        </Select>
      </div>
      {list.isError ? (
        <Alert variant="error" className="mb-4">
          No se pudieron cargar tus documentos. Recarga la página para intentarlo de nuevo.
        </Alert>
      ) : null}
      {list.isPending ? (
        <LoadingState>Cargando documentos...</LoadingState>
      ) : documents.length === 0 ? (
        <EmptyState>No se encontraron documentos que coincidan con la búsqueda.</EmptyState>
      ) : (
        <DocumentGrid documents={documents} />
      )}
      <LoadMore list={list} label="Cargar más documentos" />
      <DocumentUploadDialog open={uploading} onOpenChange={setUploading} />
      <ExtractionTestDialog open={testing} onOpenChange={setTesting} />
      <LinkedDocumentViewer />
    </div>
  );
}
