// The underlay image (map.underlay) travels with its scenario: the library keeps it by
// content, a pack carries it beside the scenario, and an import checks it as it checks
// everything else (the hash the scenario names, a real PNG/JPEG of the stated size, read from
// the header before it is decoded) and keeps it in the library with the scenario.
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../../shared/format/fixtures.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { checkUnderlayImage, sha256Hex } from '../library/images.js';
import { mustWrite, testLibrary, type TestLibrary } from '../library/testing.js';
import { exportPack } from './export.js';
import { scenariosFromLibrary } from './from-library.js';
import { sha256 } from './hash.js';
import { importPack } from './import.js';
import { inspectPack } from './inspect.js';
import { craftZip, librarySnapshot, validPackEntries } from './testing.js';

/** A small PNG: a grey gradient, so it is a real picture. */
function png(width = 40, height = 30): Buffer {
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, width, height);
  g.addColorStop(0, '#d8cba0');
  g.addColorStop(1, '#6b5a3a');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  return c.encodeSync('png');
}

function withUnderlay(image: Buffer, id = 'traced'): Scenario {
  const s = makeTinyScenario();
  s.id = id;
  s.title = 'Traced map';
  s.map.underlay = { image: `${sha256Hex(image)}.png`, name: 'kursk-1943.png', width: 40, height: 30, x: -0.5, y: -0.25, scale: 0.2, opacity: 0.6 };
  return s;
}

const libs: TestLibrary[] = [];
const lib = () => {
  const t = testLibrary();
  libs.push(t);
  return t.lib;
};
afterEach(() => {
  for (const t of libs.splice(0)) t.cleanup();
});

describe('underlay images in the library', () => {
  it('are checked, kept once under their content hash and read back byte for byte', async () => {
    const l = lib();
    const image = png();
    const checked = await checkUnderlayImage(image);
    expect(checked).toMatchObject({ ref: `${sha256Hex(image)}.png`, width: 40, height: 30, mime: 'image/png' });
    expect(l.putImage(checked.ref, image)).toBe(checked.ref);
    l.putImage(checked.ref, image);
    expect(l.getImage(checked.ref)!.equals(image)).toBe(true);
    expect(l.getImage(`${'0'.repeat(64)}.png`)).toBeNull();
    expect(() => l.putImage(`${'0'.repeat(64)}.png`, image)).toThrow(/not what/);
  });

  it('refuses what is not a whole PNG or JPEG, and a header claiming a vast picture without decoding it', async () => {
    await expect(checkUnderlayImage(Buffer.from('GIF89a....'))).rejects.toThrow('is not a PNG or JPEG image');
    const cut = png().subarray(0, 60);
    await expect(checkUnderlayImage(cut)).rejects.toThrow(/damaged|not a readable/);
    // A PNG header saying 60000 × 60000 (3.6 gigapixels) in a few hundred bytes.
    const bomb = Buffer.from(png());
    bomb.writeUInt32BE(60000, 16);
    bomb.writeUInt32BE(60000, 20);
    await expect(checkUnderlayImage(bomb)).rejects.toThrow(/60000 × 60000 pixels; an underlay may have at most 120 megapixels/);
  });
});

describe('underlay images in packs', () => {
  it('an exported pack carries the image; importing it elsewhere keeps scenario and image together', async () => {
    const from = lib();
    const image = png();
    const scenario = withUnderlay(image);
    from.putImage(scenario.map.underlay!.image, image);
    mustWrite(from.create(scenario));
    const bytes = await exportPack({ name: 'Traced', version: '1.0' }, scenariosFromLibrary(from, ['traced']));

    const inspection = await inspectPack(bytes);
    expect(inspection.problems).toEqual([]);
    expect(inspection.manifest!.scenarios[0]!.extras).toEqual([{ kind: 'underlay', file: `extras/traced/${scenario.map.underlay!.image}`, sha256: sha256(image) }]);

    const to = lib();
    const result = await importPack(bytes, to);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.extras).toEqual([]);
    expect(to.get('traced')!.document.map.underlay).toEqual(scenario.map.underlay);
    expect(to.getImage(scenario.map.underlay!.image)!.equals(image)).toBe(true);
  });

  it('a scenario whose underlay image is missing from the library cannot be exported', () => {
    const from = lib();
    mustWrite(from.create(withUnderlay(png())));
    expect(() => scenariosFromLibrary(from, ['traced'])).toThrow(/underlay image \(kursk-1943.png\) is missing from the library/);
  });

  describe('hostile or broken packs are refused whole, and nothing is written', () => {
    const cases: [string, (image: Buffer, s: Scenario) => { entries: ReturnType<typeof validPackEntries>; expect: RegExp }][] = [
      [
        'the scenario names an image the pack does not carry',
        (_image, s) => ({ entries: validPackEntries([s]), expect: /names an underlay image \(kursk-1943.png\) that is not in the pack/ }),
      ],
      [
        'the image is another picture than the one the scenario names',
        (_image, s) => {
          const other = png(40, 31);
          return { entries: withExtra([s], other), expect: /is not the underlay image the scenario names/ };
        },
      ],
      [
        'the image is not the size the scenario places',
        (_image, s) => {
          const other = png(41, 30);
          s.map.underlay!.image = `${sha256Hex(other)}.png`;
          return { entries: withExtra([s], other), expect: /is 41 × 30 pixels, but the scenario places it as 40 × 30/ };
        },
      ],
      [
        'the image header claims a picture too vast to decode',
        (_image, s) => {
          const bomb = Buffer.from(png());
          bomb.writeUInt32BE(60000, 16);
          bomb.writeUInt32BE(60000, 20);
          s.map.underlay!.image = `${sha256Hex(bomb)}.png`;
          return { entries: withExtra([s], bomb), expect: /60000 × 60000 pixels; an underlay may have at most/ };
        },
      ],
    ];
    function withExtra(scenarios: Scenario[], data: Buffer) {
      const file = `extras/${scenarios[0]!.id}/underlay.png`;
      const entries = validPackEntries(scenarios, (m) => {
        m.scenarios[0]!.extras = [{ kind: 'underlay', file, sha256: sha256(data) }];
      });
      return [...entries, { name: file, data }];
    }
    for (const [name, make] of cases) {
      it(name, async () => {
        const image = png();
        const to = lib();
        const before = librarySnapshot(to);
        const { entries, expect: message } = make(image, withUnderlay(image));
        const result = await importPack(craftZip(entries), to);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.problems.map((p) => p.message).join('\n')).toMatch(message);
        expect(librarySnapshot(to)).toEqual(before);
      });
    }
  });
});
