import { type Cliente } from '@bufete/shared/clientes';
import { MSG } from '@bufete/shared/messages';
import { whatsappUrl } from '@bufete/shared/values/clientes';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isDemoId } from '@/lib/demo';
import { useDeleteClient } from './api';
import { ClientDialog, EmailReminderDialog } from './dialogs';

export interface ClientActions {
  onEmail: () => void;
  onWhatsapp: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * What can be done to a client, from a card or from their page: email,
 * WhatsApp, edit and delete (the sample client answers each with the spec's
 * message). Returns the actions for a client, a way to open the new-client
 * dialog, and the dialogs to render once.
 */
export function useClientActions({ createOnOpen = false, onEditorClosed, onDeleted }: { createOnOpen?: boolean; onEditorClosed?: () => void; onDeleted?: () => void } = {}) {
  const deleteClient = useDeleteClient();
  const [editor, setEditor] = useState<{ open: boolean; cliente: Cliente | null }>({ open: createOnOpen, cliente: null });
  const [emailTo, setEmailTo] = useState<Cliente | null>(null);
  const [toDelete, setToDelete] = useState<Cliente | null>(null);

  const actionsFor = (cliente: Cliente): ClientActions => {
    const demo = isDemoId(cliente.id);
    return {
      onEmail: () => (demo ? toast.info(MSG.practice.clienteEjemploContacto) : setEmailTo(cliente)),
      onWhatsapp: () => {
        if (demo) return toast.info(MSG.practice.clienteEjemploContacto);
        const url = whatsappUrl(cliente.telefono);
        if (!url) return toast.error(MSG.practice.sinTelefono);
        window.open(url, '_blank', 'noopener,noreferrer');
      },
      onEdit: () => (demo ? toast.error(MSG.practice.noEditarClienteEjemplo) : setEditor({ open: true, cliente })),
      onDelete: () => (demo ? toast.error(MSG.practice.noEliminarClienteEjemplo) : setToDelete(cliente)),
    };
  };

  const confirmDelete = () =>
    toDelete &&
    deleteClient.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Cliente eliminado');
        setToDelete(null);
        onDeleted?.();
      },
      onError: () => toast.error(MSG.practice.errorEliminarCliente),
    });

  const dialogs = (
    <>
      <ClientDialog
        cliente={editor.cliente}
        open={editor.open}
        onOpenChange={(open) => {
          setEditor((current) => ({ ...current, open }));
          if (!open) onEditorClosed?.();
        }}
      />
      <EmailReminderDialog cliente={emailTo} onOpenChange={(open) => !open && setEmailTo(null)} />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar cliente"
        description={MSG.practice.confirmarEliminarCliente}
        busy={deleteClient.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );

  return { actionsFor, openNew: () => setEditor({ open: true, cliente: null }), dialogs };
}
