import type { Coincidencia, InformeLectura, Revision } from '@bufete/shared/boletines';
import { diaMx } from '@bufete/shared/dates';
import { MSG } from '@bufete/shared/messages';
import { ACTUACION_TIPO_LABELS, ACTUACION_TIPOS, type ActuacionTipo, tipoSugerido } from '@bufete/shared/values/actuaciones';
import { BOLETIN_FORMATO_LABELS, COINCIDENCIA_MOTIVO_LABELS, conteoDeBoletin } from '@bufete/shared/values/boletines';
import { CheckCircle2, Gavel } from 'lucide-react';
import { Link } from 'react-router';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EmptyState } from '@/components/ui/list-states';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { formatShortDay } from '@/lib/format';
import { useConfirmBulletin } from './api';

/**
 * A review's results (Revisar boletín): what was read of the bulletin, then
 * each entry that names one of the lawyer's open cases, to be registered as
 * an actuación of its case. Confirmed matches come ticked; a possible one
 * says why it is only possible and waits for the lawyer.
 */

type Choice = { chosen: boolean; tipo: ActuacionTipo };

const number = (n: number) => n.toLocaleString('es-MX');
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

/**
 * What was read of the bulletin, compact: pages, entries, courts, and what
 * did not hold together. A reading with problems is said so before its
 * matches, never shown as a quiet day.
 */
