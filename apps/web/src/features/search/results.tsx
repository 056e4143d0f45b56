import type { Resultado } from '@bufete/shared/search';
import type { BusquedaTipo } from '@bufete/shared/values/search';
import { MARCA_FIN, MARCA_INICIO } from '@bufete/shared/values/search';
import { Briefcase, CalendarDays, FileText, Gavel, ListTodo, type LucideIcon, Receipt, StickyNote, Users } from 'lucide-react';
import { Fragment } from 'react';

export const KIND_ICON: Record<BusquedaTipo, LucideIcon> = {
  casos: Briefcase,
  clientes: Users,
  documentos: FileText,
  notas: StickyNote,
  actuaciones: Gavel,
  tareas: ListTodo,
  citas: CalendarDays,
  facturas: Receipt,
};

/** A passage with its matching words in <mark>: the text is never read as HTML. */
export function Marked({ text }: { text: string }) {
  const parts = text.split(MARCA_INICIO);
  return (
    <>
      {parts.map((part, index) => {
        if (index === 0) return <Fragment key={index}>{part}</Fragment>;
        const [marked, rest = ''] = part.split(MARCA_FIN);
        return (
          <Fragment key={index}>
            <mark className="rounded-sm bg-amber-100 px-0.5 text-slate-900">{marked}</mark>
            {rest}
          </Fragment>
        );
      })}
    </>
  );
}

/** One result: icon, title, its line of context and, for contents, the passage found. */
export function ResultBody({ resultado }: { resultado: Resultado }) {
  const Icon = KIND_ICON[resultado.tipo];
  return (
    <span className="flex min-w-0 items-start gap-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{resultado.titulo}</span>
        {resultado.contexto ? <span className="block truncate text-xs text-slate-600">{resultado.contexto}</span> : null}
        {resultado.fragmento ? (
          <span className="mt-0.5 line-clamp-2 block text-xs text-slate-700">
            <Marked text={resultado.fragmento} />
          </span>
        ) : null}
      </span>
    </span>
  );
}
