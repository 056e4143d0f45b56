import { MSG } from '@bufete/shared/messages';
import { ChevronDown, Sparkles, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatShortDate } from '@/lib/format';
import { useTimeZone } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useAiSessions, useDeleteSession, useUpdateSession } from './api';

const CAPABILITIES = [
  'Análisis de documentos',
  'Subida directa de archivos',
  'Extracción de texto de PDF y Word',
  'Redacción asistida de escritos',
  'Consultas sobre jurisprudencia',
  'Estrategias para tus casos',
];
/** What only a language model can do: not offered while the firm has none. */
const NEEDS_MODEL = new Set(['Redacción asistida de escritos', 'Consultas sobre jurisprudencia', 'Estrategias para tus casos', 'Estrategia', 'Redacción']);

/** Suggested questions by category, written for practice in Mexico (spec: Análisis, Estrategia, Redacción, attachments). */
export const SUGGESTIONS: { category: string; questions: string[] }[] = [
  {
    category: 'Análisis',
    questions: [
      'Resume los puntos clave del documento seleccionado y señala las cláusulas de riesgo.',
      '¿Qué plazos procesales corren en este caso y desde cuándo se cuentan?',
      'Identifica las contradicciones entre la demanda y la contestación.',
    ],
  },
  {
    category: 'Estrategia',
    questions: [
      '¿Qué pruebas conviene ofrecer en un juicio ordinario civil como este?',
      '¿Procede el amparo indirecto contra este acto y en qué plazo debo promoverlo?',
      'Plantea tres escenarios de negociación para llegar a un convenio con la contraparte.',
    ],
  },
  {
    category: 'Redacción',
    questions: [
      'Redacta un escrito de ofrecimiento de pruebas con los hechos del caso seleccionado.',
      'Redacta una cláusula de confidencialidad para un contrato de prestación de servicios.',
      'Prepara un correo al cliente explicando el estado de su asunto en lenguaje sencillo.',
    ],
  },
  {
    category: 'Archivos adjuntos',
    questions: [
      'Revisa el contrato que adjunto y dime qué le falta para cumplir con el Código Civil Federal.',
      'Extrae de la sentencia adjunta los puntos resolutivos y los plazos para impugnarla.',
      'Compara los dos documentos adjuntos y enumera sus diferencias.',
    ],
  },
];

/** 'Capacidades', 'Chats guardados (n)' and 'Consultas sugeridas' (spec part 2). */
export function SidePanel({
  withModel,
  activeSessionId,
  onOpenSession,
  onForget,
  onSuggest,
}: {
  withModel: boolean;
  activeSessionId: string | null;
  onOpenSession: (id: string) => void;
  onForget: (id: string) => void;
  onSuggest: (text: string) => void;
}) {
  const timeZone = useTimeZone();
  const sessions = useAiSessions();
  const update = useUpdateSession();
  const remove = useDeleteSession();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const items = sessions.data ?? [];
  return (
    <div className="min-w-0 space-y-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Sparkles className="size-4 text-primary" aria-hidden /> Capacidades
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-inside list-disc space-y-1 text-sm text-slate-700">
            {CAPABILITIES.filter((item) => withModel || !NEEDS_MODEL.has(item)).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-slate-600">Puedes subir PDF, Word, TXT y CSV: su texto se extrae automáticamente.</p>
        </CardContent>
      </Card>

      <Collapsible title={`Chats guardados (${items.length})`} defaultOpen>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">No tienes chats guardados</p>
        ) : (
          <ul className="space-y-1" data-testid="saved-chats">
            {items.map((session) => (
              <li key={session.id} className={cn('flex items-center gap-1 rounded-lg', session.id === activeSessionId && 'bg-blue-50')}>
                <button type="button" onClick={() => onOpenSession(session.id)} className="min-h-11 min-w-0 flex-1 rounded-lg px-2 py-1.5 text-left hover:bg-slate-50">
                  <span className="block truncate text-sm font-medium text-slate-900">{session.title}</span>
                  <span className="block truncate text-xs text-slate-600">{session.description ?? formatShortDate(session.updated_at, timeZone)}</span>
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="shrink-0 sm:size-9"
                  onClick={() => update.mutate({ id: session.id, is_favorite: !session.is_favorite })}
                  aria-pressed={session.is_favorite}
                  aria-label={session.is_favorite ? `Quitar ${session.title} de favoritos` : `Marcar ${session.title} como favorito`}
                >
                  <Star className={session.is_favorite ? 'fill-amber-400 text-amber-500' : 'text-slate-400'} aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="shrink-0 text-red-600 hover:text-red-700 sm:size-9"
                  onClick={() => setToDelete(session.id)}
                  aria-label={`Eliminar ${session.title}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Collapsible>

      <Collapsible title="Consultas sugeridas">
        <div className="space-y-3">
          {SUGGESTIONS.filter(({ category }) => withModel || !NEEDS_MODEL.has(category)).map(({ category, questions }) => (
            <div key={category}>
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{category}</p>
              <ul className="mt-1 space-y-1">
                {questions.map((question) => (
                  <li key={question}>
                    <button type="button" onClick={() => onSuggest(question)} className="min-h-11 w-full rounded-lg px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-50">
                      {question}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Collapsible>

      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar chat"
        description={MSG.ai.confirmarEliminar}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              onForget(toDelete);
              setToDelete(null);
            },
            onError: () => toast.error(MSG.ai.errorEliminar),
          })
        }
      />
    </div>
  );
}

function Collapsible({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = `panel-${title.replace(/\W+/g, '-')}`;
  return (
    <Card>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={id}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl px-6 py-4 text-left"
      >
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <ChevronDown className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open ? (
        <div id={id} className="px-6 pb-5">
          {children}
        </div>
      ) : null}
    </Card>
  );
}
