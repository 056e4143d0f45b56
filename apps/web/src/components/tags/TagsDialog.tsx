import { Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { TagChip } from './TagPicker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { useDeleteTag, useTags } from '@/lib/tags';

/** The user's tags by name; deleting one removes it from its notes. */
export function TagsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const tags = useTags();
  const remove = useDeleteTag();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Etiquetas" description="Las etiquetas se crean al escribir una nota. Eliminar una la quita de sus notas." />
        {tags.data?.length === 0 ? <p className="text-sm text-slate-600">Aún no tienes etiquetas.</p> : null}
        <ul className="divide-y divide-border">
          {tags.data?.map((tag) => (
            <li key={tag.id} className="flex items-center justify-between py-2">
              <TagChip tag={tag} />
              <Button
                variant="ghost"
                size="sm"
                className="text-red-600"
                aria-label={`Eliminar etiqueta ${tag.nombre}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(tag.id, { onError: () => toast.error('No se pudo eliminar la etiqueta') })}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
