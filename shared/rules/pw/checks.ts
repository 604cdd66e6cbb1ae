// The Portable Wargame's own checks of a schema-valid scenario (seed 004, "Equipment", "Pre-battle
// Deployment", "Unit Types", "Terrain"): a square grid of at least 8 × 8, armies no larger than one
// and a half units per square along their edge with at most one Command unit each, deployment as
// the option says, one unit per square, nobody in a river, facings along the sides of squares.
import type { ValidationIssue } from '../../format/issues.js';
import { pointer } from '../../format/issues.js';
import type { PwMapEdge, PwOptions, PwUnitFields } from '../../format/ruleset-pw.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { createGrid, parseCellId } from '../../grid/index.js';
import { gridSpecOf } from '../../format/defaults.js';
import { contourOf, ROLE_LABELS, resolvePwOptions, roleOfTerrain, UNIT_TYPES } from './board.js';

const OPPOSITE: Readonly<Record<PwMapEdge, PwMapEdge>> = { north: 'south', south: 'north', east: 'west', west: 'east' };

export function pwChecks(scenario: Scenario): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const error = (p: string, message: string, extra: Partial<ValidationIssue> = {}): void => void out.push({ pointer: p, message, severity: 'error', ...extra });
  const warn = (p: string, message: string, extra: Partial<ValidationIssue> = {}): void => void out.push({ pointer: p, message, severity: 'warning', ...extra });
  const spec = gridSpecOf(scenario);
  if (spec.kind !== 'square') {
    const what = spec.kind === 'hex' ? 'a hex grid' : spec.kind === 'offsetSquare' ? 'an offset-square grid' : 'a network of positions';
    error('/map/grid/kind', `The Portable Wargame is played on a grid of squares; this map is ${what}. Change the grid in Map settings.`, { value: spec.kind });
    return out;
  }
  if (spec.cols < 8 || spec.rows < 8) {
    error('/map/grid', `The battlefield must be at least eight squares by eight (the rules' equipment); this one is ${spec.cols} × ${spec.rows}.`, { value: `${spec.cols}×${spec.rows}` });
  }
  const grid = createGrid(spec);
  const options = resolvePwOptions(scenario);
  const raw = (scenario.ruleset.options ?? {}) as PwOptions;
  const [e0, e1] = options.edges;
  const [s0, s1] = scenario.sides;
  if (OPPOSITE[e0] !== e1) {
    error('/ruleset/options/secondEdge', `The armies defend opposite sides of the battlefield: ${s0.name} defend the ${e0} edge, so ${s1.name} defend the ${OPPOSITE[e0]} edge, not the ${e1}.`, { value: e1 });
  }
  for (const id of Object.keys(raw.terrainRoles ?? {})) {
    if (!scenario.map.terrainTypes.some((t) => t.id === id)) {
      error(pointer('ruleset', 'options', 'terrainRoles', id), `The terrain table names "${id}", which is not a terrain type of this map; remove it or add the terrain type.`, { value: id });
    }
  }

  const byCode = new Map(scenario.map.terrainTypes.map((t) => [t.code, t] as const));
  const roleAt = (col: number, row: number) => roleOfTerrain(byCode.get(scenario.map.terrain?.[row]?.charAt(col) ?? ''), options.terrainRoles);
  const edgeLength = (e: PwMapEdge): number => (e === 'north' || e === 'south' ? spec.cols : spec.rows);
  /** Rows (or columns) from the side's own edge, counted from 0. */
  const depth = (e: PwMapEdge, col: number, row: number): number =>
    e === 'north' ? row : e === 'south' ? spec.rows - 1 - row : e === 'west' ? col : spec.cols - 1 - col;
  const across = (e: PwMapEdge): number => (e === 'north' || e === 'south' ? spec.rows : spec.cols);

  // Army size and Command units.
  scenario.sides.forEach((side, k) => {
    const edge = options.edges[k]!;
    const mine = scenario.orderOfBattle.filter((u) => u.side === side.id);
    const limit = Math.floor(edgeLength(edge) * 1.5);
    if (mine.length > limit) {
      error('/orderOfBattle', `${side.name} field ${mine.length} units; an army may have at most one and a half per square along the edge it defends (${edgeLength(edge)} squares on the ${edge} edge: ${limit}).`, { value: mine.length });
    }
    const commands = mine.filter((u) => (u.fields as Partial<PwUnitFields> | undefined)?.unitType === 'command');
    if (commands.length > 1) {
      const second = scenario.orderOfBattle.indexOf(commands[1]!);
      error(pointer('orderOfBattle', second, 'fields', 'unitType'), `${side.name} have ${commands.length} Command units (${commands.map((u) => u.name).join(', ')}); an army may have one.`, { value: 'command' });
    }
  });

  // Each unit: its square, facing, type values, deployment.
  const taken = new Map<string, string>();
  scenario.orderOfBattle.forEach((u, i) => {
    const cell = parseCellId(u.cell);
    if (!cell || !grid.inMap(cell)) return; // the format's own checks report it
    const where = grid.label(cell);
    const at = pointer('orderOfBattle', i);
    const prev = taken.get(u.cell);
    if (prev) error(at + '/cell', `${u.name} starts in ${where}, where ${prev} already stands: one unit per square.`, { value: u.cell, cell: u.cell });
    else taken.set(u.cell, u.name);
    const role = roleAt(cell.col, cell.row);
    if (role === 'river' || role === 'impassable') error(at + '/cell', `${u.name} starts in ${where}, which is ${ROLE_LABELS[role].toLowerCase()}; put it on ground a unit may enter.`, { value: u.cell, cell: u.cell });
    if (u.facing !== undefined && !['N', 'E', 'S', 'W'].includes(u.facing)) {
      error(at + '/facing', `${u.name} faces ${u.facing}; units face a side of their square: N, E, S or W.`, { value: u.facing, cell: u.cell });
    }
    const f = (u.fields ?? {}) as Partial<PwUnitFields>;
    const type = f.unitType;
    if (type && f.dismounted && type !== 'cavalry') error(at + '/fields/dismounted', `${u.name} is ${UNIT_TYPES[type].label}; only cavalry can start dismounted.`, { value: true, cell: u.cell });
    if (type && u.strength !== UNIT_TYPES[type].ccp) {
      warn(at + '/strength', `${u.name} has close combat power ${u.strength}; the rules give ${UNIT_TYPES[type].label} ${UNIT_TYPES[type].ccp}.`, { value: u.strength, cell: u.cell });
    }
    const k = scenario.sides.findIndex((s) => s.id === u.side);
    if (k < 0 || options.deployment === 'free') return;
    const edge = options.edges[k]!;
    const d = depth(edge, cell.col, cell.row);
    if (options.deployment === 'oneOff' && d > 1) {
      error(at + '/cell', `${u.name} starts in ${where}, outside ${scenario.sides[k]!.name}' deployment zone (the first two rows along the ${edge} edge) for a one-off battle.`, { value: u.cell, cell: u.cell });
    }
    // Its own half: the rows nearer its edge (on an odd battlefield the middle row is in both halves).
    if (options.deployment === 'campaign' && d > (across(edge) - 1) / 2) {
      error(at + '/cell', `${u.name} starts in ${where}, outside ${scenario.sides[k]!.name}' half of the battlefield (campaign battle).`, { value: u.cell, cell: u.cell });
    }
  });
  if (options.deployment === 'campaign') {
    scenario.orderOfBattle.forEach((u, i) => {
      const c = parseCellId(u.cell);
      if (!c || !grid.inMap(c)) return;
      const near = scenario.orderOfBattle.find((e) => {
        const x = parseCellId(e.cell);
        return e.side !== u.side && x !== null && Math.max(Math.abs(x.col - c.col), Math.abs(x.row - c.row)) === 1;
      });
      if (near && scenario.orderOfBattle.indexOf(near) > i) {
        error(pointer('orderOfBattle', i, 'cell'), `${u.name} in ${grid.label(c)} starts next to ${near.name}; in a campaign battle no unit may start orthogonally or diagonally next to an enemy unit.`, { value: u.cell, cell: u.cell });
      }
    });
  }

  // Hills must rise one contour at a time, or no unit can ever cross between the two squares.
  for (let row = 0; row < spec.rows; row++) {
    for (let col = 0; col < spec.cols; col++) {
      const h = contourOf(roleAt(col, row));
      for (const [c, r] of [
        [col + 1, row],
        [col, row + 1],
      ] as const) {
        if (c >= spec.cols || r >= spec.rows) continue;
        const other = contourOf(roleAt(c, r));
        if (Math.abs(h - other) <= 1) continue;
        const [low, high] = h < other ? [{ col, row }, { col: c, row: r }] : [{ col: c, row: r }, { col, row }];
        warn(pointer('map', 'terrain', high.row), `From ${grid.label(low)} to ${grid.label(high)} the ground rises ${Math.abs(h - other)} hill contours; units move one contour a turn, so none can cross there.`, { cell: `${high.col},${high.row}` });
      }
    }
  }
  return out;
}
