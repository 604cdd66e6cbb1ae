// The checks only Battle for Moscow knows, on a schema-valid scenario: a hex map with one Moscow,
// one unit per hex, units on their setup markers, half strength below full, a mud schedule the
// turn record track can show (fixed turns, no frozen or snow), cities owned as the setup rule
// says. They run inside validateScenario (shared/rules/catalogue.ts).
import { pointer, type ValidationIssue } from '../../format/issues.js';
import type { BfmUnitFields } from '../../format/ruleset-bfm.types.js';
import type { NewUnit, Scenario } from '../../format/scenario.types.js';
import { possibleGround } from '../../scenario/ground.js';
import { cellLabels } from '../labels.js';

const error = (p: string, message: string, cell?: string): ValidationIssue => ({ pointer: p, severity: 'error', message, ...(cell ? { cell } : {}) });
const warning = (p: string, message: string, cell?: string): ValidationIssue => ({ pointer: p, severity: 'warning', message, ...(cell ? { cell } : {}) });

function units(s: Scenario): { unit: NewUnit; at: string }[] {
  return [
    ...s.orderOfBattle.map((u, i) => ({ unit: u, at: pointer('orderOfBattle', i) })),
    ...(s.pool ?? []).map((p, i) => ({ unit: p.unit, at: pointer('pool', i, 'unit') })),
    ...(s.reinforcements ?? []).map((r, i) => ({ unit: r.unit, at: pointer('reinforcements', i, 'unit') })),
  ];
}

export function bfmChecks(s: Scenario): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const label = cellLabels(s);
  const german = s.sides[0];
  const soviet = s.sides[1];
  if (s.map.grid.kind !== 'hex') {
    out.push(error(pointer('map', 'grid', 'kind'), `Battle for Moscow is played on hexes (zones of control are the six hexes around a unit); this map is a ${s.map.grid.kind} grid.`));
  }
  const cells = s.map.cells ?? {};
  const moscow = Object.entries(cells).filter(([, f]) => f.victory);
  if (moscow.length === 0) {
    out.push(error(pointer('map', 'cells'), 'Mark Moscow as the victory cell: whoever holds it at the end of the game wins.'));
  } else if (moscow.length > 1) {
    for (const [ref] of moscow.slice(1)) {
      out.push(error(pointer('map', 'cells', ref, 'victory'), `Battle for Moscow has one Moscow; ${label(ref)} is a second victory cell (the first is ${label(moscow[0]![0])}).`, ref));
    }
  }
  const urban = new Set(s.map.terrainTypes.filter((t) => t.category === 'urban' || t.category === 'urban-difficult').map((t) => t.code));
  const isCity = (ref: string): boolean => {
    const [c, r] = ref.split(',').map(Number) as [number, number];
    return urban.has(s.map.terrain?.[r]?.charAt(c) ?? '');
  };
  for (const [ref] of moscow.slice(0, 1)) {
    if (!isCity(ref)) out.push(warning(pointer('map', 'cells', ref, 'victory'), `Moscow (${label(ref)}) is not a city hex; give it a city terrain so replacements may come in there.`, ref));
  }

  // Units: factors and branches.
  for (const { unit: u, at } of units(s)) {
    const f = (u.fields ?? {}) as Partial<BfmUnitFields>;
    if (f.reducedStrength !== undefined && f.reducedStrength >= u.strength) {
      out.push(error(`${at}/fields/reducedStrength`, `${u.name}: the half-strength side (${f.reducedStrength}) must be weaker than the full side (${u.strength}).`));
    }
    if (u.branch !== 'infantry' && u.branch !== 'tank') {
      out.push(warning(`${at}/branch`, `${u.name} is ${u.branch}; Battle for Moscow knows infantry and panzers, so it moves and fights as infantry.`));
    }
    if (u.branch === 'tank' && u.side === soviet.id) {
      out.push(warning(`${at}/branch`, `${u.name} is a ${soviet.name} panzer; only the ${german.name} have a panzer movement phase, so it moves as infantry.`));
    }
    if (u.elite) out.push(warning(`${at}/elite`, `${u.name} is marked elite; Battle for Moscow has no elite units, so the mark does nothing.`));
  }
  (s.reinforcements ?? []).forEach((r, i) =>
    out.push(warning(pointer('reinforcements', i), `${r.unit.name} is scheduled as a reinforcement; Battle for Moscow has none (units come back through replacements), so put it in the pool instead.`)),
  );
  (s.replacements ?? []).forEach((r, i) => {
    if (r.branches) out.push(warning(pointer('replacements', i, 'branches'), 'Battle for Moscow replacements serve any unit; the branch restriction is ignored.'));
  });

  // One unit per hex; units on their setup markers and every marker used.
  const byHex = new Map<string, number[]>();
  s.orderOfBattle.forEach((u, i) => byHex.set(u.cell, [...(byHex.get(u.cell) ?? []), i]));
  for (const [ref, list] of byHex) {
    if (list.length > 1) {
      const names = list.map((i) => s.orderOfBattle[i]!.name).join(', ');
      out.push(error(pointer('orderOfBattle', list[1]!, 'cell'), `${label(ref)} holds ${list.length} units (${names}); Battle for Moscow allows one unit per hex.`, ref));
    }
  }
  const markers = Object.entries(cells).filter(([, f]) => f.setup !== undefined);
  if (markers.length > 0) {
    s.orderOfBattle.forEach((u, i) => {
      const m = cells[u.cell]?.setup;
      if (m !== u.side) {
        out.push(warning(pointer('orderOfBattle', i, 'cell'), `${u.name} starts in ${label(u.cell)}, which has no ${s.sides.find((x) => x.id === u.side)?.name ?? u.side} setup marker.`, u.cell));
      }
    });
    for (const [ref, f] of markers) {
      if (!s.orderOfBattle.some((u) => u.cell === ref && u.side === f.setup)) {
        out.push(warning(pointer('map', 'cells', ref, 'setup'), `The setup marker in ${label(ref)} has no unit of its side starting there.`, ref));
      }
    }
  }

  // Ground: mud turns are fixed on the turn record track, and the rules know no frost or snow.
  (s.groundConditions.changes ?? []).forEach((rule, i) => {
    const fixed = rule.outcomes.length === 1 && rule.outcomes[0]!.min === 1 && rule.outcomes[0]!.max === 6;
    if (!fixed) out.push(error(pointer('groundConditions', 'changes', i), 'Battle for Moscow\u2019s mud turns are fixed on the turn record track; make this rule a fixed change (die 1–6).'));
  });
  const other = [...possibleGround(s)].filter((g) => g !== 'easy' && g !== 'mud');
  if (other.length > 0) out.push(error(pointer('groundConditions'), `Battle for Moscow knows clear weather and mud only; the schedule brings ${other.join(' and ')}.`));

  // Cities: Soviet-owned at the start unless a German unit sets up there.
  const germanStarts = new Set(s.orderOfBattle.filter((u) => u.side === german.id).map((u) => u.cell));
  (s.map.control ?? []).forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const ref = `${c},${r}`;
      if (!isCity(ref)) continue;
      const want = germanStarts.has(ref) ? german : soviet;
      if (row.charAt(c) !== want.code) {
        out.push(
          warning(
            pointer('map', 'control'),
            `The city in ${label(ref)} starts ${row.charAt(c) === german.code ? german.name : soviet.name}-owned; cities start ${soviet.name}-owned unless a ${german.name} unit sets up there.`,
            ref,
          ),
        );
      }
    }
  });
  return out;
}
