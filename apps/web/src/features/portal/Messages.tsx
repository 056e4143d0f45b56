import { mensajeInputSchema } from '@bufete/shared/portal';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/list-states';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMessages, useSendMessage } from './api';

/**
 * A case's messages between the client and the lawyer, oldest first, with
 * the box to write one: the same thread on both sides ('Tú' is whoever reads).
 */
export function Messages({ side, casoId, otherName, timeZone, hint }: { side: 'cliente' | 'abogado'; casoId: string; otherName: string; timeZone: string; hint?: string }) {
  const list = useMessages(side, casoId);
  const send = useSendMessage(side, casoId);
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3" data-testid="mensajes">
      {list.isPending ? <LoadingState>Cargando mensajes...</LoadingState> : null}
      {list.isError ? <Alert variant="error">{serverMessage(list.error, 'No se pudieron cargar los mensajes. Inténtalo de nuevo.')}</Alert> : null}
      {list.data?.length === 0 ? <p className="text-sm text-slate-600">Aún no hay mensajes.</p> : null}
      <ol className="space-y-2" aria-label="Mensajes">
        {list.data?.map((mensaje) => {
          const mine = mensaje.autor === side;
          return (
            <li key={mensaje.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
              <div
                className={cn('max-w-[85%] rounded-2xl px-4 py-2 text-sm', mine ? 'bg-primary text-white' : 'border border-border bg-white text-slate-900')}
                data-testid="mensaje"
              >
                <p className={cn('text-xs font-medium', mine ? 'text-blue-100' : 'text-slate-500')}>
                  {mine ? 'Tú' : otherName} · {formatShortDateTime(mensaje.created_at, timeZone)}
                </p>
                <p className="break-words whitespace-pre-line">{mensaje.texto}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <form
        noValidate
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          const parsed = mensajeInputSchema.safeParse({ texto });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
          send.mutate(parsed.data.texto, {
            onSuccess: () => setTexto(''),
            onError: (failure) => setError(serverMessage(failure, 'No se pudo enviar el mensaje. Inténtalo de nuevo.')),
          });
        }}
      >
        <label htmlFor={`mensaje-${side}`} className="block text-sm font-medium text-slate-900">
          Escribe un mensaje
        </label>
        <Textarea id={`mensaje-${side}`} rows={3} value={texto} onChange={(event) => setTexto(event.target.value)} aria-describedby={hint ? `mensaje-${side}-hint` : undefined} />
        {hint ? (
          <p id={`mensaje-${side}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
        {error ? <Alert variant="error">{error}</Alert> : null}
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden /> {send.isPending ? 'Enviando...' : 'Enviar mensaje'}
        </Button>
      </form>
    </div>
  );
}
