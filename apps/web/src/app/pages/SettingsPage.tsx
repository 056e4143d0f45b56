import { type ReactNode, Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { FullPageLoader } from '@/components/ui/spinner';
import { LoadingState } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { useTabParam } from '@/lib/hooks';
import { lazyWithPreload } from '@/lib/lazy';
import { DataTab, PreferencesTab, ProfileTab, SecurityTab } from '@/features/settings';
import { PAGE_HEADINGS } from '@/lib/page-headings';
import { TeamTab } from '@/features/team';

// The Integraciones tab loads when first shown, like the others (features/settings/index.ts).
const IntegrationsTab = lazyWithPreload(() => import('./IntegrationsTab'));

const TABS = ['perfil', 'seguridad', 'equipo', 'datos', 'integraciones', 'preferencias'] as const;
/** A member of someone else's despacho: the despacho's settings are its titular's; their own security is theirs. */
const MEMBER_TABS = ['seguridad'] as const;

export default function SettingsPage() {
  const { session } = useSession();
  const titular = !session || session.despacho.rol === 'titular';
  // '?tab=seguridad' (the new-device email's link) and '?tab=datos' (the export's) open that tab.
  const [tab, selectTab] = useTabParam(titular ? TABS : MEMBER_TABS, titular ? 'perfil' : 'seguridad');
  if (!session) return <FullPageLoader />;
  if (!titular) {
    return (
      <div>
        <PageHeader {...PAGE_HEADINGS.configuracion} />
        <p className="mb-4 max-w-xl text-sm text-slate-600">
          Trabajas en {session.despacho.nombre}: su perfil, sus datos y sus integraciones los lleva su titular. Aquí cuidas tu propia cuenta.
        </p>
        <Loaded>
          <SecurityTab inOwnDespacho={false} />
        </Loaded>
      </div>
    );
  }
  return (
    <div>
      <PageHeader {...PAGE_HEADINGS.configuracion} />
      <Tabs defaultValue="perfil" value={tab} onValueChange={selectTab}>
        {/* On a phone the six tabs wrap into rows rather than cutting 'Preferencias' off. */}
        <TabsList aria-label="Secciones de la configuración" className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger value="perfil">Perfil</TabsTrigger>
          <TabsTrigger value="seguridad">Seguridad</TabsTrigger>
          <TabsTrigger value="equipo">Equipo</TabsTrigger>
          <TabsTrigger value="datos">Tus datos</TabsTrigger>
          <TabsTrigger value="integraciones">Integraciones</TabsTrigger>
          <TabsTrigger value="preferencias">Preferencias</TabsTrigger>
        </TabsList>
        {/* Kept mounted while another tab shows: what was typed in a card is never dropped by switching tabs. */}
        <TabsContent value="perfil" forceMount className="data-[state=inactive]:hidden">
          <Loaded>
            <ProfileTab profile={session.profile} email={session.user.email} />
          </Loaded>
        </TabsContent>
        <TabsContent value="seguridad">
          <Loaded>
            <SecurityTab />
          </Loaded>
        </TabsContent>
        <TabsContent value="equipo">
          <Loaded>
            <TeamTab />
          </Loaded>
        </TabsContent>
        <TabsContent value="datos">
          <Loaded>
            <DataTab />
          </Loaded>
        </TabsContent>
        <TabsContent value="integraciones">
          <Loaded>
            <IntegrationsTab />
          </Loaded>
        </TabsContent>
        <TabsContent value="preferencias">
          <Loaded>
            <PreferencesTab profile={session.profile} />
          </Loaded>
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** A tab whose code loads the first time it shows. */
function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState>Cargando...</LoadingState>}>{children}</Suspense>;
}
