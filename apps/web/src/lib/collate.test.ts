import { describe, expect, it } from 'vitest';
import { sortByName } from './collate.ts';

describe('sorting names by the language', () => {
  it('puts accented names where a reader expects them, not after Z', () => {
    const names = ['Reino Unido', 'Índia', 'Indonésia', 'Alemanha', 'Espanha', 'Estados Unidos'];
    expect(sortByName(names, (n) => n, 'pt')).toEqual([
      'Alemanha',
      'Espanha',
      'Estados Unidos',
      'Índia',
      'Indonésia',
      'Reino Unido',
    ]);
  });
});
