import { FlaskConical, Search, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DocumentGrid } from '@/components/files/DocumentGrid';
import { DocumentUploadDialog } from '@/components/files/DocumentUploadDialog';
import { PageHeader } from '@/components/PageHeader';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { DEMO_DOCUMENTO } from '@/lib/demo';
import { useCaseOptions, useDocumentList } from '@/lib/files';
import { useClientOptions, useDebounced } from '@/lib/practice';
import { ExtractionTestDialog } from './ExtractionTestDialog';

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
        title="Documentos"
        description="Tu bóveda de documentos: súbelos, consúltalos y encuéntralos por su contenido"
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
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Buscar por nombre o contenido..."
            aria-label="Buscar documentos por nombre o contenido"
            className="pl-9"
          />
        </div>
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
      {list.isError ? <Alert variant="error" className="mb-4">No se pudieron cargar tus documentos. Recarga la página para intentarlo de nuevo.</Alert> : null}
      {list.isPending ? (
        <div className="flex items-center gap-2 py-12 text-slate-600" role="status">
          <Spinner className="size-5 text-primary" /> Cargando documentos...
        </div>
      ) : documents.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-white py-12 text-center text-slate-600">No se encontraron documentos que coincidan con la búsqueda.</p>
      ) : (
        <DocumentGrid documents={documents} />
      )}
      {list.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? <Spinner /> : null}
            Cargar más documentos
          </Button>
        </div>
      ) : null}
      <DocumentUploadDialog open={uploading} onOpenChange={setUploading} />
      <ExtractionTestDialog open={testing} onOpenChange={setTesting} />
    </div>
  );
}
