import { useRef } from 'react';

/** The id of the shell's main region: the skip link's target. */
export const MAIN_CONTENT_ID = 'contenido';
/** The skip link's id, the same in the page's HTML (StaticShell) and in the app (AppLayout). */
export const SKIP_LINK_ID = 'saltar-al-contenido';

/**
 * What had the keyboard in the page's HTML when the app took over (src/main.tsx):
 * React replaces that HTML, so the shell gives the focus back to the element of
 * the same id once it is mounted (AppLayout). A Tab pressed in the first moments
 * is not lost.
 */
export const focusAtTakeover: { id: string | null } = { id: null };

/** Gives the focus back to what had it in the page's HTML, once (see focusAtTakeover). */
export function restoreFocusAfterTakeover() {
  const id = focusAtTakeover.id;
  focusAtTakeover.id = null;
  // Only when the focus was lost with the page's HTML: never taken from where the person already is.
  if (document.activeElement && document.activeElement !== document.body) return;
  // The skip link followed in the HTML lands on the main region: in the app it lands on the page's title.
  if (id === MAIN_CONTENT_ID) focusPageTitle();
  else if (id) document.getElementById(id)?.focus();
}

/**
 * Moves the keyboard to the current page's title (its first h1 in the main
 * region), or to the main region itself while the title has not appeared.
 * Returns whether it found the title.
 */
export function focusPageTitle(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  const title = main.querySelector('h1');
  const target = title ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: false });
  return !!title;
}

/** Whether a person could reach this element right now: attached, shown and not inside something inert. */
function isFocusable(element: HTMLElement): boolean {
  return element.isConnected && !element.closest('[inert]') && element.getClientRects().length > 0 && !(element as HTMLButtonElement).disabled;
}

/**
 * Remembers what had the focus when a dialog opened and hands it back when the
 * dialog closes (Radix returns focus only to a Radix trigger; most of our
 * dialogs open from a card's action or a page button). When the opener is gone
 * (its card was deleted, the dialog opened on arrival at a page), focus goes to
 * the page title instead of the document body. Spread onto a Radix Content:
 * its open event fires before focus moves into the dialog.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = opener.current;
      opener.current = null;
      // After the close, React may still be re-rendering the list the opener lives in.
      requestAnimationFrame(() => {
        if (target && isFocusable(target)) target.focus();
        else focusPageTitle();
      });
    },
  };
}
