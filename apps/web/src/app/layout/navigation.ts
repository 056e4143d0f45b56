import { Bot, Briefcase, CalendarDays, FileText, LayoutDashboard, ListTodo, Lock, Receipt, Settings, StickyNote, Users } from 'lucide-react';

/** Sidebar entries, in the spec's order (part 1, 2.10). */
export const NAV_ITEMS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/casos', label: 'Casos', icon: Briefcase },
  { to: '/clientes', label: 'Clientes', icon: Users },
  { to: '/calendario', label: 'Calendario', icon: CalendarDays },
  { to: '/tareas', label: 'Tareas', icon: ListTodo },
  { to: '/documentos', label: 'Documentos', icon: FileText },
  { to: '/notas', label: 'Notas', icon: StickyNote },
  { to: '/facturacion', label: 'Facturación', icon: Receipt },
  { to: '/boveda', label: 'Bóveda', icon: Lock },
  { to: '/ai-assistant', label: 'IA Assistant', icon: Bot },
  { to: '/configuracion', label: 'Configuración', icon: Settings },
] as const;

/** The top bar's menu button on phones: where the keyboard returns when the menu closes. */
export const MENU_BUTTON_ID = 'menu-toggle';
