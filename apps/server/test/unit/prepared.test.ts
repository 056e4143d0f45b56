import { describe, expect, it } from 'vitest';
import { preparedByShape } from '../../src/db/prepared';

describe('preparedByShape', () => {
  it('prepares each shape once and reuses it', () => {
    const made: string[] = [];
    const statementFor = preparedByShape((shape) => {
      made.push(shape);
      return { shape };
    });
    const first = statementFor('a');
    expect(statementFor('a')).toBe(first);
    statementFor('b');
    expect(made).toEqual(['a', 'b']);
  });

  it('keeps at most `max` shapes, letting the least recently used go', () => {
    const made: string[] = [];
    const statementFor = preparedByShape(
      (shape) => {
        made.push(shape);
        return { shape };
      },
      { max: 2 },
    );
    statementFor('a');
    statementFor('b');
    statementFor('a'); // a is now the most recent: b goes when c comes
    statementFor('c');
    statementFor('a');
    expect(made).toEqual(['a', 'b', 'c']);
    statementFor('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});
