import type { Revision } from '@bufete/shared/boletines';
import { LIMITS } from '@bufete/shared/constants';
import { diaMx } from '@bufete/shared/dates';
import { MSG } from '@bufete/shared/messages';
import { BOLETIN_FUENTE_LABELS, BOLETIN_FUENTES, type BoletinFuente } from '@bufete/shared/values/boletines';
import { FileSearch } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FileInput } from '@/components/ui/file-input';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/api';
import { formatShortDay } from '@/lib/format';
import { useReceivedBulletin, useReviewBulletin } from './api';
import { BulletinMatches } from './BulletinMatches';

const ERROR_REVISAR = 'No se pudo revisar el boletín. Inténtalo de nuevo.';

/**
 * 'Revisar boletín' (issue 35): the day's bulletin — its PDF, its web page
 * or its text pasted — read against the lawyer's open cases. Each match shows
 * the entry as published; those whose number and court are the case's come
 * ticked, those where only the number agrees ('posible') wait for the
 * lawyer. What is ticked becomes an actuación of its case.
 */
export default function BulletinPage() {
  const review = useReviewBulletin();
  const [file, setFile] = useState<File | null>(null);
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [revision, setRevision] = useState<Revision | null>(null);
  // Each review is new results (their heading takes the focus, as a reader expects); a refetch of the same day is not.
  const [reviews, setReviews] = useState(0);
  // A review that fails says why where the focus goes (the button it came from is disabled while it runs).
  const errorBox = useRef<HTMLDivElement>(null);
  // A followed bulletin Bufete read this morning (the bell's and the email's link): its matches come ready to confirm.
  const [params] = useSearchParams();
  const asked = params.get('fuente');
  const fuente = (BOLETIN_FUENTES as readonly string[]).includes(asked ?? '') ? (asked as BoletinFuente) : null;
  const dia = /^\d{4}-\d{2}-\d{2}$/.test(params.get('dia') ?? '') ? params.get('dia') : null;
  const received = useReceivedBulletin(fuente, dia);
  const fromWatch = !revision && received.data ? received.data : null;
  const shown = revision ?? (fromWatch ? { ...fromWatch, fecha: fromWatch.dia } : null);

  useEffect(() => {
    if (error) errorBox.current?.focus();
  }, [error]);

  const run = (source: { file: File } | { texto: string }) => {
    setError(null);
    review.mutate(source, {
      onSuccess: (result) => {
        setRevision(result);
        setReviews((count) => count + 1);
      },
      onError: (caught) => {
        setRevision(null);
        setError(serverMessage(caught, ERROR_REVISAR));
      },
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Revisar boletín"
        description="Sube el boletín judicial del día o pega su texto: Bufete busca en él los expedientes de tus casos abiertos."
        actions={
          <Button asChild variant="outline">
            <Link to="/casos">Volver a casos</Link>
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>El archivo del boletín</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (!file) return setError(MSG.boletines.sinArchivo);
                if (file.size > LIMITS.bulletinMaxBytes) return setError(MSG.boletines.archivoGrande);
                run({ file });
              }}
            >
              <FormField id="boletin-archivo" label="PDF, página web o texto (hasta 20 MB)">
                <FileInput
                  id="boletin-archivo"
                  accept=".pdf,.html,.htm,.txt,application/pdf,text/html,text/plain"
                  fileName={file?.name}
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
              </FormField>
              <Button type="submit" disabled={review.isPending}>
                {review.isPending ? <Spinner /> : <FileSearch aria-hidden />} Revisar archivo
              </Button>
            </form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>O pega su texto</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (!texto.trim()) return setError(MSG.boletines.textoObligatorio);
                run({ texto });
              }}
            >
              <FormField id="boletin-texto" label="Texto del boletín">
                <Textarea id="boletin-texto" rows={5} value={texto} maxLength={LIMITS.bulletinTextMax} onChange={(event) => setTexto(event.target.value)} />
              </FormField>
              <Button type="submit" variant="outline" disabled={review.isPending}>
                {review.isPending ? <Spinner /> : <FileSearch aria-hidden />} Revisar texto
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
      {fromWatch ? (
        <Alert variant="info">
          Bufete leyó el {BOLETIN_FUENTE_LABELS[fromWatch.fuente].nombre} del {formatShortDay(fromWatch.dia)} y lo cotejó con tus casos abiertos.
        </Alert>
      ) : null}
      {fuente && dia && received.isError ? <Alert variant="warning">Ese boletín ya no está guardado para confirmarlo (se guardan 30 días). Súbelo o pega su texto.</Alert> : null}
      {error ? (
        <div ref={errorBox} tabIndex={-1} className="outline-none">
          <Alert variant="error">{error}</Alert>
        </div>
      ) : null}
      {shown ? (
        <BulletinMatches
          key={`${reviews}:${fuente ?? ''}:${dia ?? ''}`}
          revision={shown}
          fuenteInicial={fromWatch ? `${BOLETIN_FUENTE_LABELS[fromWatch.fuente].nombre} del ${diaMx(fromWatch.dia)}` : undefined}
        />
      ) : null}
    </div>
  );
}
