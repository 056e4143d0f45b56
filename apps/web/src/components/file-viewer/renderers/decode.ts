/** UTF-8 text, or Latin-1 for old Windows exports. */
export function decodeText(data: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(data);
  }
}
