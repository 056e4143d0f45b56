/** A case's parties and the conflict-of-interest check on their names (issue 35). */
export { CaseParties } from './CaseParties';
export { CaseConflicts } from './CaseConflicts';
