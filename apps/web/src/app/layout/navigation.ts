import type { Area } from '@bufete/shared/values/equipo';
import { Bot, Briefcase, CalendarDays, FileText, LayoutDashboard, ListTodo, Lock, Receipt, Settings, StickyNote, Users } from 'lucide-react';

/**
 * Sidebar entries, in the spec's order (part 1, 2.10), each with the area of
 * the despacho it opens: a member sees only those their role reaches (the
 * server refuses the others anyway). Configuración always shows: Seguridad is
 * every person's own.
 */
export const NAV_ITEMS: readonly { to: string; label: string; icon: typeof Bot; area: Area | null; pasante?: false }[] = [
  // A pasante's menu: their cases and what hangs on them (the dashboard and the vault count the whole despacho).
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, area: null, pasante: false },
  { to: '/casos', label: 'Casos', icon: Briefcase, area: 'casos' },
  { to: '/clientes', label: 'Clientes', icon: Users, area: 'clientes' },
  { to: '/calendario', label: 'Calendario', icon: CalendarDays, area: 'calendario' },
  { to: '/tareas', label: 'Tareas', icon: ListTodo, area: 'tareas' },
  { to: '/documentos', label: 'Documentos', icon: FileText, area: 'documentos' },
  { to: '/notas', label: 'Notas', icon: StickyNote, area: 'notas' },
  { to: '/facturacion', label: 'Facturación', icon: Receipt, area: 'facturacion' },
  { to: '/boveda', label: 'Bóveda', icon: Lock, area: 'documentos', pasante: false },
  { to: '/ai-assistant', label: 'IA Assistant', icon: Bot, area: 'asistente' },
  { to: '/configuracion', label: 'Configuración', icon: Settings, area: null },
];

/** The area each page opens (the first prefix that matches): a member's role may not reach it. */
const PAGE_AREAS: readonly [string, Area][] = [['/casos/boletin', 'boletin'], ...NAV_ITEMS.flatMap(({ to, area }): [string, Area][] => (area ? [[to, area]] : []))];

export function areaOfPage(pathname: string): Area | null {
  return PAGE_AREAS.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? null;
}

/** The top bar's menu button on phones: where the keyboard returns when the menu closes. */
export const MENU_BUTTON_ID = 'menu-toggle';
