import { notasApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { NoteService } from './service';

export function noteRoutes({ on }: Router, { notes }: { notes: NoteService }) {
  on(notasApi.list, async ({ user, query }) =>
    notes.list(user.id, { q: query.q, casoId: query.caso_id, clienteId: query.cliente_id, etiquetaId: query.etiqueta_id, cursor: query.cursor, limit: query.limit }),
  );
  on(notasApi.cases, async ({ user }) => ({ items: await notes.casesWithNotes(user.id) }));
  on(notasApi.create, async ({ user, body }) => ({ nota: await notes.create(user.id, body) }));
  on(notasApi.get, async ({ user, params }) => ({ nota: await notes.get(user.id, params.id) }));
  on(notasApi.update, async ({ user, params, body }) => ({ nota: await notes.update(user.id, params.id, body) }));
  on(notasApi.remove, async ({ user, params }) => {
    await notes.remove(user.id, params.id);
    return { ok: true as const };
  });
}
