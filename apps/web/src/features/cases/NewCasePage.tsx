import { type CasoCreateInput, casoCreateSchema } from '@bufete/shared/casos';
import { MSG } from '@bufete/shared/messages';
import { isRecordId } from '@bufete/shared/values/fields';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverSays } from '@/lib/api';
import { useSchemaForm } from '@/lib/forms';
import { useCreateCase } from './api';
import { CaseFormFields, type CaseFormValues, EMPTY_CASE_IDENTITY } from './CaseFormFields';

export default function NewCasePage() {
  const navigate = useNavigate();
  const createCase = useCreateCase();
  const [formError, setFormError] = useState<string | null>(null);
  // From a client's page the new case comes already linked to that client (?cliente=id).
  const [params] = useSearchParams();
  const clienteParam = params.get('cliente') ?? '';
  const form = useSchemaForm<CaseFormValues>(casoCreateSchema, {
    titulo: '',
    descripcion: '',
    estado: 'Pendiente',
    prioridad: 'Media',
    cliente_id: isRecordId(clienteParam) ? clienteParam : '',
    fecha_vencimiento: '',
    responsable_id: '',
    asignados: [],
    ...EMPTY_CASE_IDENTITY,
  });
  const titulo = form.watch('titulo');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // Checked by the schema already (useSchemaForm): what was typed is valid input.
      const caso = await createCase.mutateAsync(values as CasoCreateInput);
      navigate(`/casos/${caso.id}`);
    } catch (error) {
      setFormError(serverSays(error) ? error.message : MSG.practice.errorCrearCaso);
    }
  });

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/casos" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden /> Volver a casos
      </Link>
      <PageHeader title="Nuevo Caso" description="Registra un nuevo caso legal" />
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate>
            {formError ? (
              <Alert variant="error" className="mb-4">
                {formError}
              </Alert>
            ) : null}
            <CaseFormFields form={form} mode="create" />
            {/* Why 'Crear Caso' is off, said next to it. */}
            {!titulo.trim() ? (
              <p id="crear-caso-por-que" className="mt-6 text-sm text-slate-600 sm:text-right">
                Escribe el título del caso para crearlo.
              </p>
            ) : null}
            <div className={`${titulo.trim() ? 'mt-6' : 'mt-2'} flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}>
              <Button asChild variant="outline">
                <Link to="/casos">Cancelar</Link>
              </Button>
              <Button type="submit" disabled={!titulo.trim() || form.formState.isSubmitting} aria-describedby={!titulo.trim() ? 'crear-caso-por-que' : undefined}>
                {form.formState.isSubmitting ? <Spinner /> : null}
                {form.formState.isSubmitting ? 'Creando...' : 'Crear Caso'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
