import { especialidadOf, fullNameOf, initialsOf } from '@bufete/shared/names';
import type { Profile } from '@bufete/shared';
import { LogOut, Menu, User } from 'lucide-react';
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
import { NotificationsBell } from '@/features/notifications';
import { SearchBox } from '@/features/search';
import { useSignOut } from '@/lib/session';
import { MENU_BUTTON_ID } from './navigation';
import { UserAvatar } from './UserAvatar';

export function Topbar({ profile, menuOpen, onMenuToggle }: { profile: Profile | null; menuOpen: boolean; onMenuToggle: () => void }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  const onSignOut = async () => {
    try {
      await signOut();
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
        id={MENU_BUTTON_ID}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      <SearchBox />
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <NotificationsBell />
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <button type="button" className="inline-flex size-11 items-center justify-center rounded-full" aria-label={`${initialsOf(profile)} · Menú de usuario`}>
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
