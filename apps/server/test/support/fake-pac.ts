import { createHash, createPrivateKey, createSign, generateKeyPairSync, randomUUID, verify, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { satCadena, satSchemaErrors } from './sat-tools';

/**
 * A local stand-in for SW sapien's REST API and the SAT's status service,
 * written from their public documentation (developers.sw.com.mx, the
 * lunasoft/sw-sdk-* SDKs; the SAT's ConsultaCFDIService), so Bufete's real
 * PAC client runs against it:
 * - POST /v2/security/authenticate → a token with its expiry.
 * - POST /v4/cfdi33/stamp/v2 (multipart 'xml', header customid): checks what
 *   a PAC checks with the SAT's own files (xmllint against cfdv40.xsd, the
 *   cadena original by xsltproc with the SAT's XSLT, the seal against the
 *   certificate inside), then adds a TimbreFiscalDigital signed with its own
 *   key. The same customid and XML again answer '307' with the same stamp.
 * - POST /cfdi33/cancel/csd: checks the CSD's key and password, the RFC and
 *   the motivo; the SAT then cancels at once or waits for the receptor.
 * - GET /account/balance: the account's stamps left (250 less those stamped).
 * - POST /ConsultaCFDIService.svc: the SAT's SOAP status answer.
 * And fails the way a real one does when told to: hangs before or after
 * stamping, 500s, a cut body, an early 401, a validation refusal.
 */

const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';

export type StampFault = 'ok' | 'hang-before' | 'hang-after' | '500' | 'cut' | 'empty' | 'token-expired' | { reject: string };
export type CancelFault = '500' | 'hang-after' | { reject: string };

export interface FakeStamp {
  uuid: string;
  customId: string | null;
  xml: string;
  rfcEmisor: string;
  rfcReceptor: string;
  total: string;
  estado: 'Vigente' | 'Cancelado';
  estatusCancelacion: '' | 'En proceso' | 'Cancelado sin aceptación' | 'Cancelado con aceptación' | 'Solicitud rechazada';
  motivo: string | null;
}

export interface FakePac {
  url: string;
  /** A server whose operator stamps through this PAC (and whose lawyers may enter their own account of it). */
  env: Record<string, string>;
  /** A server with no PAC of the operator's, where lawyers enter their own account of this one. */
  accountEnv: Record<string, string>;
  /** The account it accepts. */
  credentials: { user: string; password: string };
  /** Every CFDI stamped, in order (one per UUID: what the SAT would hold). */
  stamps(): FakeStamp[];
  stamp(uuid: string): FakeStamp | undefined;
  /** The next stamp requests fail these ways, one each (then it works again). */
  failNextStamps(...faults: StampFault[]): void;
  /**
   * The next cancellation requests fail these ways, one each: no answer (500), a refusal with the PAC's
   * message, or 'hang-after': the SAT cancels it and the answer is held (`calls.held`), never sent.
   */
  failNextCancels(...faults: CancelFault[]): void;
  /** Cancellations wait for the receptor (true) or are immediate (false, the default). */
  cancellationNeedsAcceptance(value: boolean): void;
  /** The receptor answers a pending cancellation. */
  answerCancellation(uuid: string, accept: boolean): void;
  calls: Record<string, number>;
  close(): Promise<void>;
}

/**
 * The local time zone of a LugarExpedicion, as the SAT's c_CodigoPostal gives
 * it for the places the tests issue from (written apart from the app's own
 * table, so a mistake there shows here): Baja California, Sonora, the Pacific
 * states, Quintana Roo; the rest central.
 */
function zoneOfPlace(cp: string): string {
  const state = Math.floor(Number(cp) / 1000);
  if (state === 21 || state === 22) return 'America/Tijuana';
  if (state >= 83 && state <= 85) return 'America/Hermosillo';
  if (state === 23 || (state >= 80 && state <= 82)) return 'America/Mazatlan';
  if (state === 77) return 'America/Cancun';
  return 'America/Mexico_City';
}

/** The SAT's wall clock (Mexico City), or a place's, 'YYYY-MM-DDTHH:mm:ss'. */
function satNow(timeZone = 'America/Mexico_City'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

const attr = (xml: string, element: string, name: string) => new RegExp(`<${element}\\b[^>]*?\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';

export async function startFakePac(options: { port?: number; user?: string; password?: string } = {}): Promise<FakePac> {
  const user = options.user ?? 'bufete@pruebas.mx';
  const password = options.password ?? 'contraseña-de-pruebas';
  const satKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Map<string, number>();
  const byCustomId = new Map<string, { hash: string; uuid: string }>();
  const byHash = new Map<string, string>();
  const stamps = new Map<string, FakeStamp>();
  const calls: Record<string, number> = {};
  const hanging = new Set<ServerResponse>();
  let faults: StampFault[] = [];
  let cancelFaults: CancelFault[] = [];
  const refusedCancels = new Map<string, string>();
  /** The browser journeys' refusals of a stamp, by a text its XML contains. */
  const refusedStamps = new Map<string, string>();
  let needsAcceptance = false;

  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const swError = (res: ServerResponse, status: number, message: string, data: unknown = null) => json(res, status, { message, messageDetail: null, data, status: 'error' });
  /** Holds the answer (never sent); `calls.held` counts them, so a test knows the call is in the PAC's hands. */
  const hang = (res: ServerResponse) => {
    count('held');
    hanging.add(res);
  };

  async function body(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function authorized(req: IncomingMessage): boolean {
    const expires = tokens.get((req.headers.authorization ?? '').replace(/^bearer /i, ''));
    return expires !== undefined && expires > Date.now();
  }

  /** What a PAC checks before stamping, with the SAT's files: the XSD, the cadena, the seal. Null when it passes. */
  function validation(xml: string): string | null {
    const schemaError = satSchemaErrors(xml);
    if (schemaError) return `CFDI40999 - El XML no cumple con el esquema del SAT. ${schemaError.replace(/^.*?cfdi\.xml:\d+: /, '')}`;
    // The Fecha is the place of issue's local time: never later than its clock now, nor more than 72 hours before.
    const fecha = Date.parse(`${attr(xml, 'cfdi:Comprobante', 'Fecha')}Z`);
    const local = Date.parse(`${satNow(zoneOfPlace(attr(xml, 'cfdi:Comprobante', 'LugarExpedicion')))}Z`);
    if (!(fecha <= local + 60_000 && fecha >= local - 72 * 3600_000)) return '401 - Fecha y hora de generación fuera de rango';
    const certificate = new X509Certificate(Buffer.from(attr(xml, 'cfdi:Comprobante', 'Certificado'), 'base64'));
    const sello = Buffer.from(attr(xml, 'cfdi:Comprobante', 'Sello'), 'base64');
    if (!verify('sha256', Buffer.from(satCadena(xml), 'utf8'), certificate.publicKey, sello)) {
      return 'CFDI40102 - El resultado de la digestión debe ser igual al resultado de la desencripción del sello.';
    }
    return null;
  }

  function timbrar(xml: string, customId: string | null): FakeStamp {
    const uuid = randomUUID().toUpperCase();
    const tfdFields = {
      UUID: uuid,
      FechaTimbrado: satNow(),
      RfcProvCertif: 'SPR190613I52',
      SelloCFD: attr(xml, 'cfdi:Comprobante', 'Sello'),
      NoCertificadoSAT: '30001000000500003456',
    };
    const cadena = `||1.1|${tfdFields.UUID}|${tfdFields.FechaTimbrado}|${tfdFields.RfcProvCertif}|${tfdFields.SelloCFD}|${tfdFields.NoCertificadoSAT}||`;
    const selloSat = createSign('sha256').update(cadena, 'utf8').sign(satKey.privateKey, 'base64');
    const tfd = `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NS}" xsi:schemaLocation="${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" Version="1.1" UUID="${tfdFields.UUID}" FechaTimbrado="${tfdFields.FechaTimbrado}" RfcProvCertif="${tfdFields.RfcProvCertif}" SelloCFD="${tfdFields.SelloCFD}" NoCertificadoSAT="${tfdFields.NoCertificadoSAT}" SelloSAT="${selloSat}"/>`;
    const stamped = xml.includes('</cfdi:Complemento>')
      ? xml.replace('</cfdi:Complemento>', `${tfd}</cfdi:Complemento>`)
      : xml.replace('</cfdi:Comprobante>', `<cfdi:Complemento>${tfd}</cfdi:Complemento></cfdi:Comprobante>`);
    const record: FakeStamp = {
      uuid,
      customId,
      xml: stamped.replace(/^<\?xml[^>]*\?>\s*/, '<?xml version="1.0" encoding="utf-8"?>'),
      rfcEmisor: attr(xml, 'cfdi:Emisor', 'Rfc'),
      rfcReceptor: attr(xml, 'cfdi:Receptor', 'Rfc'),
      total: attr(xml, 'cfdi:Comprobante', 'Total'),
      estado: 'Vigente',
      estatusCancelacion: '',
      motivo: null,
    };
    stamps.set(uuid, record);
    return record;
  }

  async function stamp(req: IncomingMessage, res: ServerResponse) {
    const current = faults.shift() ?? null;
    if (current === 'token-expired') return swError(res, 401, 'AU2000 - El token debió haber expirado o es inválido.');
    if (!authorized(req)) return swError(res, 401, 'AU2000 - El token debió haber expirado o es inválido.');
    const raw = await body(req);
    const form = await new Request('http://pac/stamp', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(raw) })
      .formData()
      .catch(() => null);
    const file = form?.get('xml');
    const xml = file instanceof Blob ? await file.text() : typeof file === 'string' ? file : '';
    if (!xml) return swError(res, 400, 'CFDI40999 - No se recibió el XML.');
    if (current === 'hang-before') return hang(res);
    if (current === '500') return swError(res, 500, 'Error interno del servidor.');
    if (current === 'empty') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end();
    }
    if (current && typeof current === 'object') return swError(res, 400, current.reject);
    for (const [text, message] of refusedStamps) {
      if (!xml.includes(text)) continue;
      refusedStamps.delete(text);
      return swError(res, 400, message);
    }
    const customId = typeof req.headers.customid === 'string' ? req.headers.customid : null;
    const hash = createHash('sha256').update(xml).digest('hex');
    const known = customId ? byCustomId.get(customId) : undefined;
    if (known && known.hash !== hash) return swError(res, 400, 'CFDI3307 - Timbre duplicado. El customId proporcionado está duplicado.');
    const previous = known?.uuid ?? byHash.get(hash);
    let status = 200;
    let record: FakeStamp;
    let reply: string;
    if (previous) {
      record = stamps.get(previous)!;
      status = 400;
      reply = JSON.stringify({ message: '307. El comprobante contiene un timbre previo.', messageDetail: null, data: { tfd: tfdOf(record), cfdi: record.xml }, status: 'error' });
    } else {
      const problem = validation(xml);
      if (problem) return swError(res, 400, problem);
      record = timbrar(xml, customId);
      byHash.set(hash, record.uuid);
      if (customId) byCustomId.set(customId, { hash, uuid: record.uuid });
      count('stamped');
      reply = JSON.stringify({ data: { tfd: tfdOf(record), cfdi: record.xml }, status: 'success' });
    }
    if (current === 'hang-after') return hang(res);
    if (current === 'cut') {
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(reply)) });
      res.write(reply.slice(0, 200));
      return void setTimeout(() => res.destroy(), 20);
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(reply);
  }

  const tfdOf = (record: FakeStamp) => /<tfd:TimbreFiscalDigital[^>]*\/>/.exec(record.xml)?.[0];

  async function cancel(req: IncomingMessage, res: ServerResponse) {
    if (!authorized(req)) return swError(res, 401, 'AU2000 - El token debió haber expirado o es inválido.');
    const fault = cancelFaults.shift();
    if (fault === '500') return swError(res, 500, 'Error interno del servidor.');
    if (fault && fault !== 'hang-after') return swError(res, 400, fault.reject);
    let input: Record<string, string>;
    try {
      input = JSON.parse((await body(req)).toString('utf8')) as Record<string, string>;
    } catch {
      return swError(res, 400, 'CA1000 - El formato de la solicitud no es válido.');
    }
    const record = stamps.get(String(input.uuid ?? '').toUpperCase());
    const refusal = refusedCancels.get(String(input.uuid ?? '').toUpperCase());
    if (refusal) {
      refusedCancels.delete(String(input.uuid).toUpperCase());
      return swError(res, 400, refusal);
    }
    try {
      const key = createPrivateKey({ key: Buffer.from(input.b64Key ?? '', 'base64'), format: 'der', type: 'pkcs8', passphrase: input.password ?? '' });
      const certificate = new X509Certificate(Buffer.from(input.b64Cer ?? '', 'base64'));
      if (!certificate.checkPrivateKey(key)) throw new Error('no corresponde');
    } catch {
      return swError(res, 400, 'CASD - El certificado, la llave privada o su contraseña no son válidos.');
    }
    if (!['01', '02', '03', '04'].includes(input.motivo ?? '')) return swError(res, 400, 'CACFDI33 - El motivo de cancelación no es válido.');
    if (input.motivo === '01' && !input.foliosustitucion) return swError(res, 400, 'CACFDI33 - El folio de sustitución es obligatorio con el motivo 01.');
    // The substitute must be a CFDI it stamped (a folio typed wrong is refused).
    if (input.motivo === '01' && !stamps.has(input.foliosustitucion!.toUpperCase())) return swError(res, 400, 'CACFDI33 - El folio de sustitución no existe.');
    if (!record || record.rfcEmisor !== input.rfc)
      return json(res, 200, { data: { acuse: acuse(input.uuid ?? '', '205'), uuid: { [input.uuid ?? '']: '205' } }, status: 'success' });
    const already = record.estado === 'Cancelado';
    if (!already) {
      record.motivo = input.motivo!;
      if (needsAcceptance) record.estatusCancelacion = 'En proceso';
      else {
        record.estado = 'Cancelado';
        record.estatusCancelacion = 'Cancelado sin aceptación';
      }
    }
    const code = already ? '202' : '201';
    if (fault === 'hang-after') return hang(res);
    json(res, 200, { data: { acuse: acuse(record.uuid, code), uuid: { [record.uuid]: code } }, status: 'success' });
  }

  const acuse = (uuid: string, code: string) =>
    `<?xml version="1.0" encoding="utf-8"?><Acuse xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Fecha="${satNow()}" RfcEmisor="EKU9003173C9"><Folios xmlns="http://cancelacfd.sat.gob.mx"><UUID>${uuid}</UUID><EstatusUUID>${code}</EstatusUUID></Folios></Acuse>`;

  async function consulta(req: IncomingMessage, res: ServerResponse) {
    const envelope = (await body(req)).toString('utf8');
    const expresion = (/<(?:\w+:)?expresionImpresa>([\s\S]*?)<\/(?:\w+:)?expresionImpresa>/.exec(envelope)?.[1] ?? '').replace(/<!\[CDATA\[|\]\]>/g, '').replace(/&amp;/g, '&');
    const query = new URLSearchParams(expresion.replace(/^\?/, ''));
    const record = stamps.get((query.get('id') ?? '').toUpperCase());
    const matches = record && record.rfcEmisor === query.get('re') && record.rfcReceptor === query.get('rr') && Number(record.total) === Number(query.get('tt'));
    const result = matches
      ? `<a:CodigoEstatus>S - Comprobante obtenido satisfactoriamente.</a:CodigoEstatus><a:EsCancelable>Cancelable con aceptación</a:EsCancelable><a:Estado>${record.estado}</a:Estado>${record.estatusCancelacion ? `<a:EstatusCancelacion>${record.estatusCancelacion}</a:EstatusCancelacion>` : '<a:EstatusCancelacion/>'}<a:ValidacionEFOS>200</a:ValidacionEFOS>`
      : '<a:CodigoEstatus>N - 602: Comprobante no encontrado.</a:CodigoEstatus><a:EsCancelable/><a:Estado>No Encontrado</a:Estado><a:EstatusCancelacion/><a:ValidacionEFOS/>';
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><ConsultaResponse xmlns="http://tempuri.org/"><ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${result}</ConsultaResult></ConsultaResponse></s:Body></s:Envelope>`,
    );
  }

  const server = createServer((req, res) => {
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://pac').pathname}`;
    count(route);
    const run = async () => {
      if (route === 'POST /v2/security/authenticate') {
        const input = JSON.parse((await body(req)).toString('utf8') || '{}') as { user?: string; password?: string };
        if (input.user !== user || input.password !== password) return swError(res, 400, 'AU2000 - El usuario y/o contraseña son inválidos, no se puede autenticar el servicio.');
        const token = randomUUID().replace(/-/g, '');
        const expiresIn = Math.floor(Date.now() / 1000) + 7200;
        tokens.set(token, expiresIn * 1000);
        return json(res, 200, { data: { token, expires_in: String(expiresIn), tokeny_type: 'bearer' }, status: 'success' });
      }
      if (route === 'POST /v4/cfdi33/stamp/v2') return stamp(req, res);
      // The browser journeys' control (they reach the fake as a process): the next cancellation of one folio is refused.
      if (route === 'POST /__pruebas/rechazar-cancelacion') {
        const input = JSON.parse((await body(req)).toString('utf8') || '{}') as { uuid?: string; mensaje?: string };
        refusedCancels.set(String(input.uuid).toUpperCase(), String(input.mensaje ?? 'CA2200 - La cancelación no procede.'));
        return json(res, 200, { ok: true });
      }
      // And the next stamp of a CFDI whose XML contains a text (its concepto) is refused with the PAC's message.
      if (route === 'POST /__pruebas/rechazar-timbrado') {
        const input = JSON.parse((await body(req)).toString('utf8') || '{}') as { contiene?: string; mensaje?: string };
        refusedStamps.set(String(input.contiene), String(input.mensaje ?? 'CFDI40999 - El comprobante no es válido.'));
        return json(res, 200, { ok: true });
      }
      if (route === 'GET /account/balance') {
        if (!authorized(req)) return swError(res, 401, 'AU4101 - El token proporcionado viene vacío o no es válido.');
        return json(res, 200, {
          data: {
            idSaldoCliente: 'f1b2',
            idClienteUsuario: 'a9c3',
            saldoTimbres: 250 - stamps.size,
            timbresUtilizados: stamps.size,
            fechaExpiracion: '2027-12-31T00:00:00',
            unlimited: false,
            timbresAsignados: 250,
          },
          status: 'success',
        });
      }
      if (route === 'POST /cfdi33/cancel/csd') return cancel(req, res);
      if (route === 'POST /ConsultaCFDIService.svc') return consulta(req, res);
      // For whoever waits for it to start (Playwright).
      if (route === 'GET /health') return json(res, 200, { status: 'success' });
      swError(res, 404, 'Recurso no encontrado.');
    };
    run().catch((error: unknown) => {
      if (!res.headersSent) swError(res, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      PAC_PROVIDER: 'sw',
      PAC_URL: url,
      PAC_USER: user,
      PAC_PASSWORD: password,
      SAT_CONSULTA_URL: `${url}/ConsultaCFDIService.svc`,
      PAC_SW_PRUEBAS_URL: url,
      PAC_SW_PRODUCCION_URL: url,
    },
    accountEnv: { PAC_SW_PRUEBAS_URL: url, PAC_SW_PRODUCCION_URL: url, SAT_CONSULTA_URL: `${url}/ConsultaCFDIService.svc` },
    credentials: { user, password },
    stamps: () => [...stamps.values()],
    stamp: (uuid) => stamps.get(uuid.toUpperCase()),
    failNextStamps: (...next) => (faults = next),
    failNextCancels: (...next) => (cancelFaults = next),
    cancellationNeedsAcceptance: (value) => (needsAcceptance = value),
    answerCancellation(uuid, accept) {
      const record = stamps.get(uuid.toUpperCase());
      if (!record || record.estatusCancelacion !== 'En proceso') throw new Error(`sin cancelación pendiente: ${uuid}`);
      if (accept) {
        record.estado = 'Cancelado';
        record.estatusCancelacion = 'Cancelado con aceptación';
      } else record.estatusCancelacion = 'Solicitud rechazada';
    },
    calls,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
