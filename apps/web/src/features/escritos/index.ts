/** Escritos drafted from the expediente (issue 36): the dialog a case's documents open. */
export { EscritoDialog } from './EscritoDialog';
