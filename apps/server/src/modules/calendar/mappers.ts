import type { Evento } from '@bufete/shared';
import type { calendarEvents } from './schema';

export type EventRow = typeof calendarEvents.$inferSelect;
/** An event as read, with its case's title and its client's name. */
export type EventWithNames = { event: EventRow; casoTitulo: string | null; clienteNombre: string | null };

/** An appointment as the contract sends it, with its tags. */
export function toEvento({ event, casoTitulo, clienteNombre }: EventWithNames, etiquetas: Evento['etiquetas']): Evento {
  return {
    id: event.id,
    titulo: event.titulo,
    descripcion: event.descripcion,
    ubicacion: event.ubicacion,
    inicio: event.fechaInicio.toISOString(),
    fin: event.fechaFin.toISOString(),
    recordatorio_email: event.recordatorioEmail,
    recordatorio_popup: event.recordatorioPopup,
    audiencia: event.audiencia,
    caso: event.casoId && casoTitulo !== null ? { id: event.casoId, titulo: casoTitulo } : null,
    cliente: event.clienteId && clienteNombre !== null ? { id: event.clienteId, nombre: clienteNombre } : null,
    etiquetas,
    origen: event.origen,
    sincronizado: event.isSyncedWithGoogle,
    google_url: event.googleHtmlLink,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}
