import { LIMITS } from '@bufete/shared/constants';
import { type AiMessage, type AiStreamEvent, type AiUsage } from '@bufete/shared/ia';
import { MSG } from '@bufete/shared/messages';
import { AI_FILE_ACCEPT } from '@bufete/shared/values/ia';
import { iaApi } from '@bufete/shared/api/ia';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { call, callStream, serverMessage, serverSays, statusOf, upload } from '@/lib/api';
import { aiKeys, useAiStatus } from './api';

export interface PendingFile {
  key: string;
  file: File;
  /** 0–100 while it travels; the server extracts its text before it is ready. */
  progress: number;
  status: 'subiendo' | 'listo' | 'error';
  id?: string;
}

export type ChatMessage = AiMessage & { streaming?: boolean };

/** When the usage stats cannot be read (spec: used 0, limit 50, remaining 50, today). */
const FALLBACK_USAGE: AiUsage = {
  requests_used: 0,
  requests_limit: LIMITS.aiDailyLimit,
  requests_remaining: LIMITS.aiDailyLimit,
  reset_date: new Date().toISOString().slice(0, 10),
};
const EXTENSIONS = AI_FILE_ACCEPT.split(',');

let localIds = 0;
const localId = (prefix: string) => `${prefix}-${(localIds += 1)}`;

/**
 * The chat's state (spec part 2, 'AI chat'): the session, the messages, the
 * chosen context, the files waiting to go, sending and processing, and the
 * usage count (raised at once when sending, replaced by what the server says,
 * reverted on failure).
 */
