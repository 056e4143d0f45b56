import { Cloud, Mail } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageLoader } from '@/components/ui/spinner';
import { LoadingState } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SettingRow } from '@/components/setting-row';
import { useSession } from '@/lib/session';
import { CalendarFeedRow, GoogleIntegrationRow } from '@/features/calendar';
import { DataTab, PreferencesTab, ProfileTab, SecurityTab } from '@/features/settings';

const TABS = ['perfil', 'seguridad', 'datos', 'integraciones', 'preferencias'];

export default function SettingsPage() {
  const { session } = useSession();
  // '?tab=seguridad' (the new-device email's link) and '?tab=datos' (the export's) open that tab.
  const [params] = useSearchParams();
  const tab = TABS.includes(params.get('tab') ?? '') ? params.get('tab')! : 'perfil';
  if (!session) return <FullPageLoader />;
  return (
    <div>
      <PageHeader title="Configuración" description="Tu perfil, tu seguridad, tus datos y tus preferencias" />
      <Tabs defaultValue={tab}>
        {/* On a phone the five tabs wrap into rows rather than cutting 'Preferencias' off. */}
        <TabsList aria-label="Secciones de la configuración" className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger value="perfil">Perfil</TabsTrigger>
          <TabsTrigger value="seguridad">Seguridad</TabsTrigger>
          <TabsTrigger value="datos">Tus datos</TabsTrigger>
          <TabsTrigger value="integraciones">Integraciones</TabsTrigger>
          <TabsTrigger value="preferencias">Preferencias</TabsTrigger>
        </TabsList>
        {/* Kept mounted while another tab shows: what was typed in a card is never dropped by switching tabs. */}
        <TabsContent value="perfil" forceMount className="data-[state=inactive]:hidden">
          <ProfileTab profile={session.profile} email={session.user.email} />
        </TabsContent>
        <TabsContent value="seguridad">
          <Loaded>
            <SecurityTab />
          </Loaded>
        </TabsContent>
        <TabsContent value="datos">
          <Loaded>
            <DataTab />
          </Loaded>
        </TabsContent>
        <TabsContent value="integraciones">
          <Card className="max-w-2xl">
            <CardHeader>
              <CardTitle className="text-lg">Integraciones</CardTitle>
              <CardDescription>Conecta Bufete con otros servicios.</CardDescription>
            </CardHeader>
            <CardContent className="divide-y divide-border">
              <GoogleIntegrationRow />
              <CalendarFeedRow />
              <SettingRow icon={Mail} title="Microsoft Outlook" description="Sincroniza tu correo y calendario de Outlook.">
                <Badge variant="warning">Próximamente</Badge>
              </SettingRow>
              <SettingRow icon={Cloud} title="Dropbox" description="Importa documentos desde tu Dropbox.">
                <Badge variant="warning">Próximamente</Badge>
              </SettingRow>
            </CardContent>
          </Card>
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
