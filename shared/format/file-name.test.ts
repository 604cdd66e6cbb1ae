import { describe, expect, it } from 'vitest';
import { fileNameFor, fileStem } from './file-name.js';

describe('file names from titles', () => {
  it('keeps a title readable and drops what file systems or the host channels refuse', () => {
    expect(fileStem('The Ros Salient, January 1944')).toBe('The Ros Salient January 1944');
    expect(fileStem('Kraków / Lwów: 1939?')).toBe('Krakow Lwow 1939');
    expect(fileStem('Dnieper Bend (1943) – draft')).toBe('Dnieper Bend (1943) - draft');
    expect(fileStem('...')).toBe('scenario');
    expect(fileStem('Сталинград', 'map')).toBe('map');
    expect(fileStem('x'.repeat(200))).toHaveLength(80);
    expect(fileStem('A <b> "quoted" name.')).toBe('A b quoted name');
  });

  it('adds the parts that tell exports of one title apart', () => {
    expect(fileNameFor('Dnieper Bend', 'pdf', ['A4', '10 cm cells'])).toBe('Dnieper Bend A4 10 cm cells.pdf');
    expect(fileNameFor('Dnieper Bend', 'pdf', ['Letter', '4 in cells'])).toBe('Dnieper Bend Letter 4 in cells.pdf');
    expect(fileNameFor('', '.json')).toBe('scenario.json');
    for (const name of [fileNameFor('The Ros Salient, January 1944', 'png'), fileNameFor('Kraków', 'svg')]) expect(name).toMatch(/^[A-Za-z0-9 ._()-]+$/);
  });
});
