import { useEffect, useRef, useState } from 'react';
import { preloadDialogs } from '@/components/ui/dialog';
import { pageSettled } from '@/lib/hooks';
import { TaskDialog } from './TaskDialog';

/** Where a typed key belongs to the page, not to the shortcut. */
const typingIn = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * 'T' anywhere (outside a field) opens a new task; on a case's page, for
 * that case. The keys typed while the dialog is arriving are kept and become
 * the start of its title.
 */
export function QuickTask() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(0);
  const typedAhead = useRef('');
  // Read by the key handler: a key pressed right after 'T', before React has
  // re-rendered, must already count as typed into the opening dialog.
  const isOpen = useRef(false);
  const openDialog = (next: boolean) => {
    isOpen.current = next;
    setOpen(next);
  };
  const casoId = /^\/casos\/([0-9a-f-]{36})$/i.exec(window.location.pathname)?.[1] ?? null;

  useEffect(() => {
    // Once the page has painted and settled: on a slow phone an earlier idle moment comes
    // before the page's largest paint, and the dialog library would share its bandwidth.
    void pageSettled.then(preloadDialogs);
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const dialogField = document.getElementById('tarea-titulo');
      if (!dialogField && document.querySelector('[role="dialog"]')) return;
      if (!isOpen.current && (event.key === 't' || event.key === 'T') && !typingIn(event.target)) {
        event.preventDefault();
        typedAhead.current = '';
        setOpened((n) => n + 1);
        openDialog(true);
        return;
      }
      if (!isOpen.current || event.key.length !== 1) return;
      // Opened but its title field not here yet: what is typed is kept for it.
      if (!dialogField) typedAhead.current += event.key;
      // Here but not focused yet (nothing has the focus): the key goes to it.
      else if (document.activeElement === document.body || !document.activeElement) dialogField.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return <TaskDialog key={opened} open={open} onOpenChange={openDialog} casoId={casoId} initialTitle={() => typedAhead.current} />;
}
