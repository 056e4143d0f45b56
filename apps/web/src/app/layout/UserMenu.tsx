import type { Profile } from '@bufete/shared/profile';
import { especialidadOf, fullNameOf } from '@bufete/shared/names';
import { LogOut, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { DeferredMenuProps } from '@/components/ui/deferred-menu';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/lib/session';

/** The avatar's menu (loaded when first reached for: Topbar): the lawyer's name, Perfil and Cerrar sesión. */
export default function UserMenu({ trigger, defaultOpen, profile }: DeferredMenuProps & { profile: Profile | null }) {
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
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
  );
}
