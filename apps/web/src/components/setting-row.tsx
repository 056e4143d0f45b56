import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconTile } from '@/components/ui/icon-tile';

/** One setting of Configuración: icon, title and what it does, and its control (beside it, or under it on a phone). */
export function SettingRow({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <IconTile icon={Icon} className="size-10 rounded-lg bg-slate-100 text-slate-700" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{title}</p>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
      </div>
      <div className="pl-[3.25rem] sm:pl-0">{children}</div>
    </div>
  );
}
