import type { Profile } from '@bufete/shared/profile';
import { initialsOf } from '@bufete/shared/names';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DeferredMenu } from '@/components/ui/deferred-menu';
import { NotificationsBell } from '@/features/notifications';
import { SearchBox } from '@/features/search';
import { DespachoSwitcher } from '@/features/team';
import { TimerSlot } from '@/features/time';
import { lazyWithPreload } from '@/lib/lazy';
import { useAlcance } from '@/lib/session';
import { MENU_BUTTON_ID } from './navigation';
import { UserAvatar } from './UserAvatar';

const UserMenu = lazyWithPreload(() => import('./UserMenu'));

export function Topbar({ profile, menuOpen, onMenuToggle }: { profile: Profile | null; menuOpen: boolean; onMenuToggle: () => void }) {
  // The search reads the whole despacho: a pasante finds their cases in their list.
  const { soloSusCasos } = useAlcance();
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
      {soloSusCasos ? null : <SearchBox />}
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        {/* On a phone it lives in the menu: the top bar's width is the search box's. */}
        <div className="hidden sm:block">
          <DespachoSwitcher />
        </div>
        <TimerSlot />
        <NotificationsBell />
        <DeferredMenu
          menu={UserMenu}
          menuProps={{ profile }}
          trigger={
            <button type="button" className="inline-flex size-11 items-center justify-center rounded-full" aria-label={`${initialsOf(profile)} · Menú de usuario`}>
              <UserAvatar profile={profile} />
            </button>
          }
        />
      </div>
    </header>
  );
}
