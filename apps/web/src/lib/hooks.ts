import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** `value` once it has stopped changing for `delayMs` (search boxes). */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Resolves once the page that was opened has loaded and painted, and the
 * browser has a moment to spare: a second after `load`, at its next idle
 * time. Work nobody waits for at first (the notices' library, the appointment
 * reminders' look-ahead) starts then, so on a slow phone the bandwidth and
 * the main thread go to what the page shows first. Later navigations inside
 * the app find it already resolved.
 */
export const pageSettled: Promise<void> = new Promise((resolve) => {
  if (typeof window === 'undefined') return;
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 2_000 }) : resolve());
  const afterLoad = () => window.setTimeout(idle, 1_000);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
});

/** Whether `pageSettled` has resolved (false on the first render of a page just opened). */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void pageSettled.then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return settled;
}

/** Whether a CSS media query matches now, following its changes (the shell's desktop breakpoint). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/**
 * While a form holds what the person typed and did not save, leaving the page
 * (closing the tab, reloading, typing another address) asks first.
 */
export function useUnsavedChangesWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** True from the first time `open` is: a dialog or popover never opened renders nothing and loads nothing. */
export function useOpenedOnce(open: boolean | undefined) {
  const [opened, setOpened] = useState(!!open);
  if (open && !opened) setOpened(true);
  return opened || !!open;
}

/**
 * The tab a page shows, kept in its address as '?tab=…' (a link such as the
 * timer's '/casos/:id?tab=tiempo' opens it, even on the page already open);
 * choosing a tab replaces the address without a new history entry. Unknown
 * names show `fallback`.
 */
export function useTabParam<T extends string>(names: readonly T[], fallback: T): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as T | null;
  const tab = asked && names.includes(asked) ? asked : fallback;
  const select = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === fallback) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, select];
}
