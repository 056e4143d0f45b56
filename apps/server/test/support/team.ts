import { randomUUID } from 'node:crypto';
import * as shared from '@bufete/shared';
import { type EndpointShape, equipoApi, MSG, type RolInvitable } from '@bufete/shared';
import { expect } from 'vitest';
import { signUpConfirmed, uniqueEmail } from './accounts';
import type { HttpClient } from './http-client';
import { linkIn } from './mail';
import type { TestServer } from './server';

/** Every endpoint a signed-in person calls, once each, from the shared contract. */
export const USER_ENDPOINTS: EndpointShape[] = [
  ...new Map(
    Object.entries(shared)
      .filter(([name, value]) => name.endsWith('Api') && value && typeof value === 'object')
      .flatMap(([, api]) => Object.values(api as Record<string, EndpointShape>))
      .filter((endpoint) => endpoint?.auth === 'user')
      .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const),
  ).values(),
];

/** The titular invites `email` with `rol`; the invitee signs up with that address and accepts through the emailed link. */
export async function join(ts: TestServer, titular: HttpClient, rol: RolInvitable, options: { facturacion?: boolean } = {}) {
  const email = uniqueEmail(rol);
  const sent = await titular.call(equipoApi.invitar, { body: { email, rol, facturacion: options.facturacion } });
  expect(sent.status, sent.text).toBe(201);
  expect(sent.json.message).toBe(MSG.equipo.invitacionEnviada(email));
  const mail = await ts.mail.waitFor(email, /te invita a su despacho/);
  const token = linkIn(mail, '/invitacion').hash.slice(1);
  const { client } = await signUpConfirmed(ts, { email, nombre: { asociado: 'Luis', pasante: 'Pablo', asistente: 'Ana' }[rol], apellido: 'Reyes' });
  // What the link offers is read before signing in, without the address.
  const seen = await ts.client().call(equipoApi.verInvitacion, { body: { token } });
  expect(seen.json).toMatchObject({ rol, estado: 'pendiente' });
  expect(seen.text).not.toContain(email);
  const accepted = await client.call(equipoApi.aceptar, { body: { token } });
  expect(accepted.status, accepted.text).toBe(200);
  expect(accepted.json.actual.rol).toBe(rol);
  return { client, email, token, personId: (await client.call(equipoApi.despachos)).json.despachos[0].id as string };
}

/** The request an endpoint gets in the matrix: any record id, an empty body. */
export async function probe(client: HttpClient, endpoint: EndpointShape) {
  const params = Object.fromEntries([...endpoint.path.matchAll(/:([a-zA-Z_]+)/g)].map(([, name]) => [name!, randomUUID()]));
  return client.call(endpoint, { params });
}
