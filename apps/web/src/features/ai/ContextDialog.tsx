import { Briefcase, FileText, Search, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatShortDate } from '@/lib/format';
import { useTimeZone } from '@/lib/session';
import { useAiContextOptions } from './api';

/**
 * 'Seleccionar contexto para IA' (spec part 2): the 50 newest documents and
 * cases, a search, 'Limpiar todo' and 'Aplicar contexto'. Picking a case
 * selects it and adds all its documents; picking it again deselects only
 * the case.
 */
export function ContextDialog({
  open,
  documentIds,
  casoId,
  onApply,
  onOpenChange,
}: {
  open: boolean;
  documentIds: string[];
  casoId: string | null;
  onApply: (documentIds: string[], casoId: string | null) => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title="Seleccionar contexto para IA" description="El asistente leerá estos documentos y este caso para responder." />
        {open ? (
          <Picker
            initialDocuments={documentIds}
            initialCase={casoId}
            onApply={(docs, caso) => {
              onApply(docs, caso);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Picker({
  initialDocuments,
  initialCase,
  onApply,
}: {
  initialDocuments: string[];
  initialCase: string | null;
  onApply: (documentIds: string[], casoId: string | null) => void;
}) {
  const options = useAiContextOptions(true);
  const timeZone = useTimeZone();
  const [documents, setDocuments] = useState<string[]>(initialDocuments);
  const [caso, setCaso] = useState<string | null>(initialCase);
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const docs = (options.data?.documentos ?? []).filter((doc) => !term || doc.nombre.toLowerCase().includes(term));
  const cases = (options.data?.casos ?? []).filter((option) => !term || option.titulo.toLowerCase().includes(term));

  const toggleDocument = (id: string) => setDocuments((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  const toggleCase = (id: string) => {
    if (caso === id) return setCaso(null);
    setCaso(id);
    const ids = options.data?.casos.find((option) => option.id === id)?.documento_ids ?? [];
    setDocuments((current) => [...new Set([...current, ...ids])]);
  };

  return (
    <div className="space-y-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Buscar documentos o casos..."
          aria-label="Buscar documentos o casos"
          className="pl-9"
        />
      </div>
      {options.isPending ? (
        <LoadingState>Cargando...</LoadingState>
      ) : (
        <Tabs defaultValue="documentos">
          <TabsList aria-label="Tipo de contexto" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="documentos">Documentos ({documents.length})</TabsTrigger>
            <TabsTrigger value="casos">Casos ({caso ? 1 : 0})</TabsTrigger>
          </TabsList>
          <TabsContent value="documentos">
            <PickList
              label="Documentos"
              empty="No hay documentos."
              icon={FileText}
              items={docs.map((doc) => ({ id: doc.id, name: doc.nombre, detail: formatShortDate(doc.created_at, timeZone), checked: documents.includes(doc.id) }))}
              onToggle={toggleDocument}
            />
          </TabsContent>
          <TabsContent value="casos">
            <PickList
              label="Casos"
              empty="No hay casos."
              icon={Briefcase}
              items={cases.map((option) => ({
                id: option.id,
                name: option.titulo,
                detail: option.documento_ids.length === 1 ? '1 documento' : `${option.documento_ids.length} documentos`,
                checked: caso === option.id,
              }))}
              onToggle={toggleCase}
            />
          </TabsContent>
        </Tabs>
      )}
      <DialogFooter className="sm:justify-between">
        <Button
          variant="ghost"
          onClick={() => {
            setDocuments([]);
            setCaso(null);
          }}
        >
          Limpiar todo
        </Button>
        <Button onClick={() => onApply(documents, caso)}>Aplicar contexto</Button>
      </DialogFooter>
    </div>
  );
}

/** One tab's choices: a checkbox per document or case, its name and a detail (a date, a count). */
function PickList({
  label,
  empty,
  icon: Icon,
  items,
  onToggle,
}: {
  label: string;
  empty: string;
  icon: LucideIcon;
  items: { id: string; name: string; detail: string; checked: boolean }[];
  onToggle(id: string): void;
}) {
  return (
    <ul className="max-h-72 divide-y divide-border overflow-y-auto rounded-lg border border-border" aria-label={label}>
      {items.length === 0 ? <li className="p-3 text-sm text-slate-600">{empty}</li> : null}
      {items.map((item) => (
        <li key={item.id}>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
            <input type="checkbox" className="size-4 accent-primary" checked={item.checked} onChange={() => onToggle(item.id)} />
            <Icon className="size-4 shrink-0 text-slate-500" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{item.name}</span>
            <span className="shrink-0 text-xs text-slate-500">{item.detail}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
