import { describe, expect, it } from 'vitest';
import { periodoGlobal } from '../src/values/cfdi';

describe('periodoGlobal: the days a factura global covers, and its Meses and Año (c_Periodicidad, c_Meses)', () => {
  it.each([
    ['01', '2026-10-03', { desde: '2026-10-03', hasta: '2026-10-03', meses: '10', anio: 2026 }],
    // Monday 2026-11-23 to Sunday 2026-11-29.
    ['02', '2026-11-25', { desde: '2026-11-23', hasta: '2026-11-29', meses: '11', anio: 2026 }],
    // The week of Thursday 2026-10-01 starts on Monday 2026-09-28: cut at the month (Meses names one).
    ['02', '2026-10-01', { desde: '2026-10-01', hasta: '2026-10-04', meses: '10', anio: 2026 }],
    ['02', '2026-09-29', { desde: '2026-09-28', hasta: '2026-09-30', meses: '09', anio: 2026 }],
    ['03', '2026-02-15', { desde: '2026-02-01', hasta: '2026-02-15', meses: '02', anio: 2026 }],
    ['03', '2026-02-16', { desde: '2026-02-16', hasta: '2026-02-28', meses: '02', anio: 2026 }],
    ['03', '2028-02-20', { desde: '2028-02-16', hasta: '2028-02-29', meses: '02', anio: 2028 }],
    ['04', '2026-12-31', { desde: '2026-12-01', hasta: '2026-12-31', meses: '12', anio: 2026 }],
    ['05', '2026-01-20', { desde: '2026-01-01', hasta: '2026-02-28', meses: '13', anio: 2026 }],
    ['05', '2026-04-01', { desde: '2026-03-01', hasta: '2026-04-30', meses: '14', anio: 2026 }],
    ['05', '2026-12-05', { desde: '2026-11-01', hasta: '2026-12-31', meses: '18', anio: 2026 }],
  ] as const)('%s of %s', (periodicidad, fecha, expected) => {
    expect(periodoGlobal(periodicidad, fecha)).toEqual(expected);
  });
});
