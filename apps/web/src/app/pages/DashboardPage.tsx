import { ArrowRight, Briefcase, CalendarClock, CalendarDays, CircleCheck, FileText, Gavel, ListTodo, type LucideIcon, Plus, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { alcanza, type Area, permisoDe } from '@bufete/shared/values/equipo';
import { PageHeader } from '@/components/ui/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/stat-card';
import { UrgencyBadge } from '@/components/ui/urgency-badge';
import { urgencyOf } from '@bufete/shared/dates';
import type { VencimientoTipo } from '@bufete/shared/dashboard';
import { formatLongDate, formatShortDay } from '@/lib/format';
import { ESTADO_BADGE } from '@/features/cases';
import { useDashboard } from '@/features/dashboard';
import { useSession, useTimeZone } from '@/lib/session';
import { IconTile } from '@/components/ui/icon-tile';
import { PAGE_HEADINGS } from '@/lib/page-headings';
import { TodayProceedings } from '@/features/proceedings';

const QUICK_ACTIONS = [
  { to: '/casos/nuevo', label: 'Nuevo Caso', description: 'Registra un asunto', icon: Plus },
  { to: '/clientes', label: 'Clientes', description: 'Tu cartera de clientes', icon: Users },
  { to: '/documentos', label: 'Documentos', description: 'Sube y consulta archivos', icon: FileText },
  { to: '/calendario', label: 'Calendario', description: 'Audiencias y citas', icon: CalendarDays },
  { to: '/tareas', label: 'Tareas', description: 'Lo que hay que hacer', icon: ListTodo },
] as const;

const DEADLINE_ICON: Record<VencimientoTipo, LucideIcon> = { caso: Briefcase, plazo: CalendarClock, audiencia: Gavel, tarea: ListTodo };
const DEADLINE_LABEL: Record<VencimientoTipo, string> = { caso: 'Vencimiento del caso', plazo: 'Plazo agendado', audiencia: 'Audiencia', tarea: 'Tarea' };

export default function DashboardPage() {
  const { session } = useSession();
  const summary = useDashboard();
  // The person signed in, by their own name, in whichever despacho they work.
  const nombre = session?.persona.nombre ?? 'Usuario';
  const reaches = (area: Area) => !session || alcanza(permisoDe(session.despacho, area));
  const stats = summary.data?.stats;
  const timeZone = useTimeZone();

  const cards = [
    { label: 'Total Casos', value: stats?.total_casos, icon: Briefcase, tone: 'bg-blue-100 text-blue-700' },
    { label: 'Casos Activos', value: stats?.casos_activos, icon: CircleCheck, tone: 'bg-green-100 text-green-700' },
    { label: 'Clientes', value: stats?.clientes, icon: Users, tone: 'bg-violet-100 text-violet-700' },
    { label: 'Documentos', value: stats?.documentos, icon: FileText, tone: 'bg-amber-100 text-amber-700' },
  ];

  const header = <PageHeader title={`¡Hola, ${nombre}!`} description={PAGE_HEADINGS.dashboard.description} />;

  // Until the summary arrives only the greeting shows, then the whole page at
  // once: nothing that was already on screen moves when the data comes (a
  // welcome card appearing above cards already drawn was a layout shift).
  if (summary.isPending) {
    return (
      <div>
        {header}
        <div className="flex items-center gap-3 py-12 text-slate-600" role="status">
          <Spinner className="size-5 text-primary" />
          <span>Cargando...</span>
        </div>
      </div>
    );
  }

  return (
    <div>
      {header}

      {summary.isError ? (
        <Alert variant="error" className="mb-6">
          No se pudo cargar el resumen. Recarga la página para intentarlo de nuevo.
        </Alert>
      ) : null}

      {stats && stats.total_casos === 0 ? (
        <Card className="mb-6 flex flex-col gap-4 border-blue-200 bg-gradient-to-r from-blue-50 to-white p-6 sm:flex-row sm:items-center" data-testid="welcome-card">
          <IconTile icon={Sparkles} className="size-12 rounded-full bg-white text-primary shadow-sm" iconClassName="size-6" />
          <div className="flex-1">
            <h2 className="text-lg font-semibold text-slate-900">Todo listo para empezar</h2>
            <p className="text-sm text-slate-700">
              Empieza registrando a un cliente y su primer caso. Todo lo demás (documentos, notas, citas) se organiza alrededor de tus casos.
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild variant="outline">
              <Link to="/clientes/nuevo">Agregar cliente</Link>
            </Button>
            <Button asChild>
              <Link to="/casos/nuevo">Crear mi primer caso</Link>
            </Button>
          </div>
        </Card>
      ) : null}

      <section aria-label="Resumen" className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, icon, tone }) => (
          <StatCard key={label} label={label} value={value ?? '—'} icon={icon} tone={tone} testId={`stat-${label}`} />
        ))}
      </section>

      {/* Grid items may shrink below their content (min-w-0): long titles truncate instead of widening the page. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="text-lg">Próximos vencimientos</CardTitle>
            <Link to="/casos?orden=vencimiento" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline sm:min-h-0">
              Ver por vencimiento <ArrowRight className="size-4" aria-hidden />
            </Link>
          </CardHeader>
          <CardContent>
            {summary.data && summary.data.vencimientos.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">No tienes vencimientos, plazos agendados, audiencias próximas ni tareas para hoy.</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="due-cases">
                {summary.data?.vencimientos.map((item) => {
                  const urgency = urgencyOf(item.fecha, summary.data.hoy);
                  const Icon = DEADLINE_ICON[item.tipo];
                  const to =
                    item.tipo === 'caso'
                      ? `/casos/${item.id}`
                      : item.tipo === 'tarea'
                        ? item.caso
                          ? `/casos/${item.caso.id}?tab=tareas`
                          : '/tareas'
                        : item.caso
                          ? `/casos/${item.caso.id}`
                          : '/calendario';
                  return (
                    <li key={`${item.tipo}-${item.id}`} data-testid="due-item" data-tipo={item.tipo}>
                      {/* On a phone the badge goes under the title rather than squeezing it to a few letters. */}
                      <Link to={to} className="-mx-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-2 py-3 hover:bg-slate-50">
                        <Icon className="size-4 shrink-0 text-slate-500" aria-label={DEADLINE_LABEL[item.tipo]} />
                        <div className="min-w-0 flex-1 basis-52">
                          <p className="truncate font-medium text-slate-900">{item.titulo}</p>
                          <p className="truncate text-xs text-slate-600">
                            {/* The day first: when the line is cut on a narrow card, the case or client goes, not the date. */}
                            {[
                              `${formatShortDay(item.fecha)}${item.hora ? `, ${item.hora}` : ''}`,
                              DEADLINE_LABEL[item.tipo],
                              item.caso?.titulo,
                              item.cliente?.nombre ?? (item.tipo === 'caso' ? 'Sin cliente' : null),
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </p>
                        </div>
                        {urgency ? <UrgencyBadge urgency={urgency} /> : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card className="min-w-0">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="text-lg">Casos Recientes</CardTitle>
            <Link to="/casos" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline sm:min-h-0">
              Ver todos <ArrowRight className="size-4" aria-hidden />
            </Link>
          </CardHeader>
          <CardContent>
            {summary.data && summary.data.recientes.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">Aún no tienes casos. Los últimos que crees aparecerán aquí.</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="recent-cases">
                {summary.data?.recientes.map((caso) => (
                  <li key={caso.id}>
                    <Link to={`/casos/${caso.id}`} className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50">
                      <IconTile icon={Briefcase} className="size-9 rounded-lg bg-blue-50 text-primary" iconClassName="size-4" />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-slate-900">{caso.titulo}</p>
                        <p className="truncate text-xs text-slate-600">
                          {caso.cliente?.nombre ?? 'Sin cliente'} · {formatLongDate(caso.created_at, timeZone)}
                        </p>
                      </div>
                      <Badge variant={ESTADO_BADGE[caso.estado]}>{caso.estado}</Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        {reaches('boletin') ? <TodayProceedings /> : null}

        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-lg">Acciones Rápidas</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 sm:grid-cols-2 xl:grid-cols-5">
            {QUICK_ACTIONS.map(({ to, label, description, icon: Icon }) => (
              <Link key={to} to={to} className="flex items-center gap-3 rounded-lg border border-border p-3 transition-colors hover:border-blue-200 hover:bg-blue-50">
                <IconTile icon={Icon} className="size-9 rounded-lg bg-slate-100 text-slate-700" iconClassName="size-4" />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-600">{description}</span>
                </span>
              </Link>
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
