import { describe, expect, it } from 'vitest';
import { casoCreateSchema, casoUpdateSchema, clienteSaveSchema, recordatorioCreateSchema, MSG, whatsappUrl } from '../src';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('casos', () => {
  it('creates with Pendiente and Media by default and nulls for empty optional fields', () => {
    expect(casoCreateSchema.parse({ titulo: '  Amparo  ', descripcion: '', cliente_id: '', fecha_vencimiento: '' })).toEqual({
      titulo: 'Amparo',
      descripcion: null,
      estado: 'Pendiente',
      prioridad: 'Media',
      cliente_id: null,
      fecha_vencimiento: null,
      responsable_id: null,
      asignados: [],
      expediente: null,
      juzgado: null,
      secretaria: null,
      materia: null,
    });
  });
  it('requires a title after trimming', () => {
    expect(firstMessage(casoCreateSchema.safeParse({ titulo: '   ' }))).toBe(MSG.practice.tituloObligatorio);
  });
  it('offers three initial states and all four when editing', () => {
    expect(casoCreateSchema.safeParse({ titulo: 'x', estado: 'Cerrado' }).success).toBe(false);
    for (const estado of ['Activo', 'Pendiente', 'En Revisión', 'Cerrado']) {
      expect(casoUpdateSchema.parse({ estado })).toEqual({ estado });
    }
  });
  it('rejects an impossible due date', () => {
    expect(firstMessage(casoCreateSchema.safeParse({ titulo: 'x', fecha_vencimiento: '2026-02-31T00' }))).toBe(MSG.practice.fechaInvalida);
  });
});

describe('clientes', () => {
  it('requires a non-blank name and stores empty optional fields as null', () => {
    expect(firstMessage(clienteSaveSchema.safeParse({ nombre: ' ' }))).toBe(MSG.practice.nombreObligatorio);
    expect(clienteSaveSchema.parse({ nombre: 'Ana', email: '', telefono: ' ', empresa: '', direccion: '' })).toEqual({
      nombre: 'Ana',
      email: null,
      telefono: null,
      empresa: null,
      direccion: null,
      rfc: null,
      razon_social: null,
      regimen_fiscal: null,
      codigo_postal: null,
      uso_cfdi: null,
      publico_en_general: false,
    });
  });
  it('checks the email when there is one', () => {
    expect(firstMessage(clienteSaveSchema.safeParse({ nombre: 'Ana', email: 'ana@' }))).toBe(MSG.validation.emailInvalid);
  });
});

describe('recordatorios por email', () => {
  const clienteId = '3f2b8c1e-0d4a-4c7b-9e2f-1a2b3c4d5e6f';
  it('needs both subject and message', () => {
    expect(firstMessage(recordatorioCreateSchema.safeParse({ cliente_id: clienteId, subject: '', message: 'x' }))).toBe('Por favor completa el asunto y el mensaje');
    expect(firstMessage(recordatorioCreateSchema.safeParse({ cliente_id: clienteId, subject: 'x', message: '  ' }))).toBe('Por favor completa el asunto y el mensaje');
  });
  it('treats an empty schedule as "now"', () => {
    expect(recordatorioCreateSchema.parse({ cliente_id: clienteId, subject: 'x', message: 'y', scheduled_for: '' }).scheduled_for).toBeNull();
    // An instant with any offset comes out in UTC, so parsing it again gives the same value.
    expect(recordatorioCreateSchema.parse({ cliente_id: clienteId, subject: 'x', message: 'y', scheduled_for: '2030-01-02T04:00:00-06:00' }).scheduled_for).toBe(
      '2030-01-02T10:00:00.000Z',
    );
  });
});

describe('WhatsApp', () => {
  it('opens wa.me with the digits of the phone, or nothing without one', () => {
    expect(whatsappUrl('+52 (55) 1234-5678')).toBe('https://wa.me/525512345678');
    expect(whatsappUrl('')).toBeNull();
    expect(whatsappUrl(null)).toBeNull();
  });
});
