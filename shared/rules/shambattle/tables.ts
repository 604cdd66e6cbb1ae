// Shambattle's play aids as data (the editor shows them, print prints them): the hit table, the
// stands' ranges and moves, the dice modifiers, what each of the map's terrain types counts as
// (editable), the armies' exhaustion and rout points, and the turn track of days and nights.
import type { ShambattleOptions, TerrainClass } from '../../format/ruleset-shambattle.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import type { EditResult, RulesTable } from '../types.js';
import { boardOf, terrainClasses } from './board.js';
import { HIT_TABLE, MODIFIERS, STACKING_LIMIT, STANDS, STAND_TYPES, TERRAIN } from './data.js';

const CLASSES = Object.keys(TERRAIN) as TerrainClass[];
const rate = (n: number): string => (n === 0 ? '—' : String(n));

export function shambattleTables(scenario: Scenario): RulesTable[] {
  const b = boardOf(scenario);
  const classOf = terrainClasses(scenario);
  const o = b.options;
  return [
    {
      id: 'hitTable',
      title: 'Hit table',
      caption: 'One die per SP of each stand, after modifiers. A result counts only if its target type is in the target area.',
      corner: 'Die',
      columns: [
        { key: 'target', label: 'Strikes' },
        { key: 'result', label: 'Result' },
      ],
      rows: HIT_TABLE.map((r) => ({
        key: String(r.face),
        label: String(r.face),
        cells: [{ specialist: 'Artillery, machine guns, engineers, engineer train, logistics', cavalry: 'Cavalry', infantry: 'Infantry' }[r.target], r.text],
      })),
      notes: [
        'Engineers count as infantry for shooting and close combat, but only a 1 strikes them: hits on the engineers and their train fall in turn, the train first, each turn.',
        'Each 6 rolled at the area the Army Commander is in puts him at hazard: a separate roll of 6 and he is lost (1–2 killed, 3–4 wounded, 5–6 taken prisoner).',
        'A stand that cannot retreat loses 1 SP instead. "Retreat or lose 1 SP": the owner chooses.',
      ],
    },
    {
      id: 'stands',
      title: 'Stands: ranges and moves',
      caption: `Moves in grid areas; a move is as long as the smallest allowance among the areas it enters (— cannot enter). ${STACKING_LIMIT} stands of a side per area, the Army Commander on top.`,
      corner: 'Stand',
      columns: [
        { key: 'range', label: 'Range' },
        { key: 'fires', label: 'Fires' },
        { key: 'road', label: 'Road' },
        { key: 'clear', label: 'Clear' },
        { key: 'town', label: 'Town' },
        { key: 'rough', label: 'Woods, brush, hill, marsh' },
        { key: 'assault', label: 'Close assault' },
      ],
      rows: STAND_TYPES.map((t) => {
        const r = STANDS[t];
        return {
          key: t,
          label: r.label,
          cells: [
            r.range ? String(r.range) : '—',
            r.fire === 'opening' ? `opening fire${r.shootBonus ? `, +${r.shootBonus}` : ''}` : r.fire === 'rifle' ? "own turn's rifle fire" : '—',
            rate(r.move.road),
            rate(r.move.clear),
            rate(r.move.town),
            rate(r.move.rough),
            r.assaults ? 'may bring on' : r.underAssault ? `never; ${r.underAssault} under assault` : 'never',
          ],
        };
      }),
      notes: [
        'Rivers are crossed by a bridge (the road), a completed pontoon, or a ford (not guns or trains; a one-area move).',
        'Engineers move with their train, at the slower of the two. Artillery and machine guns that fired in the opening fire do not move that turn.',
      ],
    },
    {
      id: 'modifiers',
      title: 'Dice modifiers (per stand)',
      corner: 'Dice',
      columns: [{ key: 'when', label: 'When' }],
      rows: MODIFIERS.map((m) => ({ key: m.key, label: `${m.dice > 0 ? '+' : '−'}${Math.abs(m.dice)}`, cells: [m.text] })),
      notes: ['A stand never rolls fewer than 0 dice.'],
    },
    {
      id: 'terrain',
      title: 'Terrain',
      caption: 'What each of the map\u2019s terrain types counts as in Shambattle.',
      corner: 'Terrain type',
      columns: [
        { key: 'class', label: 'Counts as' },
        { key: 'move', label: 'Moves' },
        { key: 'cover', label: 'Cover' },
        { key: 'assault', label: 'Close assault into it' },
      ],
      rows: scenario.map.terrainTypes.map((t) => {
        const k = classOf.get(t.id) ?? 'clear';
        const tr = TERRAIN[k];
        return {
          key: t.id,
          label: t.name,
          cells: [
            tr.label,
            tr.move === 'none' ? 'impassable' : tr.move === 'clear' ? 'full move' : tr.move === 'town' ? 'one area off-road' : 'one area off-road; no guns or trains',
            tr.cover ? 'yes (−1)' : 'no',
            tr.assaultPenalty ? '−1' : tr.high ? '−1 up hill' : '—',
          ],
        };
      }),
      notes: ['Roads: a step along a road uses the road allowance whatever the area. Field works count as cover and −1 to close assault into.'],
      editable: {
        values: CLASSES.map((c) => ({ value: c, label: TERRAIN[c].label })),
        hint: 'Choose what the terrain type counts as (column "Counts as").',
      },
    },
    {
      id: 'armies',
      title: 'Armies: exhaustion and rout',
      corner: 'Army',
      columns: [
        { key: 'start', label: 'Starting SP' },
        { key: 'exhaustion', label: 'Exhausted at SP lost' },
        { key: 'rout', label: 'Routs at SP lost' },
        { key: 'edge', label: 'Own table edge' },
      ],
      rows: ([0, 1] as const).map((k) => ({ key: b.sides[k].id, label: b.sides[k].name, cells: [String(b.startSp[k]), String(o.exhaustion[k]), String(o.rout[k]), o.edges[k]] })),
      notes: [
        'Exhausted: only cavalry may bring on a close assault; no stand may end a move closer to the enemy unless also closer to its own table edge.',
        'Routed: the army flees towards its own table edge until night; unless the night\u2019s resupply brings its losses back below the rout point, it has fled the field and the battle ends.',
      ],
    },
    {
      id: 'turnTrack',
      title: 'Turn track',
      caption: 'Each turn: artillery and machine-gun fire (both sides), initiative, then each side in turn: treachery roll, movement, rifle fire, close combat.',
      corner: 'Turn',
      columns: [
        { key: 'day', label: 'Day' },
        { key: 'turn', label: 'Turn of the day' },
        { key: 'after', label: 'Afterwards' },
      ],
      rows: Array.from({ length: o.days * o.turnsPerDay }, (_, i) => {
        const day = Math.floor(i / o.turnsPerDay) + 1;
        const t = (i % o.turnsPerDay) + 1;
        const last = i === o.days * o.turnsPerDay - 1;
        return { key: String(i + 1), label: String(i + 1), cells: [String(day), String(t), last ? 'the battle ends' : t === o.turnsPerDay ? 'night: resupply' : ''], ...(t === o.turnsPerDay ? { note: 'night' } : {}) };
      }),
      notes: ['The battle also ends at daybreak when a routed army could not be rallied overnight.'],
    },
  ];
}

/** Changes what a terrain type counts as (the "terrain" table's "Counts as" column). */
export function shambattleEditTable(scenario: Scenario, tableId: string, rowKey: string, columnKey: string, value: string): EditResult {
  if (tableId !== 'terrain' || columnKey !== 'class') return { ok: false, message: 'Only the terrain table\u2019s "Counts as" column can be changed here; the other tables follow the rules and the options.' };
  if (!scenario.map.terrainTypes.some((t) => t.id === rowKey)) return { ok: false, message: `The map has no terrain type "${rowKey}".` };
  if (!(CLASSES as string[]).includes(value)) return { ok: false, message: `"${value}" is not a terrain class; choose one of ${CLASSES.join(', ')}.` };
  const options = { ...((scenario.ruleset.options ?? {}) as ShambattleOptions) };
  options.terrain = { ...(options.terrain ?? {}), [rowKey]: value as TerrainClass };
  return { ok: true, scenario: { ...scenario, ruleset: { ...scenario.ruleset, options } } };
}
