import { HISTORIAL_ENTIDAD_LABEL, HISTORIAL_ENTIDADES } from '@bufete/shared/values/historial';
import { useState } from 'react';
import { HistoryFeed } from '@/components/history';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useClock } from '@/lib/session';
import { useAccountHistory } from './api';

/** Configuración → Seguridad: 'Actividad de la cuenta', the audit trail of everything done in the account. */
export function AccountHistoryCard() {
  const [entidad, setEntidad] = useState<(typeof HISTORIAL_ENTIDADES)[number] | ''>('');
  const pages = useAccountHistory(entidad);
  const { timeZone } = useClock();
  return (
    <Card className="max-w-xl" data-testid="account-history-card">
      <CardHeader>
        <CardTitle className="text-lg">Actividad de la cuenta</CardTitle>
        <CardDescription>
          Cada inicio de sesión, cambio de seguridad y cambio en tus casos, clientes y facturas, con su fecha y desde dónde. No se puede modificar ni borrar.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField id="actividad-filtro" label="Mostrar">
          <Select id="actividad-filtro" value={entidad} onChange={(event) => setEntidad(event.target.value as typeof entidad)}>
            <option value="">Todo</option>
            {HISTORIAL_ENTIDADES.map((value) => (
              <option key={value} value={value}>
                {HISTORIAL_ENTIDAD_LABEL[value]}
              </option>
            ))}
          </Select>
        </FormField>
        <HistoryFeed pages={pages} timeZone={timeZone} />
      </CardContent>
    </Card>
  );
}
