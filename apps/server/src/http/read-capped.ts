/** The answer of another service was larger than its caller reads. */
export class BodyTooLarge extends Error {}

/**
 * The body of a response from another service (Google, a PAC, the SAT) as
 * text, read up to `max` bytes: past it the read is cancelled and
 * BodyTooLarge thrown, so a hostile or broken answer cannot fill memory.
 */
export async function readCapped(response: Response, max: number): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > max) throw new BodyTooLarge();
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
