import { describe, expect, it } from 'vitest';
import { storageKey } from '../../src/storage';

describe('storageKey', () => {
  it('gives two uploads of the same name in the same millisecond different keys', () => {
    const now = 1_795_805_096_967;
    const first = storageKey('u1', 'documentos', 'escrito.txt', now);
    const second = storageKey('u1', 'documentos', 'escrito.txt', now);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^u1\/documentos\/1795805096967-[0-9a-f]{8}-escrito\.txt$/);
  });

  it('keeps letters of accented names and turns the rest into underscores', () => {
    expect(storageKey('u1', 'casos/c1', 'Demanda Pérez (2).pdf', 1)).toMatch(/^u1\/casos\/c1\/1-[0-9a-f]{8}-Demanda_Perez__2_\.pdf$/);
  });
});
