import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ERRORS } from '@bufete/shared';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

async function sourceFiles(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(SRC, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file: path.relative(SRC, file), text: await readFile(file, 'utf8') })));
}

describe('catálogo de errores', () => {
  it('raises every error through appError with a code of the catalogue', async () => {
    const strays: string[] = [];
    for (const { file, text } of await sourceFiles()) {
      if (file === path.join('http', 'errors.ts')) continue;
      if (/new AppError\(/.test(text)) strays.push(`${file}: new AppError(…)`);
      for (const match of text.matchAll(/appError\(\s*'([^']+)'/g)) if (!(match[1]! in ERRORS)) strays.push(`${file}: ${match[1]}`);
      // Error bodies are built only by errorBody() from a catalogue code.
      for (const match of text.matchAll(/errorBody\(\s*'([^']+)'/g)) if (!(match[1]! in ERRORS)) strays.push(`${file}: ${match[1]}`);
      if (/\{\s*error:\s*\{\s*code:/.test(text)) strays.push(`${file}: cuerpo de error escrito a mano`);
    }
    expect(strays).toEqual([]);
  });

  it('gives each code a status, and a message where one text fits every use', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      if ('message' in entry) expect(entry.message, code).toMatch(/\S/);
    }
  });
});
