import { describe, expect, it } from 'vitest';
import { especialidadOf, fullNameOf, initialsOf, nameFromAccount } from '../src';

describe('profile name fallbacks (spec part 1, section 3)', () => {
  it('splits the account name: first word is nombre, the rest apellido', () => {
    expect(nameFromAccount('María José García', 'x@example.com')).toEqual({ nombre: 'María', apellido: 'José García' });
  });
  it('uses the part of the email before the @ when there is no name', () => {
    expect(nameFromAccount(null, 'lucia.perez@example.com')).toEqual({ nombre: 'lucia.perez', apellido: 'Nuevo' });
    expect(nameFromAccount('   ', 'ana@example.com')).toEqual({ nombre: 'ana', apellido: 'Nuevo' });
  });
  it("falls back to 'Usuario' and 'Nuevo'", () => {
    expect(nameFromAccount('', '@example.com')).toEqual({ nombre: 'Usuario', apellido: 'Nuevo' });
    expect(nameFromAccount('Ana', 'ana@example.com')).toEqual({ nombre: 'Ana', apellido: 'Nuevo' });
  });
  it("initials are the first letters of nombre and apellido, uppercase, or 'U' without a profile", () => {
    expect(initialsOf({ nombre: 'ana', apellido: 'ruiz' })).toBe('AR');
    expect(initialsOf(null)).toBe('U');
  });
  it("full name is nombre plus apellido, or 'Usuario'", () => {
    expect(fullNameOf({ nombre: 'Ana', apellido: 'Ruiz' })).toBe('Ana Ruiz');
    expect(fullNameOf(null)).toBe('Usuario');
  });
  it("specialty defaults to 'Abogado'", () => {
    expect(especialidadOf({ especialidad: null })).toBe('Abogado');
    expect(especialidadOf({ especialidad: '  ' })).toBe('Abogado');
    expect(especialidadOf({ especialidad: 'Derecho Penal' })).toBe('Derecho Penal');
    expect(especialidadOf(null)).toBe('Abogado');
  });
});
