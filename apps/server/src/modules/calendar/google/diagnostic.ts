import type { CalendarDiagnostic } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import type { SignedInUser } from '../../../auth/session';
import type { Config } from '../../../config';
import { type GoogleClient, GoogleAuthError } from './client';
import type { GoogleConnection } from './connection';

/** The spec's checks of the Google connection (/calendar-diagnostic), run on the server; nothing secret in them. */
export function createGoogleDiagnostic(deps: { config: Config; google: GoogleClient; connection: GoogleConnection }) {
  const { google } = deps;
  const { box, redirectUri, tokensOf } = deps.connection;
  return async function diagnostic(user: SignedInUser): Promise<CalendarDiagnostic> {
    const checks: CalendarDiagnostic['checks'] = [];
    const credentials = deps.config.google.credentials;
    checks.push({ id: 'usuario', nombre: 'Usuario', estado: 'success', detalle: `Sesión iniciada como ${user.email}.` });
    checks.push({ id: 'sesion', nombre: 'Sesión', estado: 'success', detalle: 'La cookie de sesión es válida.' });
    checks.push(
      credentials
        ? { id: 'configuracion', nombre: 'Configuración', estado: 'success', detalle: 'GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET están definidos.' }
        : { id: 'configuracion', nombre: 'Configuración', estado: 'error', detalle: MSG.calendar.noConfiguradoOperador },
    );
    checks.push({
      id: 'redirect',
      nombre: 'URI de redirección',
      estado: redirectUri.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(redirectUri) ? 'success' : 'warning',
      detalle: `Registra esta URI en Google Cloud: ${redirectUri}${redirectUri.startsWith('https://') ? '' : ' (Google solo acepta http en localhost)'}`,
    });
    checks.push({
      id: 'funciones',
      nombre: 'Funciones del servidor',
      estado: 'success',
      detalle: 'El intercambio y la renovación de tokens los hace este servidor (no hay funciones externas que desplegar).',
    });
    const tokens = await tokensOf(user.id);
    checks.push(
      tokens
        ? { id: 'conexion', nombre: 'Estado de la conexión', estado: 'success', detalle: 'Google Calendar está conectado.' }
        : { id: 'conexion', nombre: 'Estado de la conexión', estado: 'warning', detalle: 'Google Calendar no está conectado.' },
    );
    if (!tokens) {
      checks.push({ id: 'tokens', nombre: 'Tokens guardados', estado: 'warning', detalle: 'No hay tokens guardados.' });
      checks.push({ id: 'intercambio', nombre: 'Prueba de renovación del token', estado: 'warning', detalle: 'Conecta Google Calendar para probarla.' });
    } else {
      const readable = !!box.open(tokens.accessToken) && !!box.open(tokens.refreshToken);
      const minutes = Math.round((tokens.expiresAt.getTime() - Date.now()) / 60_000);
      checks.push({
        id: 'tokens',
        nombre: 'Tokens guardados',
        estado: readable ? 'success' : 'error',
        detalle: readable
          ? `Cifrados en el servidor; el de acceso ${minutes > 0 ? `vence en ${minutes} min` : 'está vencido y se renovará al usarlo'}.`
          : 'No se pueden descifrar (¿cambió APP_SECRET?). Vuelve a conectar.',
      });
      let exchange: CalendarDiagnostic['checks'][number];
      try {
        const refresh = box.open(tokens.refreshToken);
        if (!refresh) throw new GoogleAuthError('ilegible');
        await google.refresh(refresh);
        exchange = { id: 'intercambio', nombre: 'Prueba de renovación del token', estado: 'success', detalle: 'Google renovó el token de acceso.' };
      } catch (error) {
        exchange = {
          id: 'intercambio',
          nombre: 'Prueba de renovación del token',
          estado: 'error',
          detalle: error instanceof GoogleAuthError ? 'Google rechazó el token de renovación: vuelve a conectar.' : MSG.calendar.noRenovado,
        };
      }
      checks.push(exchange);
    }
    return {
      checks,
      valores: {
        redirect_uri: redirectUri,
        client_id: credentials ? `${credentials.clientId.slice(0, 12)}…` : '(sin configurar)',
        conectado: tokens ? 'sí' : 'no',
        ultima_sincronizacion: tokens?.lastSyncAt?.toISOString() ?? '(nunca)',
      },
    };
  };
}
