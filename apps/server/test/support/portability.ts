import { type Portabilidad, portabilidadApi } from '@bufete/shared';
import { expect } from 'vitest';
import type { HttpClient } from './http-client';
import { until } from './waiting';

/** 'Exportar todos mis datos' and 'Importar datos', as their screens run them. */

export async function finished(client: HttpClient, latest: typeof portabilidadApi.latestExport | typeof portabilidadApi.latestImport): Promise<Portabilidad> {
  return until(
    async () => {
      const trabajo = (await client.call(latest)).json.trabajo as Portabilidad | null;
      return trabajo && (trabajo.estado === 'lista' || trabajo.estado === 'fallida') ? trabajo : undefined;
    },
    'el trabajo terminó',
    60_000,
  );
}

export async function exportOf(client: HttpClient) {
  const started = await client.call(portabilidadApi.startExport);
  expect(started.status, started.text).toBe(201);
  const trabajo = await finished(client, portabilidadApi.latestExport);
  expect(trabajo, JSON.stringify(trabajo)).toMatchObject({ estado: 'lista', avance: 100 });
  const zip = await client.download(`/api/account/exportaciones/${trabajo.id}/archivo`);
  expect(zip.status).toBe(200);
  return { trabajo, bytes: zip.bytes };
}

/** Uploads a zip, reads what it brings and confirms it, as 'Importar datos' does; the refusal, or the finished run and the preview. */
export async function importInto(client: HttpClient, bytes: Buffer) {
  const started = await client.upload(portabilidadApi.startImport, { name: 'bufete-mis-datos.zip', bytes, type: 'application/zip' });
  if (started.status !== 201) return { refused: started };
  const preview = started.json.trabajo as Portabilidad;
  expect(preview.estado).toBe('por_confirmar');
  const confirmed = await client.call(portabilidadApi.confirmImport, { params: { id: preview.id } });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { preview, trabajo: await finished(client, portabilidadApi.latestImport) };
}
