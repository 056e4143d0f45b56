/**
 * Shapes of a bulletin's lines that both the reader and the text's layout
 * need (folded text): a secretaría, a list's label, a row's number cell.
 */

/** 'SECRETARÍA "B"', 'SRIA. A', 'PRIMER SECRETARIA', 'SECRETARÍA DE ACUERDOS "A"'. */
export const SECRETARIA = /^(?:(?:primera?|segunda|segundo|tercera?|cuarta|cuarto|quinta|\d{1,2}\s*a\.?)\s+)?(?:secretaria|sria\.?)\b/;

/** A list's label: 'Acuerdos', 'ACUERDOS DEL 25 DE NOVIEMBRE DE 2026', 'Sentencias'. */
export const LIST_LABEL = /^(acuerdos|lista de acuerdos|relacion de acuerdos|sentencias(?: definitivas| interlocutorias)?|audiencias|resoluciones|autos)\b/;

/** A cell that holds an expediente and nothing else: '00840/2012', 'EXP 00017/2025', 'CA-EVF 00120/2025', 'T. Ap 412/2025/001'. */
export const NUMBER_CELL = /^(?:[a-z]{1,6}(?:-[a-z]{1,6})?\.?\s*|t\.\s*[a-z]{2,4}\.?\s*)?\d{1,6}\s*\/\s*\d{2,4}(?:\s*\/\s*\d{1,4})?\s*[a-z.]{0,6}$/;

/** A row's place in its list, alone on its line ('12'). */
export const ROW_INDEX = /^\d{1,4}\.?$/;

/** A line that heads a court, a secretaría or a list rather than continuing a row: a row's cells stop before it. */
export const HEADING_START = /^(?:juzgados?|salas?|tribunal(?:es)?|edictos|avisos|[a-z]+(?:esim|ecim|imer|egund|ercer|uart|uint|ext|eptim|ctav|oven)[oa]s?)\b/;

/** A table's column header copied a cell a line ('No.', 'EXPEDIENTE', 'PARTES'): not an entry, nor a piece of one. */
export const COLUMN_HEADER =
  /^(no\.?|num\.?|numero|n\.?o\.?|expedientes?|exp\.?|partes|actor(es)?|demandados?|juicio|tipo de juicio|acuerdos? publicados?|sintesis|extracto|fecha|materia)$/;
