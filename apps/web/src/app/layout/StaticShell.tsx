import { PageHeader } from '@/components/ui/page-header';
import type { PAGE_HEADINGS } from '@/lib/page-headings';
import { MAIN_CONTENT_ID, SKIP_LINK_ID } from '@/lib/focus';
import { Sidebar } from './Sidebar';

/**
 * A signed-in page as its HTML paints it, before any JavaScript (written by
 * apps/web/prerender.ts): the sidebar, an empty top bar and the page's title
 * and description, each where AppLayout draws it, so nothing moves when the
 * app replaces it with the page itself (its buttons, the lawyer's name, the
 * data). The sidebar is off screen on a phone, as the app's is when closed.
 */
export function StaticShell({ heading }: { heading: (typeof PAGE_HEADINGS)[keyof typeof PAGE_HEADINGS] }) {
  return (
    <div className="min-h-full" data-static-shell>
      {/* The same skip link as AppLayout's, so the first Tab lands on it before the app has arrived. */}
      <a
        id={SKIP_LINK_ID}
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido
      </a>
      <Sidebar profile={null} open={false} hidden onClose={() => {}} userPending />
      <div className="flex min-h-full flex-col lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-white/95 px-4 backdrop-blur sm:px-6" />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6 lg:p-8">
          <PageHeader {...heading} />
        </main>
      </div>
    </div>
  );
}
