import type { DashboardSummary } from '@bufete/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Briefcase, CalendarDays, CircleCheck, FileText, Plus, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { ESTADO_BADGE, queryKeys } from '@/lib/practice';
import { useSession } from '@/lib/session';

const QUICK_ACTIONS = [
  { to: '/casos/nuevo', label: 'Nuevo Caso', description: 'Registra un asunto', icon: Plus },
  { to: '/clientes', label: 'Clientes', description: 'Tu cartera de clientes', icon: Users },
  { to: '/documentos', label: 'Documentos', description: 'Sube y consulta archivos', icon: FileText },
  { to: '/calendario', label: 'Calendario', description: 'Audiencias y citas', icon: CalendarDays },
] as const;

export default function DashboardPage() {
  const { session } = useSession();
  const summary = useQuery({ queryKey: queryKeys.dashboard, queryFn: () => api<DashboardSummary>('/dashboard') });
  const nombre = session?.profile.nombre ?? 'Usuario';
  const stats = summary.data?.stats;

  const cards = [
    { label: 'Total Casos', value: stats?.totalCasos, icon: Briefcase, tone: 'bg-blue-100 text-blue-700' },
    { label: 'Casos Activos', value: stats?.casosActivos, icon: CircleCheck, tone: 'bg-green-100 text-green-700' },
    { label: 'Clientes', value: stats?.clientes, icon: Users, tone: 'bg-violet-100 text-violet-700' },
    { label: 'Documentos', value: stats?.documentos, icon: FileText, tone: 'bg-amber-100 text-amber-700' },
  ];

  return (
    <div>
      <PageHeader title={`¡Hola, ${nombre}!`} description="Bienvenido a tu panel de control. Aquí tienes un resumen de tu práctica legal." />

      {summary.isError ? <Alert variant="error" className="mb-6">No se pudo cargar el resumen. Recarga la página para intentarlo de nuevo.</Alert> : null}

      {stats && stats.totalCasos === 0 ? (
        <Card className="mb-6 flex flex-col gap-4 border-blue-200 bg-gradient-to-r from-blue-50 to-white p-6 sm:flex-row sm:items-center" data-testid="welcome-card">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-primary shadow-sm">
            <Sparkles className="size-6" aria-hidden />
          </span>
          <div className="flex-1">
            <h2 className="text-lg font-semibold text-slate-900">¡Bienvenido a Bufete!</h2>
            <p className="text-sm text-slate-700">Empieza registrando a un cliente y su primer caso. Todo lo demás (documentos, notas, citas) se organiza alrededor de tus casos.</p>
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
        {cards.map(({ label, value, icon: Icon, tone }) => (
          <Card key={label} className="p-4 sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-600">{label}</p>
              <span className={`inline-flex size-9 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="size-5" aria-hidden />
              </span>
            </div>
            <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`stat-${label}`}>
              {value ?? (summary.isPending ? <Spinner className="size-5 text-slate-400" /> : '—')}
            </p>
          </Card>
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle className="text-lg">Casos Recientes</CardTitle>
            <Link to="/casos" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
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
                      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-primary">
                        <Briefcase className="size-4" aria-hidden />
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-slate-900">{caso.titulo}</p>
                        <p className="truncate text-xs text-slate-600">
                          {caso.cliente?.nombre ?? 'Sin cliente'} · {formatLongDate(caso.created_at)}
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

        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Acciones Rápidas</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {QUICK_ACTIONS.map(({ to, label, description, icon: Icon }) => (
              <Link key={to} to={to} className="flex items-center gap-3 rounded-lg border border-border p-3 transition-colors hover:border-blue-200 hover:bg-blue-50">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span>
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
