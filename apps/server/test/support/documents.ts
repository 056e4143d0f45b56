import { documentosApi, type Documento } from '@bufete/shared';
import type { HttpClient } from './http-client';
import type { TestServer } from './server';
import { until } from './waiting';

/**
 * A document once its text has been read. An upload waits a few seconds for
 * the read and then answers anyway (the list says 'Leyendo el texto…'); on a
 * busy machine the read finishes on the queue, which this drives.
 */
export async function withTextRead(ts: Pick<TestServer, 'server'>, client: HttpClient, id: string): Promise<Documento> {
  return until(
    async () => {
      await ts.server.jobs.tick();
      const documento = (await client.call(documentosApi.get, { params: { id } })).json.documento;
      return !documento.leyendo_texto && documento;
    },
    'que se lea el texto del documento',
    60_000,
  );
}

/** Every document of a lawyer once its text has been read. */
export async function allTextsRead(ts: Pick<TestServer, 'server'>, client: HttpClient): Promise<void> {
  await until(
    async () => {
      await ts.server.jobs.tick();
      const items = (await client.call(documentosApi.list, { query: { limit: 100 } })).json.items as { leyendo_texto: boolean }[];
      return items.every((item) => !item.leyendo_texto);
    },
    'que se lea el texto de todos los documentos',
    60_000,
  );
}
