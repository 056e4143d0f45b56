import { cloneElement, type KeyboardEvent, type ReactElement, Suspense, useState } from 'react';
import type { LazyWithPreload } from '@/lib/lazy';

/** What a deferred menu's module renders: the menu, open from the start when the person asked for it. */
export interface DeferredMenuProps {
  /** The trigger button, as the menu's own trigger (Radix `asChild`). */
  trigger: ReactElement;
  defaultOpen: boolean;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A dropdown menu whose code loads when the person reaches for it: Radix's
 * menu with its positioning, dismissal and focus handling is ~26 KB
 * compressed, more than the rest of the signed-in shell, and nobody opens a
 * menu before the page has shown. Until then the trigger is the same button,
 * announced as opening a menu; pointing at it or focusing it starts the load,
 * and a click (or Enter, Space, ↓) opens the menu as soon as it is here. From
 * then on the real menu stays.
 */
export function DeferredMenu<P extends object = object>({
  trigger,
  menu: Menu,
  menuProps,
}: {
  trigger: ReactElement<Record<string, unknown>>;
  menu: LazyWithPreload<DeferredMenuProps & P>;
  /** What the menu shows, from the component that draws the trigger. */
  menuProps?: P;
}) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void Menu.preload().catch(() => {});
  const stub = cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': wanted,
    onPointerEnter: preload,
    onFocus: preload,
    onTouchStart: preload,
    onClick: () => setWanted(true),
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      setWanted(true);
    },
  });
  if (!wanted) return stub;
  return (
    <Suspense fallback={stub}>
      <Menu {...(menuProps as P)} trigger={trigger} defaultOpen />
    </Suspense>
  );
}
