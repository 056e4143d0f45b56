export type PreviewKind = 'pdf' | 'image' | 'text' | 'csv' | 'word' | 'spreadsheet' | 'archive' | 'none';

/** How a stored file is shown, from its MIME type (decided by the server from its bytes). */
export function previewKindOf(tipo: string): PreviewKind {
  if (tipo === 'application/pdf') return 'pdf';
  if (tipo.startsWith('image/')) return 'image';
  if (tipo === 'text/plain') return 'text';
  if (tipo === 'text/csv') return 'csv';
  if (tipo === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'word';
  if (tipo === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'spreadsheet';
  if (tipo === 'application/zip') return 'archive';
  return 'none';
}

/** Short label for cards. */
export function typeLabel(tipo: string): string {
  const labels: Record<string, string> = {
    'application/pdf': 'PDF',
    'application/msword': 'Word',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'text/plain': 'Texto',
    'text/csv': 'CSV',
    'application/vnd.ms-excel': 'Excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
    'application/zip': 'ZIP',
  };
  return labels[tipo] ?? (tipo.startsWith('image/') ? 'Imagen' : tipo || 'Desconocido');
}
