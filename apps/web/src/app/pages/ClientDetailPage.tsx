import { clienteTipo } from '@bufete/shared/values/clientes';
import { type Cliente } from '@bufete/shared/clientes';
import { MSG } from '@bufete/shared/messages';
import {
  Briefcase,
  Clock,
  Building2,
  CalendarDays,
  FileText,
  Mail,
  MapPin,
  MessageCircle,
  Pencil,
  Phone,
  Plus,
  Receipt,
  StickyNote,
  Trash2,
  UserSearch,
  type LucideIcon,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ConflictNotice, useConflictCheck } from '@/components/conflicts';
import { type NotFoundText, RecordHeader, recordRoute } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/hooks';
import { ClientCases } from '@/features/cases';
import { EraseClientButton, ExportClientButton, PortalCard, ReminderList, useClient, useClientActions } from '@/features/clients';
import { ClientDocuments, DocumentGrid } from '@/features/documents';
import { BillTimeDialog, ClientInvoices } from '@/features/invoices';
import { ClientNotes, NoteGrid } from '@/features/notes';
import { ClientTime } from '@/features/time';
import { DEMO_CASO, DEMO_CASO_DOCUMENTOS, DEMO_CASO_NOTAS, DEMO_CLIENTE, DEMO_DOCUMENTO } from '@/lib/demo';
import { formatLongDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useTimeZone } from '@/lib/session';

const CLIENT_NOT_FOUND: NotFoundText = {
  icon: UserSearch,
  title: MSG.practice.clienteNoEncontrado,
  text: 'El cliente que buscas no existe o no tienes permisos para verlo.',
  failed: 'No se pudo cargar el cliente. Comprueba tu conexión e inténtalo de nuevo.',
  back: { to: '/clientes', label: 'Volver a clientes' },
};

/**
 * /clientes/{id}: one client with everything about them in one place (their
 * cases, documents, notes and emails). The spec leaves this route open; the
 * sample client has one too, showing the sample records.
 */
export default recordRoute({ useRecord: useClient, sample: DEMO_CLIENTE, notFound: CLIENT_NOT_FOUND, render: (cliente, demo) => <ClientDetail cliente={cliente} demo={demo} /> });

const TAB = 'whitespace-nowrap px-3';
/** The client's tabs; the example client has no time or invoices. */
const CLIENT_TABS: { value: string; icon: LucideIcon; label: string; notInDemo?: boolean }[] = [
  { value: 'casos', icon: Briefcase, label: 'Casos' },
  { value: 'documentos', icon: FileText, label: 'Documentos' },
  { value: 'notas', icon: StickyNote, label: 'Notas' },
  { value: 'emails', icon: Mail, label: 'Emails' },
  { value: 'tiempo', icon: Clock, label: 'Tiempo', notInDemo: true },
  { value: 'facturas', icon: Receipt, label: 'Facturas', notInDemo: true },
];

