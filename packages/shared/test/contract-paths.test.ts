import { describe, expect, it } from 'vitest';
import * as shared from '../src';
import type { EndpointShape } from '../src';

/**
 * The glossary's rule for paths (docs/GLOSSARY.md, "On the wire" and the
 * table of areas): an area's root, then `:params`, Spanish nouns of its
 * sub-collections, or English technical words and verbs. A Spanish verb in a
 * path, or a word the glossary does not list, fails here: add the word to
 * the glossary (and below) if it is right.
 */
const ROOTS = [
  // Record collections: the spec's Spanish plural nouns.
  'casos',
  'clientes',
  'documentos',
  'imagenes',
  'notas',
  'etiquetas',
  'recordatorios',
  'calendario',
  'facturas',
  'tiempo',
  'plazos',
  'notificaciones',
  'ia',
  'cfdi',
  'actuaciones',
  'boletines',
  'partes',
  'conflictos',
  'tareas',
  'plantillas-asunto',
  'escritos',
  'portal',
  'pagos-en-linea',
  'despachos',
  'equipo',
  'invitaciones',
  // Areas without a domain noun: English.
  'account',
  'profile',
  'dashboard',
  'health',
  'diagnostics',
  'files',
  'search',
];
/** Sub-collections and sub-resources named by the domain (Spanish nouns). */
const NOUNS = [
  'partes',
  'conflictos',
  'fuentes',
  'recibidos',
  'reglas',
  'efectos',
  'eventos',
  'proximos',
  'resumen',
  'agendados',
  'calendarios',
  'dias',
  'sesiones',
  'archivos',
  'consultas',
  'contexto',
  'estado',
  'temporizador',
  'casos',
  'clientes',
  'csd',
  'cfdi',
  'pagos',
  'historial',
  'eliminacion',
  'exportaciones',
  'importaciones',
  'archivo',
  'pac',
  'tarifa',
  'revision',
  'confirmacion',
  'hecha',
  'anclas',
  'plantilla',
  'plantillas',
  'escritos',
  'sustitucion',
  'notas-credito',
  'anticipo',
  'enlaces',
  'sesion',
  'suspension',
  'visibilidad',
  'mensajes',
  'documentos',
  'facturas',
  'portal',
  'globales',
  'recibos',
  'cuenta',
  'contrasena',
  'invitaciones',
  'miembros',
  'personas',
];
/** Technical words and actions (English). */
const TECHNICAL = [
  'counts',
  'options',
  'file',
  'link',
  'extract',
  'cancel',
  'email',
  'pdf',
  'xml',
  'export',
  'read',
  'read-all',
  'move',
  'review',
  'schedule',
  'calculate',
  'stop',
  'feed',
  'regenerate',
  'google',
  'connect',
  'callback',
  'diagnostic',
  'sync',
  'avatar',
  'storage',
  'system-check',
  'auth',
  'latest',
  'session',
  'sessions',
  'close',
  'end-others',
  'two-factor',
  'verify',
  'enable',
  'confirm',
  'disable',
  'recovery-codes',
  'sign-in',
  'sign-up',
  'sign-out',
  'confirm-email',
  'resend-confirmation',
  'forgot-password',
  'reset-password',
  'check',
  'change-password',
  'resume',
  'webhook',
  'switch',
  'accept',
];

const endpoints = Object.entries(shared)
  .filter(([name, value]) => name.endsWith('Api') && value && typeof value === 'object')
  .flatMap(([api, value]) => Object.entries(value as Record<string, EndpointShape>).map(([name, endpoint]) => ({ name: `${api}.${name}`, path: endpoint.path })));

describe('contract paths follow the glossary', () => {
  it('reads every endpoint of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(70);
  });

  it.each(endpoints)('$name: $path', ({ path }) => {
    expect(path).toMatch(/^(\/(:[a-z][a-zA-Z]*|[a-z]+(-[a-z]+)*))+$/);
    const [root, ...rest] = path.slice(1).split('/');
    expect(ROOTS).toContain(root);
    for (const segment of rest) {
      if (segment.startsWith(':')) continue;
      expect([...NOUNS, ...TECHNICAL], `'${segment}' in ${path}`).toContain(segment);
    }
  });
});
