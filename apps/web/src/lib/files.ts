import { documentosApi } from '@bufete/shared/api/documentos';
import { imagenesApi } from '@bufete/shared/api/imagenes';
import { call } from '@/lib/api';

/** A short-lived link (3600 s) that opens a stored file in a new tab without the session. */
export async function signedLink(kind: 'documentos' | 'imagenes', id: string): Promise<string> {
  const reply = kind === 'documentos' ? await call(documentosApi.link, { params: { id } }) : await call(imagenesApi.link, { params: { id } });
  return reply.url;
}
