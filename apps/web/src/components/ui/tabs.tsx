import { type ComponentProps, createContext, type KeyboardEvent, type ReactNode, useContext, useId, useState } from 'react';
import { cn } from '@/lib/utils';

/*
 * Tabs as the WAI-ARIA pattern has them: a tablist of tabs with one tab
 * stop (arrows, Home and End move between tabs and show each one), each tab
 * controlling its panel, and the panel focusable. Ours rather than Radix's
 * (~8 KB compressed with its roving-focus and collection helpers): every
 * screen that uses them is one a lawyer opens directly (Configuración, a case,
 * a client). They start from `defaultValue`, or follow `value` when a page
 * keeps the shown tab in its address (`useTabParam`), so a link to '?tab=tiempo'
 * shows that tab even on the page already open.
 */
interface TabsState {
  value: string;
  select(value: string): void;
  idOf(part: 'tab' | 'panel', value: string): string;
}
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('TabsTrigger y TabsContent van dentro de Tabs');
  return state;
}

export function Tabs({
  defaultValue,
  value: controlled,
  onValueChange,
  className,
  children,
}: {
  defaultValue: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const select = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  const base = useId();
  const idOf = (part: 'tab' | 'panel', tab: string) => `${base}-${part}-${tab}`;
  return (
    <TabsContext.Provider value={{ value, select, idOf }}>
      <div className={className} data-orientation="horizontal">
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** Left and Right (wrapping), Home and End move to a tab and show it, as Radix's automatic activation did. */
function moveAmongTabs(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (current < 0) return;
  const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length];
  tab?.focus();
  tab?.click();
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveAmongTabs}
      className={cn('inline-flex h-auto items-center gap-1 rounded-lg bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, ...props }: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-selected={active}
      aria-controls={tabs.idOf('panel', value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      onClick={() => tabs.select(value)}
      className={cn(
        'inline-flex h-11 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 sm:h-8',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/** A tab's panel: rendered while its tab shows, or always with `forceMount` (what was typed in it stays). */
export function TabsContent({ value, forceMount, className, ...props }: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  if (!active && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={0}
      className={cn('mt-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary', className)}
      {...props}
    />
  );
}
