import { type Etiqueta } from '@bufete/shared/notas';
import { TAG_COLORS } from '@bufete/shared/values/notas';
import { MSG } from '@bufete/shared/messages';
import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { serverSays } from '@/lib/api';
import { useCreateTag, useTags } from '@/lib/tags';
import { cn } from '@/lib/utils';

export function TagChip({ tag, className }: { tag: Etiqueta; className?: string }) {
  return (
    <span
      className={cn('inline-flex max-w-full items-center truncate rounded-full px-2 py-0.5 text-xs font-medium text-slate-900', className)}
      style={{ backgroundColor: tag.color }}
    >
      {tag.nombre}
    </span>
  );
}

/** Pick existing tags, or create one with a name and one of the 10 pastel colours. */
export function TagPicker({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const tags = useTags();
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TAG_COLORS[0]);
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  const onCreate = async () => {
    if (!name.trim()) return;
    try {
      const tag = await create.mutateAsync({ nombre: name.trim(), color: color as (typeof TAG_COLORS)[number] });
      if (!selected.includes(tag.id)) onChange([...selected, tag.id]);
      setName('');
    } catch (error) {
      toast.error(serverSays(error) ? error.message : MSG.notes.errorEtiqueta);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Etiquetas">
        {tags.data?.length === 0 ? <p className="text-sm text-slate-500">Aún no tienes etiquetas.</p> : null}
        {tags.data?.map((tag) => {
          const on = selected.includes(tag.id);
          return (
            <button
              key={tag.id}
              type="button"
              onClick={() => toggle(tag.id)}
              aria-pressed={on}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border-2 px-2.5 py-0.5 text-xs font-medium text-slate-900',
                on ? 'border-slate-700' : 'border-transparent opacity-80 hover:opacity-100',
              )}
              style={{ backgroundColor: tag.color }}
            >
              {on ? <Check className="size-3" aria-hidden /> : null}
              {tag.nombre}
            </button>
          );
        })}
      </div>
      <div className="rounded-lg border border-dashed border-border p-3">
        <div className="flex gap-2">
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void onCreate();
              }
            }}
            placeholder="Nueva etiqueta"
            aria-label="Nombre de la nueva etiqueta"
            maxLength={40}
            className="h-9"
          />
          <Button type="button" variant="outline" size="sm" className="h-9" onClick={onCreate} disabled={!name.trim() || create.isPending}>
            <Plus aria-hidden /> Crear
          </Button>
        </div>
        <div className="mt-2 flex flex-wrap gap-1.5" role="radiogroup" aria-label="Color de la etiqueta">
          {TAG_COLORS.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={color === value}
              aria-label={`Color ${value}`}
              onClick={() => setColor(value)}
              className={cn('size-6 rounded-full border-2', color === value ? 'border-slate-800' : 'border-white shadow')}
              style={{ backgroundColor: value }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
