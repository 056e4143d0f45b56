/** A case's actuaciones: what the court published in it (issue 35). */
export { CaseProceedings } from './CaseProceedings';
