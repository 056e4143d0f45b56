import { PageHeader } from '@/components/ui/page-header';
import type { PAGE_HEADINGS } from '@/lib/page-headings';
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
      <Sidebar profile={null} open={false} hidden onClose={() => {}} userPending />
      <div className="flex min-h-full flex-col lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-white/95 px-4 backdrop-blur sm:px-6" />
        <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <PageHeader {...heading} />
        </main>
      </div>
    </div>
  );
}
