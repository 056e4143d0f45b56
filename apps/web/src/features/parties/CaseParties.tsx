import { MSG } from '@bufete/shared/messages';
import { type Parte, type ParteInput, parteInputSchema } from '@bufete/shared/partes';
import { PARTE_ROL_LABELS, PARTE_ROLES_ELEGIBLES, type ParteRol } from '@bufete/shared/values/partes';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { ConflictNotice, useConflictCheck } from '@/components/conflicts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/list-states';
import { Select } from '@/components/ui/select';
import { serverMessage } from '@/lib/api';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCaseParties, useDeleteParty, useSaveParty } from './api';

/** The order a court prints them in: the actora, the demandada, then the terceros. */
const ORDER: Record<ParteRol, number> = { actor: 0, demandado: 1, contraparte: 2, tercero: 3 };

/**
 * A case's 'Partes': the actora, the demandada and the terceros, each with
 * their counsel. A bulletin's 'ACTORA vs. DEMANDADA' is compared with them,
 * and a name entered here is checked against the lawyer's clients and other
 * cases (a conflict of interest is flagged, never blocked).
 */
/** `readOnly`: the parties shown, without changing them (a pasante reads their case's parties; the case is the titular's to change). */
export function CaseParties({ casoId, demo = false, sample = [], readOnly = false }: { casoId: string; demo?: boolean; sample?: Parte[]; readOnly?: boolean }) {
  const list = useCaseParties(casoId, !demo);
  const remove = useDeleteParty();
  const [editing, setEditing] = useState<Parte | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Parte | null>(null);
  const items = [...(demo ? sample : (list.data ?? []))].sort((a, b) => ORDER[a.rol] - ORDER[b.rol]);

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(MSG.partes.eliminada);
        setDeleting(null);
      },
      onError: (error) => toast.error(serverMessage(error, MSG.partes.errorEliminar)),
    });

  return (
    <Card className="mb-6">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Users className="size-5 text-slate-500" aria-hidden /> Partes
        </CardTitle>
        {readOnly ? null : (
          <Button variant="outline" size="sm" onClick={() => (demo ? toast.info(MSG.partes.vacio) : setCreating(true))}>
            <Plus aria-hidden /> Agregar parte
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!demo && list.isPending ? <LoadingState>Cargando partes...</LoadingState> : null}
        {!demo && list.isError ? <Alert variant="error">{MSG.partes.errorCargar}</Alert> : null}
        {(demo || list.isSuccess) && items.length === 0 ? <p className="text-sm text-slate-600">{MSG.partes.vacio}</p> : null}
        {items.length ? (
          <ul className="divide-y divide-border" aria-label="Partes del caso">
            {items.map((parte) => (
              <li key={parte.id} className="flex items-start justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <Badge variant={parte.rol === 'contraparte' ? 'warning' : 'secondary'}>{PARTE_ROL_LABELS[parte.rol]}</Badge>
                  <p className="mt-1 font-medium break-words text-slate-900">{parte.nombre}</p>
                  {parte.abogado ? <p className="text-sm text-slate-600">Abogado: {parte.abogado}</p> : null}
                </div>
                {!demo && !readOnly ? (
                  <div className="flex shrink-0 gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Editar a ${parte.nombre}`} onClick={() => setEditing(parte)}>
                      <Pencil aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Eliminar a ${parte.nombre}`} onClick={() => setDeleting(parte)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      {!demo ? (
        <>
          <PartyDialog open={creating} onOpenChange={setCreating} casoId={casoId} />
          <PartyDialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)} casoId={casoId} parte={editing} />
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Eliminar parte"
            description={deleting ? `¿Eliminar a ${deleting.nombre} de las partes de este caso?` : ''}
            confirmLabel="Eliminar"
            onConfirm={confirmDelete}
            busy={remove.isPending}
          />
        </>
      ) : null}
    </Card>
  );
}

const FIELDS = ['rol', 'nombre', 'abogado'] as const;

function PartyDialog({ open, onOpenChange, casoId, parte }: { open: boolean; onOpenChange: (open: boolean) => void; casoId: string; parte?: Parte | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader title={parte ? 'Editar parte' : 'Agregar parte'} description="Como aparece en el expediente y en el boletín." />
        {open ? <PartyForm casoId={casoId} parte={parte ?? null} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PartyForm({ casoId, parte, onDone }: { casoId: string; parte: Parte | null; onDone: () => void }) {
  const save = useSaveParty(casoId);
  // The name as it was when the field was left: what the conflict check reads.
  const [left, setLeft] = useState(parte?.nombre ?? '');
  const conflicts = useConflictCheck(left, { casoId });
  const form = useSchemaForm<ParteInput>(parteInputSchema, { rol: parte?.rol ?? 'demandado', nombre: parte?.nombre ?? '', abogado: parte?.abogado ?? '' });
  const { errors, isSubmitting } = form.formState;
  // A party carried over from the old 'Contraparte' field keeps that choice until its side is said.
  const roles: readonly ParteRol[] = parte?.rol === 'contraparte' ? [...PARTE_ROLES_ELEGIBLES, 'contraparte'] : PARTE_ROLES_ELEGIBLES;
  const nombre = form.register('nombre');
  const { onSubmit, error } = useFormSubmit(form, { fields: FIELDS, unexpected: MSG.partes.errorGuardar }, async (values) => {
    await save.mutateAsync({ id: parte?.id ?? null, input: values });
    // A conflict it brings stays on the case (CaseConflicts, above its tabs) until the lawyer notes it as reviewed.
    toast.success(parte ? MSG.partes.actualizada : MSG.partes.creada);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="parte-rol" label="Papel en el juicio" error={errors.rol?.message}>
        <Select id="parte-rol" {...form.register('rol')}>
          {roles.map((rol) => (
            <option key={rol} value={rol}>
              {PARTE_ROL_LABELS[rol]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="parte-nombre" label="Nombre o razón social *" error={errors.nombre?.message}>
        <Input id="parte-nombre" autoComplete="off" {...nombre} onBlur={(event) => (setLeft(event.target.value), nombre.onBlur(event))} />
      </FormField>
      <ConflictNotice conflictos={conflicts.data} />
      <FormField id="parte-abogado" label="Abogado (opcional)" error={errors.abogado?.message}>
        <Input id="parte-abogado" autoComplete="off" {...form.register('abogado')} />
      </FormField>
      <FormDialogFooter onCancel={onDone} submitLabel={parte ? 'Guardar cambios' : 'Agregar parte'} submitting={isSubmitting} />
    </form>
  );
}
