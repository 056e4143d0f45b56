/** Plazos: the 'Calcular plazo' dialog, opened from a case page and from the calendar. */
export { PlazoButton } from './PlazoButton';
