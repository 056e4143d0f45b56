import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, MSG, newPasswordSchema, profileUpdateSchema, registerSchema } from '../src';

/** The first message a schema gives for `input`, with the field it is attached to. */
function firstIssue(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error!.issues[0]!;
  return { message: issue.message, field: issue.path.join('.') };
}

const validRegistration = {
  nombre: 'María',
  apellido: 'García',
  email: 'maria@example.com',
  especialidad: '',
  password: 'secreto-del-despacho',
  confirmPassword: 'secreto-del-despacho',
};

describe('login (spec part 1, section 5)', () => {
  it('requires a valid email', () => {
    expect(firstIssue(loginSchema, { email: 'maria', password: 'secreto' })).toEqual({ message: 'Email inválido', field: 'email' });
    expect(firstIssue(loginSchema, { email: '', password: 'secreto' })?.message).toBe(MSG.validation.emailInvalid);
  });
  it('requires a password of at least 6 characters', () => {
    expect(firstIssue(loginSchema, { email: 'maria@example.com', password: '12345' })).toEqual({
      message: 'La contraseña debe tener al menos 6 caracteres',
      field: 'password',
    });
    expect(loginSchema.safeParse({ email: 'maria@example.com', password: '123456' }).success).toBe(true);
  });
  it('normalises the email', () => {
    expect(loginSchema.parse({ email: '  Maria@Example.COM ', password: '123456' }).email).toBe('maria@example.com');
  });
});

describe('registration', () => {
  it('accepts a complete form and stores an empty especialidad as null', () => {
    expect(registerSchema.parse(validRegistration).especialidad).toBeNull();
    expect(registerSchema.parse({ ...validRegistration, especialidad: ' Derecho Civil ' }).especialidad).toBe('Derecho Civil');
  });
  it.each([
    [{ nombre: 'M' }, 'nombre', 'El nombre debe tener al menos 2 caracteres'],
    [{ nombre: '  M  ' }, 'nombre', 'El nombre debe tener al menos 2 caracteres'],
    [{ apellido: 'G' }, 'apellido', 'El apellido debe tener al menos 2 caracteres'],
    [{ email: 'maria@' }, 'email', 'Email inválido'],
    // New passwords: 12 characters (the spec's 6 still signs in).
    [{ password: 'secreto123', confirmPassword: 'secreto123' }, 'password', 'La contraseña debe tener al menos 12 caracteres'],
    [{ confirmPassword: 'secreta' }, 'confirmPassword', 'Las contraseñas no coinciden'],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(firstIssue(registerSchema, { ...validRegistration, ...patch })).toEqual({ message, field });
  });
});

describe('forgot and reset password', () => {
  it('forgot password requires a valid email', () => {
    expect(firstIssue(forgotPasswordSchema, { email: 'nadie' })).toEqual({ message: 'Email inválido', field: 'email' });
  });
  it('reset requires 12 characters and a matching confirmation', () => {
    expect(firstIssue(newPasswordSchema, { password: '123456', confirmPassword: '123456' })).toEqual({
      message: 'La contraseña debe tener al menos 12 caracteres',
      field: 'password',
    });
    expect(firstIssue(newPasswordSchema, { password: 'clave-larga-123', confirmPassword: 'otra-clave-1234' })).toEqual({
      message: 'Las contraseñas no coinciden',
      field: 'confirmPassword',
    });
  });
});

describe('profile update', () => {
  it('keeps names at 2+ characters, trims, and turns empty optional fields into null', () => {
    expect(firstIssue(profileUpdateSchema, { nombre: 'A' })?.message).toBe(MSG.validation.nombreMin);
    expect(firstIssue(profileUpdateSchema, { apellido: '' })?.message).toBe(MSG.validation.apellidoMin);
    expect(profileUpdateSchema.parse({ especialidad: '  ', telefono: ' 555 ' })).toEqual({ especialidad: null, telefono: '555' });
    expect(profileUpdateSchema.parse({})).toEqual({});
  });
  it('refuses fields that are not part of the profile', () => {
    expect(profileUpdateSchema.safeParse({ id: 'otro' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ email: 'otro@example.com' }).success).toBe(false);
  });
});
