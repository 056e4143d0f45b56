import { EmptyState, LoadingState, LoadMore } from '@/components/ui/list-states';
import { type DocumentFilters, useDocumentList } from './api';
import { DocumentGrid } from './DocumentGrid';

/** The 'Documentos' tab of a case. */
export function CaseDocuments({ casoId }: { casoId: string }) {
  return <LinkedDocuments filters={{ q: '', casoId, clienteId: '' }} empty="Este caso aún no tiene documentos." />;
}

/** A client's documents (their own and their cases'), on the client page. */
export function ClientDocuments({ clienteId }: { clienteId: string }) {
  return <LinkedDocuments filters={{ q: '', casoId: '', clienteId }} empty="Este cliente aún no tiene documentos." />;
}

function LinkedDocuments({ filters, empty }: { filters: DocumentFilters; empty: string }) {
  const list = useDocumentList(filters);
  const documents = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <LoadingState>Cargando documentos...</LoadingState>;
  if (documents.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <DocumentGrid documents={documents} />
      <LoadMore list={list} label="Cargar más documentos" />
    </>
  );
}
