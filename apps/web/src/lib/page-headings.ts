import { MSG } from '@bufete/shared/messages';

/**
 * The title and description of each page a lawyer opens from the sidebar: the
 * page shows them, and the build writes them into that page's HTML
 * (apps/web/prerender.ts, app/layout/StaticShell.tsx), so they are on screen
 * before any JavaScript runs and do not move when the app takes over.
 */
export const PAGE_HEADINGS = {
  dashboard: { title: '¡Hola!', description: 'Este es el resumen de tu práctica legal: lo que vence pronto, tus casos recientes y tus cifras.' },
  casos: { title: 'Casos', description: 'Gestiona todos tus casos legales' },
  clientes: { title: 'Clientes', description: 'Gestiona la información de tus clientes' },
  calendario: { title: 'Calendario', description: 'Audiencias, citas y plazos, con recordatorios por email y en pantalla' },
  documentos: { title: 'Documentos', description: 'Tu bóveda de documentos: súbelos, consúltalos y encuéntralos por su contenido' },
  notas: { title: 'Notas', description: 'Apuntes, estrategias y pendientes de tu práctica' },
  tareas: { title: 'Tareas', description: 'Lo que hay que hacer en tus casos, para cuándo y lo que ya está hecho' },
  facturacion: { title: 'Facturación', description: 'Gestiona tus facturas y los pagos de tus clientes' },
  'ai-assistant': { title: MSG.ai.titulo, description: MSG.ai.subtitulo },
  configuracion: { title: 'Configuración', description: 'Tu perfil, tu seguridad, tus datos y tus preferencias' },
} as const satisfies Record<string, { title: string; description: string }>;

export type HeadedPage = keyof typeof PAGE_HEADINGS;
