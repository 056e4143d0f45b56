import { partesApi } from '@bufete/shared/api/partes';
import { type Cliente, type ClienteInput, clienteSaveSchema } from '@bufete/shared/clientes';
import type { Conflicto } from '@bufete/shared/partes';
import { MSG } from '@bufete/shared/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ConflictNotice, useConflictCheck } from '@/components/conflicts';
import { RegimenFiscalSelect, UsoCfdiSelect } from '@/components/fiscal-selects';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, FormDialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { call, serverSays } from '@/lib/api';
import { useSchemaForm } from '@/lib/forms';
import { useSaveClient } from './api';

type Values = {
  nombre: string;
  email: string;
  telefono: string;
  empresa: string;
  direccion: string;
  rfc: string;
  razon_social: string;
  regimen_fiscal: string;
  codigo_postal: string;
  uso_cfdi: string;
  publico_en_general: boolean;
};

/** 'Crear nuevo cliente' or, with a client, 'Editar cliente'. */
export function ClientDialog({ cliente, open, onOpenChange }: { cliente: Cliente | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title={cliente ? 'Editar cliente' : 'Crear nuevo cliente'} description={cliente ? 'Actualiza los datos del cliente.' : 'Agrega un cliente a tu cartera.'} />
        {open ? <ClientForm cliente={cliente} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ cliente, onDone }: { cliente: Cliente | null; onDone: () => void }) {
  const save = useSaveClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<Values>(clienteSaveSchema, {
    nombre: cliente?.nombre ?? '',
    email: cliente?.email ?? '',
    telefono: cliente?.telefono ?? '',
    empresa: cliente?.empresa ?? '',
    direccion: cliente?.direccion ?? '',
    rfc: cliente?.rfc ?? '',
    razon_social: cliente?.razon_social ?? '',
    regimen_fiscal: cliente?.regimen_fiscal ?? '',
    codigo_postal: cliente?.codigo_postal ?? '',
    uso_cfdi: cliente?.uso_cfdi ?? '',
    publico_en_general: cliente?.publico_en_general ?? false,
  });
  // The uses the SAT accepts for this RFC and régimen (the select offers only those).
  const [receptorRfc, receptorRegimen, receptorUso] = form.watch(['rfc', 'regimen_fiscal', 'uso_cfdi']);
  const nombre = form.watch('nombre');
  const errors = form.formState.errors;
  // A new client whose name is a party of one of the lawyer's cases may be a conflict of interest: checked once the name is left.
  const [left, setLeft] = useState(cliente?.nombre ?? '');
  const conflicts = useConflictCheck(left, { clienteId: cliente?.id });
  const nombreField = form.register('nombre');

  // Saved, but the name is a party of one of the lawyer's cases: the dialog stays to say so (a toast would be gone before it is read).
  const [savedWithConflicts, setSavedWithConflicts] = useState<{ cliente: Cliente; conflictos: Conflicto[] } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // Checked by the schema already (useSchemaForm): what was typed is valid input.
      const saved = await save.mutateAsync({ id: cliente?.id, input: values as ClienteInput });
      const message = cliente ? 'Cliente actualizado correctamente' : 'Cliente creado correctamente';
      // Checked again for the name as saved (the check on leaving the field may not have answered yet).
      const conflictos = await call(partesApi.conflictos, { query: { nombre: saved.nombre, cliente_id: saved.id } })
        .then((reply) => reply.items)
        .catch(() => []);
      if (conflictos.length) {
        setSavedWithConflicts({ cliente: saved, conflictos });
        return;
      }
      toast.success(message);
      onDone();
    } catch (error) {
      const fallback = cliente ? MSG.practice.errorActualizarCliente : MSG.practice.errorCrearCliente;
      setFormError(serverSays(error) ? error.message : fallback);
    }
  });

  if (savedWithConflicts)
    return (
      <div className="space-y-4">
        <Alert variant="success">{cliente ? 'Cliente actualizado correctamente.' : 'Cliente creado correctamente.'}</Alert>
        <ConflictNotice conflictos={savedWithConflicts.conflictos} />
        <p className="text-sm text-slate-600">El aviso también queda en la página del cliente y en cada caso suyo hasta que lo marques como revisado.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link to={`/clientes/${savedWithConflicts.cliente.id}`} onClick={onDone}>
              Ver cliente
            </Link>
          </Button>
          <Button onClick={onDone} autoFocus>
            Entendido
          </Button>
        </div>
      </div>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <FormField id="cliente-nombre" label="Nombre *" error={errors.nombre?.message}>
        <Input id="cliente-nombre" placeholder="Nombre completo" autoComplete="off" {...nombreField} onBlur={(event) => (setLeft(event.target.value), nombreField.onBlur(event))} />
      </FormField>
      <ConflictNotice conflictos={conflicts.data} />
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
      {/* Fiscal data: who the receipt is for; a company's 12-character RFC means it withholds taxes. */}
      <details className="rounded-xl border border-border p-4" open={!!(cliente?.rfc || cliente?.razon_social || cliente?.publico_en_general)}>
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">Datos fiscales (opcional)</summary>
        <div className="mt-4 space-y-4">
          <div className="space-y-1">
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 accent-primary" aria-describedby="cliente-publico-hint" {...form.register('publico_en_general')} />
              No requiere factura (público en general)
            </label>
            <p id="cliente-publico-hint" className="text-sm text-slate-600">
              Sus recibos pagados sin CFDI se incluyen en tu factura global del periodo.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="cliente-rfc" label="RFC" error={errors.rfc?.message}>
              <Input id="cliente-rfc" placeholder="Ej: ABC680524P76" autoComplete="off" className="uppercase" aria-invalid={!!errors.rfc} {...form.register('rfc')} />
            </FormField>
            <FormField id="cliente-cp" label="Código postal fiscal" error={errors.codigo_postal?.message}>
              <Input id="cliente-cp" inputMode="numeric" maxLength={5} autoComplete="off" {...form.register('codigo_postal')} />
            </FormField>
          </div>
          <FormField id="cliente-razon" label="Razón social" error={errors.razon_social?.message}>
            <Input id="cliente-razon" placeholder="Como aparece en su constancia de situación fiscal" autoComplete="off" {...form.register('razon_social')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="cliente-regimen" label="Régimen fiscal" error={errors.regimen_fiscal?.message}>
              <RegimenFiscalSelect id="cliente-regimen" {...form.register('regimen_fiscal')} />
            </FormField>
            <FormField id="cliente-uso" label="Uso del CFDI" error={errors.uso_cfdi?.message} hint="Sin especificar: G03 · Gastos en general.">
              <UsoCfdiSelect id="cliente-uso" receptor={{ rfc: receptorRfc, regimen_fiscal: receptorRegimen, uso_cfdi: receptorUso }} {...form.register('uso_cfdi')} />
            </FormField>
          </div>
        </div>
      </details>
      <FormDialogFooter onCancel={onDone} submitLabel={cliente ? 'Guardar Cambios' : 'Crear Cliente'} submitting={form.formState.isSubmitting} disabled={!nombre.trim()} />
    </form>
  );
}
