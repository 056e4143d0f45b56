import { MSG } from '@bufete/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateSession } from './api';

/** 'Guardar chat': the session's title; Guardar is disabled while it is blank (spec). */
export function SaveChatDialog({ sessionId, initialTitle, open, onOpenChange }: { sessionId: string | null; initialTitle: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Guardar chat" description="Ponle un título para encontrarlo en «Chats guardados»." />
        {open && sessionId ? <SaveForm sessionId={sessionId} initialTitle={initialTitle} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SaveForm({ sessionId, initialTitle, onDone }: { sessionId: string; initialTitle: string; onDone: () => void }) {
  const [title, setTitle] = useState(initialTitle);
  const save = useUpdateSession();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    save.mutate(
      { id: sessionId, title: title.trim() },
      {
        onSuccess: () => {
          toast.success(MSG.ai.guardado);
          onDone();
        },
        onError: () => toast.error(MSG.ai.errorGuardar),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField id="chat-titulo" label="Título del chat">
        <Input id="chat-titulo" value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Ej: Estrategia en el juicio de alimentos" />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!title.trim() || save.isPending}>
          {save.isPending ? <Spinner /> : null} Guardar
        </Button>
      </DialogFooter>
    </form>
  );
}
