import { MSG } from '@bufete/shared/messages';
import { AI_FILE_ACCEPT } from '@bufete/shared/values/ia';
import { Bot, FolderOpen, Loader2, MessageSquarePlus, Paperclip, RotateCcw, Save, Send, Square, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { formatShortDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/session';
import { cn } from '@/lib/utils';
import { ContextDialog } from './ContextDialog';
import { MessageText } from './MessageText';
import type { Chat, ChatMessage } from './useChat';
import { IconTile } from '@/components/ui/icon-tile';
import { lazyDialog } from '@/components/ui/dialog';

// Loads, with its form, the first time it opens.
const SaveChatDialog = lazyDialog(
  () => import('./SaveChatDialog').then((m) => m.SaveChatDialog),
  (props) => props.open,
);

/** 'Chat Legal' (spec part 2): badges, the conversation, the files waiting, the input bar and the error area. */
export function ChatPanel({ chat, draft, setDraft }: { chat: Chat; draft: string; setDraft: (text: string) => void }) {
  const timeZone = useTimeZone();
  const [choosingContext, setChoosingContext] = useState(false);
  const [saving, setSaving] = useState(false);
  const files = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const disabled = chat.sending || chat.processing || chat.blocked;
  const canSend = !disabled && (draft.trim().length > 0 || chat.canSendFiles);
  // A reply that started but has no words yet (a slow or hanging provider) is the typing line, not an empty bubble.
  const shown = chat.messages.filter((message) => !(message.streaming && !message.content));
  const waiting = chat.sending && !shown.some((message) => message.streaming);
  const firstUser = chat.messages.find((message) => message.role === 'user')?.content ?? '';

  // The newest message in view as it arrives.
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [chat.messages]);

  const submit = () => {
    if (!canSend) return;
    const text = draft;
    setDraft('');
    void chat.send(text);
  };

  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 border-b border-border">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">Chat Legal</CardTitle>
          {chat.sessionId ? <Badge variant="success">Sesión activa</Badge> : null}
          {chat.blocked ? <Badge variant="destructive">Sin consultas disponibles</Badge> : null}
          {chat.documentIds.length ? <Badge variant="default">{chat.documentIds.length === 1 ? '1 documento' : `${chat.documentIds.length} documentos`}</Badge> : null}
          {chat.casoId ? <Badge variant="default">1 caso</Badge> : null}
        </div>
        {chat.sessionId ? (
          <Button variant="outline" size="sm" onClick={() => setSaving(true)}>
            <Save aria-hidden /> Guardar
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col gap-3 pt-4">
        <div ref={log} className="max-h-[60vh] min-h-64 space-y-4 overflow-y-auto pr-1" role="log" aria-label="Conversación" aria-live="polite" tabIndex={0} data-testid="chat-log">
          {chat.messages.length === 0 ? <Welcome modelo={chat.modelo} known={chat.modeloConocido} /> : null}
          {shown.map((message, index) => (
            <Message key={message.id} message={message} timeZone={timeZone} onRetry={index === shown.length - 1 && chat.canRetry ? () => void chat.retry() : undefined} />
          ))}
          {waiting ? (
            <div className="flex items-center gap-2 text-sm text-slate-600" role="status" data-testid="typing">
              <span className="inline-flex gap-1" aria-hidden>
                <span className="size-2 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
                <span className="size-2 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
                <span className="size-2 animate-bounce rounded-full bg-slate-400" />
              </span>
              El asistente está escribiendo...
            </div>
          ) : null}
        </div>

        {chat.pending.length ? (
          <div className="rounded-lg border border-border bg-slate-50 p-3" data-testid="pending-files">
            <div className="mb-2 flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-900">Archivos para enviar:</p>
              <Button variant="ghost" size="sm" onClick={chat.clearFiles} disabled={chat.sending}>
                Quitar todos
              </Button>
            </div>
            {chat.processing ? (
              <p className="mb-2 flex items-center gap-2 text-xs text-slate-600" role="status">
                <Loader2 className="size-3.5 animate-spin" aria-hidden /> Procesando archivos...
              </p>
            ) : null}
            <ul className="space-y-1.5">
              {chat.pending.map((file) => (
                <li key={file.key} className="flex items-center gap-2 text-sm">
                  <Paperclip className="size-4 shrink-0 text-slate-500" aria-hidden />
                  <span className="min-w-0 flex-1 truncate text-slate-900">{file.file.name}</span>
                  <span className="shrink-0 text-xs text-slate-600 tabular-nums">{(file.file.size / (1024 * 1024)).toFixed(2)} MB</span>
                  <span className="w-12 shrink-0 text-right text-xs text-slate-600 tabular-nums">{file.progress}%</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="sm:size-8"
                    onClick={() => chat.removeFile(file.key)}
                    aria-label={`Quitar ${file.file.name}`}
                    disabled={chat.sending}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {/* On a phone the text box takes the whole width and the buttons go under it. */}
        <div className="flex flex-wrap items-end gap-2 rounded-xl border border-border bg-white p-2 sm:flex-nowrap">
          <div className="order-2 flex shrink-0 gap-1 sm:order-1">
            <Button variant="ghost" size="icon" onClick={() => setChoosingContext(true)} disabled={disabled} aria-label="Seleccionar contexto" title="Seleccionar contexto">
              <FolderOpen aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" onClick={chat.newChat} disabled={disabled} aria-label="Nuevo chat" title="Nuevo chat">
              <MessageSquarePlus aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => files.current?.click()}
              disabled={disabled}
              aria-label="Subir archivos (PDF, Word, TXT, CSV)"
              title="Subir archivos (PDF, Word, TXT, CSV)"
            >
              <Paperclip aria-hidden />
            </Button>
            <input
              ref={files}
              type="file"
              multiple
              accept={AI_FILE_ACCEPT}
              className="hidden"
              data-testid="chat-file-input"
              onChange={(event) => {
                chat.addFiles([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </div>
          <label htmlFor="chat-consulta" className="sr-only">
            Tu consulta
          </label>
          <Textarea
            id="chat-consulta"
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
            disabled={disabled}
            placeholder="Escribe tu consulta legal o sube archivos..."
            className="order-1 min-h-11 w-full resize-none border-0 shadow-none sm:order-2 sm:w-auto sm:flex-1"
          />
          {chat.sending ? (
            <Button size="icon" variant="outline" className="order-3 ml-auto sm:ml-0" onClick={chat.stop} aria-label="Detener la respuesta" title="Detener">
              <Square aria-hidden />
            </Button>
          ) : (
            <Button size="icon" className="order-3 ml-auto sm:ml-0" onClick={submit} disabled={!canSend} aria-label="Enviar">
              <Send aria-hidden />
            </Button>
          )}
        </div>
        <p className="min-h-5 text-sm text-destructive" role="alert" data-testid="chat-error">
          {chat.error ?? ''}
        </p>
      </CardContent>
      <ContextDialog open={choosingContext} documentIds={chat.documentIds} casoId={chat.casoId} onApply={chat.setContext} onOpenChange={setChoosingContext} />
      <SaveChatDialog sessionId={chat.sessionId} initialTitle={firstUser.slice(0, 50)} open={saving} onOpenChange={setSaving} />
    </Card>
  );
}

function Welcome({ modelo, known }: { modelo: string | null; known: boolean }) {
  return (
    <div className="flex gap-3" data-testid="welcome">
      <IconTile icon={Bot} className="size-8 rounded-full bg-blue-100 text-primary" iconClassName="size-4" />
      <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-900">
        <MessageText
          content={`**¡Hola! Soy tu asistente legal.**\n${
            modelo || !known
              ? 'Puedo analizar tus documentos y casos, ayudarte a redactar escritos y a plantear estrategias.'
              : 'Busco en tus documentos, notas y casos los pasajes que responden a tu consulta.'
          }\n\n- Elige documentos o un caso como contexto, o sube archivos (PDF, Word, TXT, CSV).\n- Cito los pasajes de tu material en los que me apoyo, con su página cuando la hay.${
            !known ? '' : modelo ? `\n\nResponde: ${modelo}.` : `\n\n${MSG.ai.sinModeloAviso}`
          }`}
        />
      </div>
    </div>
  );
}

function Message({ message, timeZone, onRetry }: { message: ChatMessage; timeZone: string; onRetry?: () => void }) {
  const mine = message.role === 'user';
  const context = message.context_used;
  return (
    <div className={cn('flex gap-3', mine && 'justify-end')} data-testid={mine ? 'user-message' : 'assistant-message'}>
      {!mine ? <IconTile icon={Bot} className="size-8 rounded-full bg-blue-100 text-primary" iconClassName="size-4" /> : null}
      <div className={cn('max-w-[85%] min-w-0 rounded-2xl px-4 py-3', mine ? 'rounded-tr-sm bg-primary text-white' : 'rounded-tl-sm bg-slate-100 text-slate-900')}>
        <MessageText content={message.content || ' '} />
        {!mine && message.incompleta ? (
          <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="incomplete">
            <Badge variant="warning">{MSG.ai.respuestaIncompleta}</Badge>
            {onRetry ? (
              <Button variant="outline" size="sm" onClick={onRetry}>
                <RotateCcw aria-hidden /> {MSG.ai.reintentarBoton}
              </Button>
            ) : null}
          </div>
        ) : null}
        {!mine && !message.streaming ? (
          <div className="mt-3 border-t border-slate-200 pt-2 text-xs text-slate-600" data-testid="context-used">
            {context && (context.documents.length || context.case || context.pasajes.length) ? (
              <>
                <p className="font-medium text-slate-700">Contexto utilizado:</p>
                <ul className="mt-1 space-y-0.5">
                  {context.case ? <li>Caso: {context.case.titulo}</li> : null}
                  {context.pasajes.map((pasaje) => (
                    <li key={pasaje.id}>
                      [{pasaje.id}] {pasaje.nombre}
                      {pasaje.pagina ? `, pág. ${pasaje.pagina}` : ''}
                    </li>
                  ))}
                  {context.documents
                    .filter((doc) => !context.pasajes.some((pasaje) => pasaje.documento_id === doc.id))
                    .map((doc) => (
                      <li key={doc.id}>{doc.nombre}</li>
                    ))}
                </ul>
              </>
            ) : null}
            <p className="mt-1">{formatShortDateTime(message.created_at, timeZone)}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
