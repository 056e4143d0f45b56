import { describe, expect, it } from 'vitest';
import { addDays, dateFormatIn, dayIn, daysBetween, instantIn, isTimeZone, timeZoneLabel, todayIn, urgencyOf, wallClockIn } from '../src/dates';

describe('urgencyOf', () => {
  const today = '2026-11-22';
  it('reads overdue in red, this week in amber, later calm', () => {
    expect(urgencyOf('2026-11-11', today)).toEqual({ tone: 'overdue', days: -11, label: 'Vencido hace 11 días' });
    expect(urgencyOf('2026-11-21', today)).toEqual({ tone: 'overdue', days: -1, label: 'Vencido hace 1 día' });
    expect(urgencyOf('2026-11-22', today)).toEqual({ tone: 'soon', days: 0, label: 'Vence hoy' });
    expect(urgencyOf('2026-11-23', today)).toEqual({ tone: 'soon', days: 1, label: 'Vence mañana' });
    expect(urgencyOf('2026-11-29', today)).toEqual({ tone: 'soon', days: 7, label: 'Vence en 7 días' });
    expect(urgencyOf('2026-11-30', today)).toEqual({ tone: 'calm', days: 8, label: 'Vence en 8 días' });
  });
  it('never alarms without a date or for a closed case', () => {
    expect(urgencyOf(null, today)).toBeNull();
    expect(urgencyOf('2026-01-01', today, true)).toBeNull();
  });
  it('counts whole calendar days across months, years and leap days', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(addDays('2026-11-22', 40)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('time zones', () => {
  it('knows which day it is where the lawyer is', () => {
    const instant = new Date('2026-11-22T04:30:00Z');
    expect(todayIn('America/Mexico_City', instant)).toBe('2026-11-21');
    expect(todayIn('America/Cancun', instant)).toBe('2026-11-21');
    expect(todayIn('Europe/Madrid', instant)).toBe('2026-11-22');
  });
  it('turns a wall-clock day and time into the instant, and back', () => {
    expect(instantIn('2026-12-05', '09:00', 'America/Mexico_City').toISOString()).toBe('2026-12-05T15:00:00.000Z');
    expect(instantIn('2026-12-05', '23:30', 'America/Cancun').toISOString()).toBe('2026-12-06T04:30:00.000Z');
    // Tijuana keeps daylight saving: UTC-7 in July, UTC-8 in January.
    expect(instantIn('2026-07-05', '09:00', 'America/Tijuana').toISOString()).toBe('2026-07-05T16:00:00.000Z');
    expect(instantIn('2026-01-05', '09:00', 'America/Tijuana').toISOString()).toBe('2026-01-05T17:00:00.000Z');
    expect(wallClockIn(new Date('2026-12-05T15:00:00Z'), 'America/Mexico_City')).toEqual({ day: '2026-12-05', time: '09:00' });
    expect(wallClockIn(new Date('2026-12-05T06:05:00Z'), 'America/Mexico_City')).toEqual({ day: '2026-12-05', time: '00:05' });
  });
  it('accepts real zones only, and names them the way people do', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(timeZoneLabel('America/Mexico_City', new Date('2026-11-22T00:00:00Z'))).toBe('Centro (Ciudad de México, Guadalajara, Monterrey) · GMT-6');
    expect(timeZoneLabel('America/Cancun', new Date('2026-11-22T00:00:00Z'))).toBe('Sureste (Quintana Roo) · GMT-5');
    expect(timeZoneLabel('Europe/Madrid', new Date('2026-11-22T00:00:00Z'))).toBe('Madrid · GMT+1');
  });
});

describe('dateFormatIn', () => {
  it('makes a format once per zone, locale and style, and keeps each zone its own', () => {
    const style = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    const mexico = dateFormatIn('America/Mexico_City', 'en-CA', style);
    expect(dateFormatIn('America/Mexico_City', 'en-CA', { ...style })).toBe(mexico);
    expect(dateFormatIn('America/Tijuana', 'en-CA', style)).not.toBe(mexico);
    expect(dateFormatIn('America/Mexico_City', 'es-MX', style)).not.toBe(mexico);
    // 2026-03-01 05:30 UTC is still February 28th in Mexico City (UTC-6).
    const instant = new Date('2026-03-01T05:30:00Z');
    expect(dayIn(instant, 'America/Mexico_City')).toBe('2026-02-28');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-01');
  });

  it('refuses an unknown zone as the constructor does, and does not keep it', () => {
    expect(() => dateFormatIn('America/Atlantida', 'en-CA', {})).toThrow(RangeError);
    expect(() => dateFormatIn('America/Atlantida', 'en-CA', {})).toThrow(RangeError);
  });
});
