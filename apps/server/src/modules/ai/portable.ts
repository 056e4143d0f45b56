import type { Portable } from '../../db/portable';

export const aiPortable: Portable = {
  exported: [
    {
      tabla: 'ai_chat_sessions',
      archivo: 'asistente-conversaciones',
      owner: { column: 'user_id' },
      key: ['id'],
      ids: ['id', 'context_case_id'],
      etiqueta: 'Conversaciones del asistente',
    },
    { tabla: 'ai_chat_messages', archivo: 'asistente-mensajes', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'session_id'] },
    { tabla: 'ai_chat_files', archivo: 'asistente-adjuntos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'session_id'], file: { bucket: 'documentos' } },
  ],
  leftOut: { ai_usage_limits: "today's questions counted against the quota" },
};
