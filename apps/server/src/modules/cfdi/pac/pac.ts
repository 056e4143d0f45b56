import { BodyTooLarge, readCapped as readBody } from '../../../http/read-capped';

/**
 * The PAC refused the CFDI or the cancellation (a validation of the SAT's
 * rules, a CSD it does not accept…): nothing was stamped or cancelled. Its
 * message (the PAC's own, in Spanish) is shown to the lawyer.
 */
export class PacRejection extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/**
 * No usable answer from the PAC (timeout, a cut connection, its 5xx, a reply
 * that is not its JSON) after the bounded retries. Whether it stamped is not
 * known: the sealed XML and its id are kept, and the next attempt sends the
 * same pair, which the PAC recognises.
 */
export class PacUnavailable extends Error {}

export interface PacCancelInput {
  rfc: string;
  uuid: string;
  /** c_Motivo: '01'–'04'; '01' with the substituting UUID. */
  motivo: string;
  folioSustitucion: string | null;
  /** The CSD as the SAT delivers it, base64 (.cer DER, .key PKCS#8 DER encrypted) and its password. */
  cer: string;
  key: string;
  password: string;
}

/**
 * What Bufete needs of a PAC. A second PAC is one more file implementing this
 * and one more value of PAC_PROVIDER.
 */
export interface Pac {
  /**
   * Stamps a sealed CFDI and returns the stamped XML (with its
   * TimbreFiscalDigital). `customId` is Bufete's id of the comprobante: sent
   * again with the same XML, the PAC returns the stamp it already made.
   */
  stamp(input: { xml: string; customId: string }): Promise<string>;
  /** Asks the SAT, through the PAC, to cancel. Returns the SAT's acuse and the code per UUID ('201' received, '202' already cancelled). */
  cancel(input: PacCancelInput): Promise<{ acuse: string | null; codigo: string | null }>;
  /** 'Probar conexión': signs in and reads the account's stamps left (null when the PAC does not say). */
  check(): Promise<{ timbres: number | null }>;
}

/**
 * Calls `attempt` until it answers, up to 1 + `retries` times, waiting 0.5 s,
 * 1 s, 2 s… between them: only a call with no usable answer is tried again
 * (a refusal is final).
 */
export async function withRetries<T>(retries: number, attempt: () => Promise<T>, baseDelayMs = 500): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof PacUnavailable) || n >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, baseDelayMs * 2 ** n));
    }
  }
}

/** The body of an answer, read up to `max` bytes (a PAC's reply is a CFDI and an acuse: a few KB); larger is no usable answer. */
export async function readCapped(response: Response, max = 2 * 1024 * 1024): Promise<string> {
  try {
    return await readBody(response, max);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new PacUnavailable('respuesta demasiado grande');
    throw error;
  }
}
