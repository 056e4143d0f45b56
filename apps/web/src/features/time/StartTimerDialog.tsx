import { CASO_ESTADOS } from '@bufete/shared/values/casos';
import { MSG } from '@bufete/shared/messages';
import { Play } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useMatch } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { useCaseOptions } from '@/lib/options';
import { requestChipFocus, useStartTimer } from './api';

/**
 * 'Iniciar temporizador' from the top bar, on any screen: the case (the one
 * open, when a case page is) and what the lawyer is about to do. Open cases
 * come first; closed ones can still take time (a last call, a copy).
 */
export function StartTimerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={(event) => event.preventDefault()}>
        <DialogHeader title="Iniciar temporizador" description="El tiempo se registra en el caso al detenerlo, en cuartos de hora." />
        {open ? <StartTimerForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StartTimerForm({ onDone }: { onDone: () => void }) {
  const cases = useCaseOptions();
  const start = useStartTimer();
  const onCasePage = useMatch('/casos/:id')?.params.id;
  const [chosen, setChosen] = useState<string | null>(null);
  const [descripcion, setDescripcion] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = [...(cases.data ?? [])].sort((a, b) => Number(a.estado === 'Cerrado') - Number(b.estado === 'Cerrado'));
  const casoId = chosen ?? (options.some((caso) => caso.id === onCasePage) ? onCasePage! : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!casoId) return setFieldError(MSG.time.casoObligatorio);
    start.mutate(
      { caso_id: casoId, descripcion },
      {
        onSuccess: () => {
          requestChipFocus();
          onDone();
        },
        onError: (caught) => setError(serverMessage(caught, 'No se pudo iniciar el temporizador. Inténtalo de nuevo.')),
      },
    );
  };

  if (cases.isSuccess && options.length === 0) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">El tiempo se registra en un caso, y aún no tienes ninguno.</p>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cerrar
          </Button>
          <Button asChild>
            <Link to="/casos/nuevo" onClick={onDone}>
              Crear un caso
            </Link>
          </Button>
        </DialogFooter>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="iniciar-caso" label="Caso" error={fieldError ?? undefined}>
        <Select
          id="iniciar-caso"
          value={casoId}
          onChange={(event) => {
            setChosen(event.target.value);
            setFieldError(null);
          }}
          disabled={cases.isPending}
        >
          <option value="">{cases.isPending ? 'Cargando casos...' : 'Elige un caso'}</option>
          {CASO_ESTADOS.map((estado) => {
            const group = options.filter((caso) => caso.estado === estado);
            return group.length ? (
              <optgroup key={estado} label={estado}>
                {group.map((caso) => (
                  <option key={caso.id} value={caso.id}>
                    {caso.titulo}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </Select>
      </FormField>
      <FormField id="iniciar-descripcion" label="¿En qué trabajas? (opcional)">
        <Input id="iniciar-descripcion" value={descripcion} onChange={(event) => setDescripcion(event.target.value)} maxLength={1000} placeholder="Ej: Estudio del expediente" />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? <Spinner /> : <Play aria-hidden />} Iniciar
        </Button>
      </DialogFooter>
    </form>
  );
}
