import { describe, expect, it } from 'vitest';
import { zonaHorariaDeCodigoPostal } from '../src/values/cfdi';

describe('la zona horaria del lugar de expedición de un CFDI', () => {
  it('sigue al código postal, no a la cuenta', () => {
    expect(zonaHorariaDeCodigoPostal('06600')).toBe('America/Mexico_City');
    expect(zonaHorariaDeCodigoPostal('22000')).toBe('America/Tijuana');
    expect(zonaHorariaDeCodigoPostal('21100')).toBe('America/Tijuana');
    expect(zonaHorariaDeCodigoPostal('83000')).toBe('America/Hermosillo');
    expect(zonaHorariaDeCodigoPostal('23000')).toBe('America/Mazatlan');
    expect(zonaHorariaDeCodigoPostal('82000')).toBe('America/Mazatlan');
    expect(zonaHorariaDeCodigoPostal('32000')).toBe('America/Ciudad_Juarez');
    expect(zonaHorariaDeCodigoPostal('31000')).toBe('America/Chihuahua');
    expect(zonaHorariaDeCodigoPostal('77500')).toBe('America/Cancun');
    expect(zonaHorariaDeCodigoPostal('64000')).toBe('America/Mexico_City');
  });

  it('en un estado con dos zonas, nunca la que va adelantada: una Fecha una hora antes es válida, una hora después no', () => {
    // Coahuila, Nuevo León y Tamaulipas: su frontera adelanta el reloj en verano; la zona del resto no.
    const now = new Date('2026-07-01T18:00:00Z');
    const hour = (zone: string) => Number(new Intl.DateTimeFormat('en', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
    expect(hour(zonaHorariaDeCodigoPostal('88000'))).toBeLessThanOrEqual(hour('America/Matamoros'));
    // Chihuahua's border valley (UTC−7) is never ahead of the rest of the state (UTC−6).
    expect(hour(zonaHorariaDeCodigoPostal('32880'))).toBeLessThanOrEqual(hour('America/Ojinaga'));
  });

  it('un código postal vacío o ilegible toma la hora del centro', () => {
    expect(zonaHorariaDeCodigoPostal(null)).toBe('America/Mexico_City');
    expect(zonaHorariaDeCodigoPostal('abc')).toBe('America/Mexico_City');
  });
});
