import { aiSessionUpdateSchema } from '@bufete/shared/ia';
import { MSG } from '@bufete/shared/messages';
import { toast } from '@/lib/toast';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/forms';
import { useUpdateSession } from './api';

/** 'Guardar chat': the session's title; Guardar is disabled while it is blank (spec). */
export function SaveChatDialog({
  sessionId,
  initialTitle,
  open,
  onOpenChange,
}: {
  sessionId: string | null;
  initialTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Guardar chat" description="Ponle un título para encontrarlo en «Chats guardados»." />
        {open && sessionId ? <SaveForm sessionId={sessionId} initialTitle={initialTitle} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The form asks for a title: the contract's 'title' is optional because the star sends only is_favorite. */
const saveChatSchema = aiSessionUpdateSchema.required({ title: true });

function SaveForm({ sessionId, initialTitle, onDone }: { sessionId: string; initialTitle: string; onDone: () => void }) {
  const form = useSchemaForm<{ title: string }>(saveChatSchema, { title: initialTitle });
  const title = form.watch('title');
  const save = useUpdateSession();
  const onSubmit = form.handleSubmit(async ({ title }) => {
    await save
      .mutateAsync(
        { id: sessionId, title: title.trim() },
        {
          onSuccess: () => {
            toast.success(MSG.ai.guardado);
            onDone();
          },
          onError: () => toast.error(MSG.ai.errorGuardar),
        },
      )
      .catch(() => undefined);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField id="chat-titulo" label="Título del chat" error={form.formState.errors.title?.message}>
        <Input id="chat-titulo" {...form.register('title')} placeholder="Ej: Estrategia en el juicio de alimentos" />
      </FormField>
      <FormDialogFooter onCancel={onDone} submitLabel={'Guardar'} submitting={save.isPending} disabled={!title.trim()} />
    </form>
  );
}