export function useChat() {
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const [localUsage, setLocalUsage] = useState<AiUsage | null>(null);
  const usage = localUsage ?? status.data?.uso ?? (status.isError ? FALLBACK_USAGE : null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [documentIds, setDocumentIds] = useState<string[]>([]);
  const [casoId, setCasoId] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The last question sent, for 'Reintentar' after a reply that did not arrive whole. */
  const [lastQuestion, setLastQuestion] = useState<string | null>(null);
  const modelo = status.data?.modelo ?? null;

  const processing = pending.some((file) => file.status === 'subiendo');
  const readyFiles = pending.filter((file) => file.status === 'listo');
  const blocked = usage?.requests_remaining === 0;

  const refreshUsage = () => {
    setLocalUsage(null);
    void queryClient.invalidateQueries({ queryKey: aiKeys.status });
  };

  const reset = () => {
    abort.current?.abort();
    setSessionId(null);
    setMessages([]);
    setDocumentIds([]);
    setCasoId(null);
    setPending([]);
    setError(null);
  };

  async function send(text: string) {
    const message = text.trim();
    if ((!message && readyFiles.length === 0) || sending || processing || blocked) return;
    setError(null);
    setSending(true);
    setLastQuestion(message);
    // Without a model the answer is the lawyer's own passages: it spends nothing.
    if (usage && modelo) setLocalUsage({ ...usage, requests_used: usage.requests_used + 1, requests_remaining: Math.max(0, usage.requests_remaining - 1) });
    const names = readyFiles.map((file) => file.file.name);
    const userMessage: ChatMessage = {
      id: localId('usuario'),
      role: 'user',
      content: [message, names.length ? `Archivos adjuntos: ${names.join(', ')}` : ''].filter(Boolean).join('\n\n'),
      context_used: null,
      incompleta: false,
      created_at: new Date().toISOString(),
    };
    const replyId = localId('respuesta');
    let settled = false;
    setMessages((current) => [...current, userMessage]);
    const controller = new AbortController();
    abort.current = controller;
    /**
     * A reply that did not arrive whole: what arrived stays, marked incomplete
     * (with 'Reintentar'); with nothing, the spec's 'Error: …' message.
     */
    const fail = (reason: string, reported?: AiUsage) => {
      settled = true;
      setMessages((current) => {
        const partial = current.find((item) => item.id === replyId && item.content.trim());
        const question = current.map((item) => (item.id === userMessage.id ? { ...item, incompleta: true } : item)).filter((item) => item.id !== replyId);
        return [
          ...question,
          partial
            ? { ...partial, streaming: false, incompleta: true }
            : {
                id: replyId,
                role: 'assistant',
                content: `${MSG.ai.errorEnvio(reason)}\n\n${MSG.ai.reintentar}`,
                context_used: null,
                incompleta: true,
                created_at: new Date().toISOString(),
              },
        ];
      });
      if (reported) setLocalUsage(reported);
      else refreshUsage();
    };
    try {
      await callStream(
        iaApi.ask,
        {
          body: { message, session_id: sessionId ?? '', document_ids: documentIds, caso_id: casoId ?? '', file_ids: readyFiles.map((file) => file.id!) },
          signal: controller.signal,
        },
        (line) => {
          const event = line as AiStreamEvent;
          if (event.type === 'start') {
            setSessionId(event.session_id);
            setLocalUsage(event.usage);
            setMessages((current) => [
              ...current,
              { id: replyId, role: 'assistant', content: '', context_used: null, incompleta: false, created_at: new Date().toISOString(), streaming: true },
            ]);
          } else if (event.type === 'delta') {
            setMessages((current) => current.map((item) => (item.id === replyId ? { ...item, content: item.content + event.text } : item)));
          } else if (event.type === 'done') {
            settled = true;
            setMessages((current) => current.map((item) => (item.id === replyId ? event.message : item)));
            setLocalUsage(event.usage);
          } else if (event.type === 'error') {
            setError(event.message);
            fail(event.message, event.usage);
          }
        },
      );
      // The stream ended without saying it was done: what arrived is not a whole answer.
      if (!settled) fail(MSG.ai.errorComunicacion);
      setPending((current) => current.filter((file) => file.status !== 'listo'));
      void queryClient.invalidateQueries({ queryKey: aiKeys.sessions });
    } catch (caught) {
      if (controller.signal.aborted) {
        // 'Detener' (or a new chat): what arrived stays, marked; the unit was spent.
        if (!settled) fail(MSG.ai.detenida);
        return;
      }
      // 429 is the daily limit (spec), or too many questions in a minute (its own message).
      const limited = statusOf(caught) === 429;
      const tooFast = limited && serverMessage(caught, '') === MSG.ai.demasiadasSeguidas;
      const reason = limited
        ? tooFast
          ? MSG.ai.demasiadasSeguidas
          : MSG.ai.limiteConsultas(usage?.requests_limit ?? LIMITS.aiDailyLimit)
        : (statusOf(caught) ?? 0) >= 500
          ? MSG.ai.errorComunicacion
          : serverMessage(caught, MSG.ai.errorComunicacion);
      if (limited) setError(reason);
      fail(reason);
    } finally {
      setSending(false);
    }
  }

  /** Checks each file (10 MB, PDF/Word/TXT/CSV) and uploads the good ones at once, showing their progress. */
  function addFiles(files: File[]) {
    setError(null);
    for (const file of files) {
      const extension = `.${file.name.split('.').pop()?.toLowerCase()}`;
      if (!EXTENSIONS.includes(extension)) {
        setError(MSG.ai.archivoNoCompatible(file.name));
        continue;
      }
      if (file.size > LIMITS.chatFileMaxBytes) {
        setError(MSG.ai.archivoGrande(file.name));
        continue;
      }
      const key = localId('archivo');
      setPending((current) => [...current, { key, file, progress: 0, status: 'subiendo' }]);
      upload(iaApi.upload, {
        fields: {},
        file,
        onProgress: (fraction) => setPending((current) => current.map((item) => (item.key === key ? { ...item, progress: Math.round(fraction * 100) } : item))),
      }).then(
        (result) => setPending((current) => current.map((item) => (item.key === key ? { ...item, progress: 100, status: 'listo', id: result.archivo.id } : item))),
        (caught: unknown) => {
          setPending((current) => current.filter((item) => item.key !== key));
          setError(serverSays(caught) ? caught.message : MSG.ai.errorArchivos);
        },
      );
    }
  }

  async function loadSession(id: string) {
    setError(null);
    try {
      const result = await call(iaApi.session, { params: { id } });
      abort.current?.abort();
      setSessionId(result.session.id);
      setMessages(result.messages);
      setDocumentIds(result.session.context_documents.map((doc) => doc.id));
      setCasoId(result.session.context_case_id);
      setPending([]);
    } catch {
      setError(MSG.ai.errorSesion);
    }
  }

  return {
    status,
    usage,
    blocked,
    modelo,
    /** The model is known (not while the status loads): the screen says nothing about it before. */
    modeloConocido: status.isSuccess,
    sessionId,
    messages,
    documentIds,
    casoId,
    setContext: (documents: string[], caso: string | null) => {
      setDocumentIds(documents);
      setCasoId(caso);
    },
    pending,
    processing,
    canSendFiles: readyFiles.length > 0,
    removeFile: (key: string) => setPending((current) => current.filter((file) => file.key !== key)),
    clearFiles: () => setPending([]),
    addFiles,
    sending,
    send,
    /** 'Detener': the reply stops where it is (the question still counts). */
    stop: () => abort.current?.abort(),
    /** 'Reintentar': the last question again. */
    retry: () => (lastQuestion !== null ? send(lastQuestion || 'Analiza los archivos adjuntos.') : Promise.resolve()),
    canRetry: lastQuestion !== null && !sending,
    error,
    newChat: reset,
    loadSession,
    /** After deleting: the open chat is cleared if it was that one (spec). */
    forget: (id: string) => {
      if (id === sessionId) reset();
    },
  };
}

export type Chat = ReturnType<typeof useChat>;