function ClientDetail({ cliente, demo }: { cliente: Cliente; demo: boolean }) {
  const [tab, selectTab] = useTabParam(
    CLIENT_TABS.filter((item) => !demo || !item.notInDemo).map((item) => item.value),
    'casos',
  );
  const navigate = useNavigate();
  const { actionsFor, dialogs } = useClientActions({ onDeleted: () => navigate('/clientes', { replace: true }) });
  const actions = actionsFor(cliente);
  const timeZone = useTimeZone();

  // Whether this client is a party of one of the lawyer's other cases (or another client): said on their page, not only when created.
  const conflicts = useConflictCheck(demo ? '' : cliente.nombre, { clienteId: cliente.id });

  return (
    <div className="mx-auto max-w-5xl">
      <RecordHeader
        back={CLIENT_NOT_FOUND.back}
        title={cliente.nombre}
        demo={demo}
        sideBySideFrom="lg"
        actions={
          <>
            <Button variant="outline" onClick={actions.onEmail} disabled={!cliente.email}>
              <Mail aria-hidden /> Email
            </Button>
            <Button variant="outline" onClick={actions.onWhatsapp} className={cn(!cliente.telefono && 'border-dashed text-slate-500')}>
              <MessageCircle aria-hidden /> WhatsApp
            </Button>
            <Button variant="outline" onClick={actions.onEdit}>
              <Pencil aria-hidden /> Editar
            </Button>
            <Button variant="destructive" onClick={actions.onDelete}>
              <Trash2 aria-hidden /> Eliminar
            </Button>
          </>
        }
      >
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex min-w-0 items-center gap-1">
            <Building2 className="size-4 shrink-0" aria-hidden />
            <span className="break-words">{clienteTipo(cliente)}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            Cliente desde: {formatLongDate(cliente.created_at, timeZone)}
          </span>
        </p>
      </RecordHeader>
      <div className="mb-4 empty:hidden">
        <ConflictNotice conflictos={conflicts.data} />
      </div>
      {cliente.datos_eliminados ? (
        <Alert variant="info">
          Datos eliminados a solicitud del cliente el {formatLongDate(cliente.datos_eliminados, timeZone)}: se conservan solo sus datos fiscales, por las facturas que la ley obliga
          a conservar.
        </Alert>
      ) : null}

      <Card className="mb-6">
        <CardHeader>
          <CardTitle className="text-lg">Datos de contacto</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Contact icon={Mail} label="Email" value={cliente.email} href={cliente.email ? `mailto:${cliente.email}` : undefined} />
            <Contact icon={Phone} label="Teléfono" value={cliente.telefono} href={cliente.telefono ? `tel:${cliente.telefono.replace(/[^\d+]/g, '')}` : undefined} />
            <Contact icon={Building2} label="Empresa" value={cliente.empresa} />
            <Contact icon={MapPin} label="Dirección" value={cliente.direccion} />
          </dl>
        </CardContent>
      </Card>
      {!demo && !cliente.datos_eliminados ? <PortalCard cliente={cliente} /> : null}
      {!demo ? (
        <Card className="mb-6" data-testid="client-privacy">
          <CardHeader>
            <CardTitle className="text-lg">Protección de datos personales</CardTitle>
            <CardDescription>Para atender una solicitud del cliente de acceso a sus datos, o de cancelación (LFPDPPP).</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <ExportClientButton clienteId={cliente.id} />
            {!cliente.datos_eliminados ? <EraseClientButton cliente={cliente} /> : null}
          </CardContent>
        </Card>
      ) : null}

      <Tabs defaultValue="casos" value={tab} onValueChange={selectTab}>
        {/* Four tabs wrap two by two on a narrow phone instead of being cut off. */}
        <div>
          <TabsList aria-label="Expediente del cliente" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
            {CLIENT_TABS.filter((tab) => !demo || !tab.notInDemo).map(({ value, icon: Icon, label }) => (
              <TabsTrigger key={value} className={TAB} value={value}>
                <Icon className="size-4" aria-hidden /> {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="casos">
          <div className="mb-4 flex justify-end">
            <Button asChild variant="outline">
              <Link to={demo ? '/casos/nuevo' : `/casos/nuevo?cliente=${cliente.id}`}>
                <Plus aria-hidden /> Nuevo caso para este cliente
              </Link>
            </Button>
          </div>
          <ClientCases clienteId={cliente.id} demoCases={demo ? [DEMO_CASO] : undefined} />
        </TabsContent>
        <TabsContent value="documentos">{demo ? <DocumentGrid documents={[DEMO_DOCUMENTO, ...DEMO_CASO_DOCUMENTOS]} /> : <ClientDocuments clienteId={cliente.id} />}</TabsContent>
        <TabsContent value="notas">{demo ? <NoteGrid notes={DEMO_CASO_NOTAS} /> : <ClientNotes clienteId={cliente.id} />}</TabsContent>
        <TabsContent value="emails">
          {demo ? (
            <EmptyState>{MSG.practice.clienteEjemploContacto}</EmptyState>
          ) : cliente.email ? (
            <ReminderList clienteId={cliente.id} className="rounded-xl border border-border bg-white p-4" />
          ) : (
            <EmptyState>{MSG.reminders.clienteSinEmail}</EmptyState>
          )}
        </TabsContent>
        {!demo ? (
          <TabsContent value="tiempo">
            <ClientTime clienteId={cliente.id} billWith={BillTimeDialog} />
          </TabsContent>
        ) : null}
        {!demo ? (
          <TabsContent value="facturas">
            <ClientInvoices clienteId={cliente.id} />
          </TabsContent>
        ) : null}
      </Tabs>
      {dialogs}
    </div>
  );
}

function Contact({ icon: Icon, label, value, href }: { icon: typeof Mail; label: string; value: string | null; href?: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 font-medium text-slate-500">
        <Icon className="size-4 shrink-0 text-slate-400" aria-hidden />
        {label}
      </dt>
      <dd className={cn('mt-0.5 pl-6 break-words text-slate-900', !value && 'text-slate-500 italic')}>
        {value && href ? (
          <a href={href} className="text-primary underline-offset-4 hover:underline">
            {value}
          </a>
        ) : (
          (value ?? 'No registrado')
        )}
      </dd>
    </div>
  );
}