function ReadingReport({ informe }: { informe: InformeLectura }) {
  const parts = [
    BOLETIN_FORMATO_LABELS[informe.formato],
    informe.paginas ? plural(informe.paginas, 'página', 'páginas') : null,
    `${plural(informe.entradas, 'entrada', 'entradas')} en ${plural(informe.juzgados, 'juzgado', 'juzgados')}`,
    informe.edictos ? plural(informe.edictos, 'edicto', 'edictos') : null,
    informe.sin_juzgado ? `${number(informe.sin_juzgado)} sin juzgado` : null,
  ].filter(Boolean);
  return (
    <div className="space-y-2" data-testid="informe-lectura">
      {informe.problemas.length > 0 ? (
        <Alert variant="warning">
          <p className="font-medium">Bufete no pudo leer este boletín con seguridad:</p>
          <ul className="mt-1 list-disc pl-5">
            {informe.problemas.map((problema) => (
              <li key={problema}>{problema}</li>
            ))}
          </ul>
          <p className="mt-1">Revisa que sea la lista de acuerdos completa del día. Lo que no se pudo leer puede tener acuerdos de tus casos.</p>
        </Alert>
      ) : null}
      <details className="rounded-lg border border-border bg-white px-3 py-2 text-sm text-slate-700">
        <summary className="cursor-pointer">
          <span className="font-medium text-slate-900">Lo que se leyó:</span> {parts.join(' · ')}
        </summary>
        {informe.por_juzgado.length ? (
          <ul className="mt-2 grid gap-x-6 gap-y-0.5 sm:grid-cols-2">
            {informe.por_juzgado.map((juzgado, index) => (
              <li key={`${juzgado.juzgado}-${index}`} className="flex justify-between gap-3">
                <span className="truncate">{juzgado.juzgado}</span>
                <span className="shrink-0 text-slate-500 tabular-nums">{number(juzgado.entradas)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {informe.encabezados ? (
          <p className="mt-2 text-xs text-slate-500">Se omitieron {plural(informe.encabezados, 'encabezado o número de página', 'encabezados y números de página')}.</p>
        ) : null}
      </details>
    </div>
  );
}

/**
 * `revision`: the review, or the watched day as it stands (a match registered
 * since says 'Ya registrada'). After registering, the results stay, each
 * registered one with a link to its case's actuaciones.
 */
export function BulletinMatches({ revision, fuenteInicial }: { revision: Revision; fuenteInicial?: string }) {
  const confirm = useConfirmBulletin();
  // The bulletin's date comes from its masthead; when it prints none the lawyer gives it: never today by default.
  const [fecha, setFecha] = useState(revision.fecha ?? '');
  const [fuente, setFuente] = useState(fuenteInicial ?? (revision.fecha ? `Boletín judicial del ${diaMx(revision.fecha)}` : 'Boletín judicial'));
  // Confirmed matches come ticked, unless already registered (a bulletin reviewed again); each typed as its text says.
  const [choices, setChoices] = useState<Choice[]>(() =>
    revision.coincidencias.map((match) => ({ chosen: match.certeza === 'confirmada' && !match.registrada, tipo: tipoSugerido(match.texto) })),
  );
  // What this screen registered: said above the list, and each marked in it, with its case.
  const [registered, setRegistered] = useState<{ message: string; indexes: Set<number> } | null>(null);
  const isRegistered = (index: number) => revision.coincidencias[index]!.registrada || !!registered?.indexes.has(index);
  const [error, setError] = useState<string | null>(null);
  const chosen = revision.coincidencias.filter((_, index) => choices[index]!.chosen && !isRegistered(index));
  const set = (index: number, change: Partial<Choice>) => setChoices((current) => current.map((choice, i) => (i === index ? { ...choice, ...change } : choice)));
  const unsure = revision.informe.problemas.length > 0;
  // The results come below both forms: on a phone they would be off screen. They are brought into view, and their heading read out.
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  // Once what was registered is on screen (after React commits it, whatever the machine's load), it takes the focus.
  useEffect(() => {
    if (registered) summary.current?.focus();
  }, [registered]);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  const submit = () => {
    setError(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) return setError(MSG.boletines.fechaObligatoria);
    confirm.mutate(
      {
        fecha_publicacion: fecha,
        fuente,
        actuaciones: revision.coincidencias.flatMap((match, index) =>
          choices[index]!.chosen && !isRegistered(index) ? [{ caso_id: match.caso.id, texto: match.texto, tipo: choices[index]!.tipo }] : [],
        ),
      },
      {
        onSuccess: (result) => {
          const indexes = new Set([
            ...(registered?.indexes ?? []),
            ...revision.coincidencias.flatMap((_, index) => (choices[index]!.chosen && !isRegistered(index) ? [index] : [])),
          ]);
          setRegistered({ message: result.message, indexes });
          setChoices((current) => current.map((choice) => ({ ...choice, chosen: false })));
        },
        onError: (caught) => setError(serverMessage(caught, MSG.actuaciones.errorGuardar)),
      },
    );
  };

  return (
    <section aria-labelledby="coincidencias" className="space-y-4">
      <div>
        <h2 id="coincidencias" ref={heading} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold text-slate-900 outline-none">
          {conteoDeBoletin(revision)}
        </h2>
        <p className="text-sm text-slate-600">
          {plural(revision.entradas, 'entrada leída', 'entradas leídas')}
          {revision.fecha ? ` · boletín del ${formatShortDay(revision.fecha)}` : ''}. Revisa cada una: las marcadas se registran como actuaciones de su caso.
        </p>
      </div>
      <ReadingReport informe={revision.informe} />
      {registered ? (
        <div ref={summary} tabIndex={-1} className="outline-none" data-testid="boletin-registradas">
          <Alert variant="success">
            <p className="font-medium">{registered.message}</p>
            <ul className="mt-1 space-y-0.5">
              {[...new Map([...registered.indexes].map((index) => [revision.coincidencias[index]!.caso.id, revision.coincidencias[index]!.caso])).values()].map((caso) => (
                <li key={caso.id}>
                  <Link className="underline underline-offset-2" to={`/casos/${caso.id}?tab=actuaciones`}>
                    Ver las actuaciones de {caso.titulo}
                  </Link>
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      {revision.omitidas > 0 ? (
        <Alert variant="warning">
          Se muestran las primeras {revision.coincidencias.length} coincidencias, las confirmadas primero; {revision.omitidas} más quedaron fuera. Revisa el boletín por partes
          (pega el texto de tus juzgados) para verlas.
        </Alert>
      ) : null}
      {revision.coincidencias.length === 0 ? (
        <EmptyState>
          {unsure
            ? 'En lo que se pudo leer no aparece el expediente de ninguno de tus casos abiertos. Como la lectura no es segura, revisa el boletín a mano.'
            : 'Ninguna entrada de este boletín menciona el expediente de uno de tus casos abiertos con su número.'}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3">
            {revision.coincidencias.map((match, index) => (
              <MatchItem
                key={`${match.caso.id}-${index}`}
                match={match}
                registrada={isRegistered(index)}
                choice={choices[index]!}
                onChange={(change) => set(index, change)}
                index={index}
              />
            ))}
          </ul>
          <Card>
            <CardContent className="grid gap-3 pt-6 sm:grid-cols-2">
              <FormField
                id="boletin-fecha"
                label="Fecha de publicación"
                hint={revision.fecha ? undefined : 'El texto no trae la fecha del boletín en su encabezado: escríbela (de ella se cuentan los términos).'}
              >
                <DateInput id="boletin-fecha" value={fecha} onChange={setFecha} />
              </FormField>
              <FormField id="boletin-fuente" label="Fuente">
                <Input id="boletin-fuente" value={fuente} maxLength={300} onChange={(event) => setFuente(event.target.value)} />
              </FormField>
            </CardContent>
          </Card>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <Button onClick={submit} disabled={confirm.isPending || chosen.length === 0}>
            {confirm.isPending ? <Spinner /> : <Gavel aria-hidden />} {chosen.length === 1 ? 'Registrar 1 actuación' : `Registrar ${chosen.length} actuaciones`}
          </Button>
        </>
      )}
    </section>
  );
}

function MatchItem({
  match,
  registrada,
  choice,
  onChange,
  index,
}: {
  match: Coincidencia;
  registrada: boolean;
  choice: Choice;
  onChange: (change: Partial<Choice>) => void;
  index: number;
}) {
  const id = `coincidencia-${index}`;
  return (
    <li className={`rounded-lg border border-border p-4 shadow-sm ${registrada ? 'bg-slate-50' : 'bg-white'}`} data-testid="coincidencia">
      <div className="flex flex-wrap items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={choice.chosen && !registrada}
          disabled={registrada}
          onChange={(event) => onChange({ chosen: event.target.checked })}
        />
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={id} className="block font-semibold text-slate-900">
            {match.caso.titulo} · {/^(exp|toca|t\.)/i.test(match.caso.expediente.trim()) ? match.caso.expediente : `Exp. ${match.caso.expediente}`}
          </label>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {registrada ? (
              <Badge variant="secondary">
                <CheckCircle2 className="mr-1 size-3.5" aria-hidden /> Ya registrada
              </Badge>
            ) : null}
            {match.certeza === 'confirmada' ? <Badge variant="success">Juzgado y expediente coinciden</Badge> : <Badge variant="warning">Posible: solo coincide el número</Badge>}
            {match.tipo === 'edicto' ? <Badge variant="secondary">Edicto</Badge> : null}
            {match.partes ? <Badge>Las partes coinciden</Badge> : null}
            <span>
              En el boletín: {match.juzgado ?? 'sin juzgado'}
              {match.pagina ? ` · pág. ${match.pagina}` : ''}
              {match.caso.juzgado ? ` · tu caso: ${match.caso.juzgado}` : ''}
            </span>
          </div>
          {match.motivo ? <p className="text-sm text-amber-800">{COINCIDENCIA_MOTIVO_LABELS[match.motivo]}.</p> : null}
          <p className="text-sm whitespace-pre-wrap text-slate-800">{match.texto}</p>
        </div>
        <div className="w-full sm:w-48">
          <label htmlFor={`${id}-tipo`} className="sr-only">
            Tipo de la actuación de {match.caso.titulo}
          </label>
          <Select id={`${id}-tipo`} value={choice.tipo} disabled={registrada} onChange={(event) => onChange({ tipo: event.target.value as ActuacionTipo })}>
            {ACTUACION_TIPOS.map((tipo) => (
              <option key={tipo} value={tipo}>
                {ACTUACION_TIPO_LABELS[tipo]}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </li>
  );
}
