import { Cloud, Mail } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingRow } from '@/components/setting-row';
import { CalendarFeedRow, GoogleIntegrationRow } from '@/features/calendar';
import { OnlinePaymentsCard } from '@/features/settings';

/** Configuración → Integraciones: Google Calendar and the calendar's private link, online payments, and what is coming. */
export default function IntegrationsTab() {
  return (
    <div className="space-y-6">
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
      <OnlinePaymentsCard />
    </div>
  );
}
