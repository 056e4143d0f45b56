import type { HttpClient } from './http-client';
import { linkIn } from './mail';
import type { TestServer } from './server';

let counter = 0;
export function uniqueEmail(prefix = 'abogado') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export const PASSWORD = 'mi-despacho-seguro-2026';

/** Registers through the API and follows the emailed confirmation link: a signed-in client. */
export async function signUpConfirmed(
  ts: Pick<TestServer, 'client' | 'mail'>,
  overrides: Partial<Record<'nombre' | 'apellido' | 'email' | 'especialidad' | 'zona_horaria', string>> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const client = ts.client();
  const signUp = await client.post('/api/account/sign-up', {
    nombre: 'María',
    apellido: 'García López',
    especialidad: 'Derecho Civil',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
    email,
  });
  if (signUp.status !== 201) throw new Error(`sign-up ${signUp.status}: ${signUp.text}`);
  const mail = await ts.mail.waitFor(email, /Confirma/);
  const token = linkIn(mail, '/confirm-email').searchParams.get('token');
  const confirm = await client.post('/api/account/confirm-email', { token });
  if (confirm.status !== 200) throw new Error(`confirm ${confirm.status}: ${confirm.text}`);
  return { client, email };
}

export async function sessionOf(client: HttpClient) {
  return (await client.get('/api/account/session')).json.session;
}
