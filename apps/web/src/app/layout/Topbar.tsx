import { especialidadOf, fullNameOf, initialsOf } from '@bufete/shared/names';
import type { Profile } from '@bufete/shared/types';
import { Bell, LogOut, Menu, Search, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { useSignOut } from '@/lib/session';
import { UserAvatar } from './UserAvatar';

export function Topbar({ profile, menuOpen, onMenuToggle }: { profile: Profile | null; menuOpen: boolean; onMenuToggle: () => void }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  const onSignOut = async () => {
    try {
      await signOut();
      navigate('/', { replace: true });
    } catch {
      toast.error('No se pudo cerrar la sesión. Inténtalo de nuevo.');
    }
  };

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-white/95 px-4 backdrop-blur sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        onClick={onMenuToggle}
        aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
        aria-expanded={menuOpen}
        aria-controls="app-sidebar"
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      <div className="relative min-w-0 max-w-md flex-1" role="search">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input type="search" placeholder="Buscar casos, clientes, documentos..." aria-label="Buscar casos, clientes, documentos" className="pl-9" />
      </div>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <Button variant="ghost" size="icon" aria-label="Notificaciones">
          <Bell className="size-5" aria-hidden />
        </Button>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <button type="button" className="rounded-full" aria-label={`${initialsOf(profile)} · Menú de usuario`}>
              <UserAvatar profile={profile} />
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>
              <p className="truncate text-sm font-semibold">{fullNameOf(profile)}</p>
              <p className="truncate text-xs font-normal text-slate-600">{especialidadOf(profile)}</p>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => navigate('/configuracion')}>
              <User aria-hidden />
              Perfil
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onSignOut} className="text-red-700 data-[highlighted]:bg-red-50">
              <LogOut aria-hidden className="!text-red-600" />
              Cerrar sesión
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
