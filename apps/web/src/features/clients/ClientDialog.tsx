import { type Cliente, clienteSchema, MSG } from '@bufete/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { parseForm } from '@/lib/forms';
import { useSaveClient } from './api';

type Values = { nombre: string; email: string; telefono: string; empresa: string; direccion: string };

/** 'Crear nuevo cliente' or, with a client, 'Editar cliente'. */
export function ClientDialog({ cliente, open, onOpenChange }: { cliente: Cliente | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader
          title={cliente ? 'Editar cliente' : 'Crear nuevo cliente'}
          description={cliente ? 'Actualiza los datos del cliente.' : 'Agrega un cliente a tu cartera.'}
        />
        {open ? <ClientForm cliente={cliente} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ cliente, onDone }: { cliente: Cliente | null; onDone: () => void }) {
  const save = useSaveClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      nombre: cliente?.nombre ?? '',
      email: cliente?.email ?? '',
      telefono: cliente?.telefono ?? '',
      empresa: cliente?.empresa ?? '',
      direccion: cliente?.direccion ?? '',
    },
  });
  const nombre = form.watch('nombre');
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const input = parseForm(clienteSchema, values, form.setError);
    if (!input) return;
    try {
      await save.mutateAsync({ id: cliente?.id, input: input });
      toast.success(cliente ? 'Cliente actualizado correctamente' : 'Cliente creado correctamente');
      onDone();
    } catch (error) {
      const fallback = cliente ? MSG.practice.errorActualizarCliente : MSG.practice.errorCrearCliente;
      setFormError(error instanceof ApiError && error.status === 400 ? error.message : fallback);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <FormField id="cliente-nombre" label="Nombre *" error={errors.nombre?.message}>
        <Input id="cliente-nombre" placeholder="Nombre completo" autoComplete="off" {...form.register('nombre')} />
      </FormField>
      <FormField id="cliente-email" label="Email" error={errors.email?.message}>
        <Input id="cliente-email" type="email" placeholder="cliente@email.com" autoComplete="off" aria-invalid={!!errors.email} {...form.register('email')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="cliente-telefono" label="Teléfono" error={errors.telefono?.message}>
          <Input id="cliente-telefono" type="tel" placeholder="+52 55 1234 5678" autoComplete="off" {...form.register('telefono')} />
        </FormField>
        <FormField id="cliente-empresa" label="Empresa" error={errors.empresa?.message}>
          <Input id="cliente-empresa" placeholder="Empresa (opcional)" autoComplete="off" {...form.register('empresa')} />
        </FormField>
      </div>
      <FormField id="cliente-direccion" label="Dirección" error={errors.direccion?.message}>
        <Textarea id="cliente-direccion" rows={2} placeholder="Calle, número, ciudad" {...form.register('direccion')} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!nombre.trim() || form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner /> : null}
          {cliente ? 'Guardar Cambios' : 'Crear Cliente'}
        </Button>
      </DialogFooter>
    </form>
  );
}
