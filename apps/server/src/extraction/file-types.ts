/**
 * The type of an uploaded file decided from its bytes, with the name's
 * extension only choosing between formats that share a container (a .docx,
 * an .xlsx and a .zip are all ZIP files; .doc and .xls are both OLE2).
 */
export type DocumentKind = 'pdf' | 'doc' | 'docx' | 'txt' | 'csv' | 'xls' | 'xlsx' | 'zip';

export const DOCUMENT_MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  csv: 'text/csv',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Text files: no NUL bytes and valid UTF-8 (or at least printable Latin-1) in the first bytes. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 4)); // a cut multi-byte char at the end is fine
    return true;
  } catch {
    // Latin-1 text (old CSV exports): reject only control characters other than tab, CR, LF, FF.
    return head.every((byte) => byte >= 0x20 || byte === 9 || byte === 10 || byte === 13 || byte === 12);
  }
}

/** `head` is the first few KB of the file. Returns null when the bytes are not an accepted document. */
export function detectDocumentKind(head: Uint8Array, fileName: string): DocumentKind | null {
  const ext = extensionOf(fileName);
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    if (ext === 'docx') return 'docx';
    if (ext === 'xlsx') return 'xlsx';
    return 'zip';
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ext === 'xls' ? 'xls' : ext === 'doc' ? 'doc' : null;
  if (head.length > 0 && looksLikeText(head)) {
    if (ext === 'csv') return 'csv';
    if (ext === 'txt' || ext === '') return 'txt';
  }
  return null;
}

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';
export const IMAGE_MIME: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp' };

/** Raster images only: an SVG is a document that can carry script, so it is not an image here. */
export function detectImageKind(head: Uint8Array): ImageKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(head, [0x42, 0x4d])) return 'bmp';
  return null;
}

/** The photos a phone takes, as a client sends them from the portal (an INE, a receipt): kept as they are. */
export type PhotoKind = 'jpeg' | 'png' | 'heic' | 'heif' | 'webp';
export const PHOTO_MIME: Record<PhotoKind, string> = { jpeg: 'image/jpeg', png: 'image/png', heic: 'image/heic', heif: 'image/heif', webp: 'image/webp' };
/** HEIF's brands (ISO/IEC 23008-12): an iPhone's photo is 'heic'; 'mif1' is the format's general brand. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2']);

/** A phone's photo by its bytes (the name says nothing), or null. */
export function detectPhotoKind(head: Uint8Array): PhotoKind | null {
  const image = detectImageKind(head);
  if (image === 'jpeg' || image === 'png' || image === 'webp') return image;
  // An ISO base media file: its size, 'ftyp', then its major brand.
  if (head.length >= 12 && startsWith(head, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (HEIC_BRANDS.has(brand)) return 'heic';
    if (HEIF_BRANDS.has(brand)) return 'heif';
  }
  return null;
}

/** The kinds whose text we extract (spec: PDF, Word, TXT, CSV; .doc gets an explanation). */
export const EXTRACTABLE: ReadonlySet<DocumentKind> = new Set(['pdf', 'doc', 'docx', 'txt', 'csv']);
