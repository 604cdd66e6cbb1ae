// How a terrain type looks on the map: its fill, the symbol scattered over each cell, a texture
// pattern, and how densely. A type's own `symbology` wins; where it says nothing the look follows
// the type's id, name and category, so bundled and older scenarios print like wargame maps
// without anyone setting it.
import type { TerrainSymbology, TerrainType } from '../format/scenario.types.js';
import { darken, hexToRgb, lighten, mix, type Rgb } from './surface.js';

export type SymbolKind = NonNullable<TerrainSymbology['symbol']>;
export type PatternKind = NonNullable<TerrainSymbology['pattern']>;

export const SYMBOL_KINDS: readonly SymbolKind[] = ['none', 'trees', 'marsh', 'hills', 'ridge', 'mountains', 'town', 'city', 'fort', 'swamp', 'sand', 'steppe', 'svg'];
export const PATTERN_KINDS: readonly PatternKind[] = ['none', 'dots', 'hatch', 'crosshatch', 'waves', 'grass'];

/** Words for the palette's menus. */
export const SYMBOL_NAMES: Record<SymbolKind, string> = {
  none: 'None',
  trees: 'Trees',
  marsh: 'Marsh',
  hills: 'Hills',
  ridge: 'Ridge',
  mountains: 'Mountains',
  town: 'Town blocks',
  city: 'City',
  fort: 'Fort',
  swamp: 'Swamp',
  sand: 'Sand',
  steppe: 'Steppe',
  svg: 'Imported SVG',
};
export const PATTERN_NAMES: Record<PatternKind, string> = {
  none: 'None',
  dots: 'Dots',
  hatch: 'Hatching',
  crosshatch: 'Cross-hatching',
  waves: 'Waves',
  grass: 'Grass',
};

export interface TerrainLook {
  fill: Rgb;
  symbol: SymbolKind;
  /** Ink of the symbol (its darkest part). */
  symbolColour: Rgb;
  pattern: PatternKind;
  patternColour: Rgb;
  density: number;
  seed: number;
  /** The imported SVG's markup when symbol is svg. */
  svg: string | null;
}

const has = (t: TerrainType, ...words: string[]): boolean => {
  const text = `${t.id} ${t.name}`.toLowerCase();
  return words.some((w) => text.includes(w));
};

/** The symbol and pattern a type gets when its symbology does not say. */
export function defaultSymbology(t: TerrainType): { symbol: SymbolKind; pattern: PatternKind } {
  const water = t.category === 'impassable' && (has(t, 'lake', 'sea', 'water', 'ocean', 'river', 'pond') || isBluish(hexToRgb(t.colour)));
  if (water) return { symbol: 'none', pattern: 'waves' };
  if (has(t, 'mountain', 'peak', 'alp')) return { symbol: 'mountains', pattern: 'none' };
  if (has(t, 'ridge', 'escarp')) return { symbol: 'ridge', pattern: 'none' };
  if (has(t, 'fort', 'citadel', 'fortress')) return { symbol: 'fort', pattern: 'none' };
  if (has(t, 'city', 'urban', 'metropol')) return { symbol: 'city', pattern: 'none' };
  if (has(t, 'town', 'village', 'hamlet', 'built')) return { symbol: 'town', pattern: 'none' };
  if (has(t, 'swamp', 'bog')) return { symbol: 'swamp', pattern: 'none' };
  if (has(t, 'marsh', 'fen', 'wetland')) return { symbol: 'marsh', pattern: 'none' };
  if (has(t, 'wood', 'forest', 'tree', 'jungle', 'taiga')) return { symbol: 'trees', pattern: 'none' };
  if (has(t, 'hill', 'rough', 'broken')) return { symbol: 'hills', pattern: 'none' };
  if (has(t, 'sand', 'desert', 'dune')) return { symbol: 'sand', pattern: 'none' };
  if (has(t, 'steppe', 'grass', 'prairie', 'savan')) return { symbol: 'steppe', pattern: 'none' };
  if (t.category === 'urban' || t.category === 'urban-difficult') return { symbol: 'city', pattern: 'none' };
  if (t.category === 'impassable') return { symbol: 'mountains', pattern: 'none' };
  return { symbol: 'none', pattern: 'none' };
}

function isBluish(c: Rgb): boolean {
  return c[2] > c[0] + 0.08 && c[2] > c[1] - 0.02;
}

/** The ink a symbol gets when none is set: a dark shade of the ground it stands on, in the symbol's own hue. */
export function defaultSymbolColour(symbol: SymbolKind, fill: Rgb): Rgb {
  switch (symbol) {
    case 'trees':
      return mix(darken(fill, 0.55), [0.13, 0.3, 0.12], 0.55);
    case 'marsh':
    case 'swamp':
      return [0.16, 0.36, 0.42];
    case 'hills':
    case 'ridge':
      return [0.45, 0.3, 0.16];
    case 'mountains':
      return [0.33, 0.25, 0.19];
    case 'town':
    case 'city':
    case 'fort':
      return [0.22, 0.2, 0.2];
    case 'sand':
      return [0.6, 0.46, 0.22];
    case 'steppe':
      return [0.44, 0.47, 0.2];
    default:
      return darken(fill, 0.5);
  }
}

export function terrainLook(t: TerrainType): TerrainLook {
  const fill = hexToRgb(t.colour);
  const own = t.symbology ?? {};
  const auto = defaultSymbology(t);
  const symbol = own.symbol ?? auto.symbol;
  const pattern = own.pattern ?? (own.symbol ? 'none' : auto.pattern);
  const symbolColour = own.symbolColour ? hexToRgb(own.symbolColour) : defaultSymbolColour(symbol, fill);
  const patternColour = pattern === 'waves' ? lighten(darken(fill, 0.35), 0.05) : own.symbolColour ? hexToRgb(own.symbolColour) : darken(fill, 0.3);
  return {
    fill,
    symbol: symbol === 'svg' && !own.symbolSvg ? 'none' : symbol,
    symbolColour,
    pattern,
    patternColour,
    density: Math.min(3, Math.max(0.25, own.density ?? 1)),
    seed: own.seed ?? 0,
    svg: own.symbolSvg ?? null,
  };
}
