import { type Caso } from '@bufete/shared/casos';
import { MSG } from '@bufete/shared/messages';
import { CASO_ESTADOS, CASO_PRIORIDADES, type CasoEstado, type CasoPrioridad } from '@bufete/shared/values/casos';
import { Briefcase, FileSearch, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { EmptyState, LoadingState, LoadMore, SearchInput } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { DEMO_CASO, DEMO_CASO_PARTES, isDemoId } from '@/lib/demo';
import { useTeam } from '@/lib/options';
import { cn } from '@/lib/utils';
import { useDebounced, useMediaQuery } from '@/lib/hooks';
import { type CaseFilters, useCaseList, useDeleteCase } from './api';
import { CaseCard } from './CaseCard';
import { IconTile } from '@/components/ui/icon-tile';
import { PAGE_HEADINGS } from '@/lib/page-headings';

/** The demo case heads the list whenever it passes the filters, the way the server would judge it. */
function demoMatches(filters: CaseFilters): boolean {
  const q = filters.q.toLowerCase();
  const searchable = [DEMO_CASO.titulo, DEMO_CASO.cliente?.nombre, DEMO_CASO.expediente, DEMO_CASO.juzgado, ...DEMO_CASO_PARTES.map((parte) => parte.nombre)];
  // The demo case is always a month from due: never overdue, never within the week.
  return (
    (!filters.estado || DEMO_CASO.estado === filters.estado) &&
    (!filters.prioridad || DEMO_CASO.prioridad === filters.prioridad) &&
    !filters.vencimiento &&
    !filters.mios &&
    (!q || searchable.some((text) => text?.toLowerCase().includes(q)))
  );
}

const ORDEN_LABEL: Record<CaseFilters['orden'], string> = { recientes: 'Más recientes', vencimiento: 'Vencimiento más próximo' };
const VENCIMIENTO_LABEL: Record<NonNullable<CaseFilters['vencimiento']>, string> = { '': 'Todos los vencimientos', vencidos: 'Vencidos', proximos: 'Próximos 7 días' };

export default function CasesPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const wide = useMediaQuery('(min-width: 640px)');
  const [estado, setEstado] = useState<CasoEstado | ''>('');
  const [prioridad, setPrioridad] = useState<CasoPrioridad | ''>('');
  // The dashboard links here already ordered by due date (?orden=vencimiento).
  const [params] = useSearchParams();
  const [orden, setOrden] = useState<CaseFilters['orden']>(() => (params.get('orden') === 'vencimiento' ? 'vencimiento' : 'recientes'));
  const [vencimiento, setVencimiento] = useState<CaseFilters['vencimiento']>(() => {
    const value = params.get('vencimiento');
    return value === 'vencidos' || value === 'proximos' ? value : '';
  });
  // 'Míos' / 'Todos' where there is a team to tell apart (issue 46).
  const team = !!useTeam();
  const [mios, setMios] = useState(false);
  const q = useDebounced(search.trim());
  const filters = useMemo<CaseFilters>(() => ({ q, estado, prioridad, orden, vencimiento, mios: team && mios }), [q, estado, prioridad, orden, vencimiento, team, mios]);
  const list = useCaseList(filters);
  const deleteCase = useDeleteCase();
  const [toDelete, setToDelete] = useState<Caso | null>(null);

  const realCases = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtering = !!(filters.q || filters.estado || filters.prioridad || filters.vencimiento || filters.mios);
  const cases = [...(demoMatches(filters) ? [DEMO_CASO] : []), ...realCases];
  const onlyDemo = !list.isPending && !list.isError && !filtering && realCases.length === 0;

  const onEdit = (caso: Caso) => {
    if (isDemoId(caso.id)) toast.error(MSG.practice.noEditarCasoEjemplo);
    else navigate(`/casos/${caso.id}?editar=1`);
  };
  const onDelete = (caso: Caso) => {
    if (isDemoId(caso.id)) toast.error(MSG.practice.noEliminarCasoEjemplo);
    else setToDelete(caso);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    deleteCase.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Caso eliminado');
        setToDelete(null);
      },
      onError: () => toast.error(MSG.practice.errorEliminarCaso),
    });
  };

  return (
    <div>
      <PageHeader
        {...PAGE_HEADINGS.casos}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/casos/boletin">
                <FileSearch aria-hidden />
                Revisar boletín
              </Link>
            </Button>
            <Button asChild>
              <Link to="/casos/nuevo">
                <Plus aria-hidden />
                Nuevo Caso
              </Link>
            </Button>
          </>
        }
      />

      {/* The search on its own row; the selects two by two, then in one row on wide screens (five with 'Míos'). */}
      <div className={cn('mb-6 grid gap-3 sm:grid-cols-2', team ? 'xl:grid-cols-5' : 'xl:grid-cols-4')}>
        <div className={cn('max-w-2xl sm:col-span-2', team ? 'xl:col-span-5' : 'xl:col-span-4')}>
          <SearchInput
            value={search}
            onChange={setSearch}
            // A phone's width cuts the whole sentence ('…o expedient'): it says less there; the label says all.
            placeholder={wide ? 'Buscar por título, cliente o expediente...' : 'Título, cliente o expediente...'}
            label="Buscar casos por título, cliente, expediente, juzgado o parte"
          />
        </div>
        <Select value={estado} onChange={(event) => setEstado(event.target.value as CasoEstado | '')} aria-label="Filtrar por estado">
          <option value="">Todos los estados</option>
          {CASO_ESTADOS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
        <Select value={prioridad} onChange={(event) => setPrioridad(event.target.value as CasoPrioridad | '')} aria-label="Filtrar por prioridad">
          <option value="">Todas las prioridades</option>
          {CASO_PRIORIDADES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
        <Select value={vencimiento} onChange={(event) => setVencimiento(event.target.value as CaseFilters['vencimiento'])} aria-label="Filtrar por vencimiento">
          {Object.entries(VENCIMIENTO_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        {team ? (
          <Select value={mios ? 'mios' : 'todos'} onChange={(event) => setMios(event.target.value === 'mios')} aria-label="Filtrar por responsable">
            <option value="todos">Todos los del despacho</option>
            <option value="mios">Míos (soy responsable)</option>
          </Select>
        ) : null}
        <Select value={orden} onChange={(event) => setOrden(event.target.value as CaseFilters['orden'])} aria-label="Ordenar casos">
          {Object.entries(ORDEN_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              Orden: {label}
            </option>
          ))}
        </Select>
      </div>

      {onlyDemo ? (
        <Card className="mb-6 flex flex-col gap-4 border-blue-200 bg-blue-50 p-6 sm:flex-row sm:items-center">
          <IconTile icon={Briefcase} className="size-12 rounded-full bg-white text-primary" iconClassName="size-6" />
          <div className="flex-1">
            <h2 className="text-lg font-semibold text-slate-900">Tus casos empiezan aquí</h2>
            <p className="text-sm text-slate-700">
              Abajo tienes un caso de ejemplo para explorar. Cuando crees tu primer caso, aparecerá aquí con sus documentos, imágenes y notas.
            </p>
          </div>
          <Button asChild>
            <Link to="/casos/nuevo">Crear mi primer caso</Link>
          </Button>
        </Card>
      ) : null}

      {list.isError ? (
        <Alert variant="error" className="mb-4">
          No se pudieron cargar tus casos. Recarga la página para intentarlo de nuevo.
        </Alert>
      ) : null}

      {list.isPending ? (
        <LoadingState>Cargando casos...</LoadingState>
      ) : cases.length === 0 ? (
        <EmptyState>{MSG.practice.casosVacioFiltros}</EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy={list.isFetching}>
          {cases.map((caso) => (
            <CaseCard key={caso.id} caso={caso} demo={isDemoId(caso.id)} onEdit={() => onEdit(caso)} onDelete={() => onDelete(caso)} />
          ))}
        </div>
      )}

      <LoadMore list={list} label="Cargar más casos" />

      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar caso"
        description={
          <>
            {MSG.practice.confirmarEliminarCaso} <strong className="text-slate-900">{toDelete?.titulo}</strong>
          </>
        }
        busy={deleteCase.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
