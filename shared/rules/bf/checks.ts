// The checks only Barbarossa Fast knows, on a schema-valid scenario: a network map, one Moscow
// (the capital), German home bases, a Russian map edge, units of a kind the rules know, the
// Russian unit counts the strength draw expects. They run inside validateScenario
// (shared/rules/catalogue.ts).
import { pointer, type ValidationIssue } from "../../format/issues.js";
import type { BfUnitFields } from "../../format/ruleset-bf.types.js";
import type { Scenario } from "../../format/scenario.types.js";

const error = (p: string, message: string, cell?: string): ValidationIssue => ({
  pointer: p,
  severity: "error",
  message,
  ...(cell ? { cell } : {}),
});
const warning = (
  p: string,
  message: string,
  cell?: string,
): ValidationIssue => ({
  pointer: p,
  severity: "warning",
  message,
  ...(cell ? { cell } : {}),
});

export function bfChecks(s: Scenario): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const grid = s.map.grid;
  if (grid.kind !== "network") {
    out.push(
      error(
        pointer("map", "grid", "kind"),
        `Barbarossa Fast is played on a point-to-point map (positions joined by links); this map is a ${grid.kind} grid.`,
      ),
    );
    return out;
  }
  const german = s.sides[0].id;
  const cells = s.map.cells ?? {};
  const name = (id: string): string =>
    cells[id]?.name ?? grid.positions.find((p) => p.id === id)?.label ?? id;
  const capitals = grid.positions.filter((p) => p.properties?.capital === true);
  if (capitals.length !== 1)
    out.push(
      error(
        pointer("map", "grid", "positions"),
        `Mark exactly one position as Moscow (Capital (Moscow) in the position's inspector; property capital: true) for the sudden-death roll and the Siberian reserve; ${capitals.length === 0 ? "none is" : `${capitals.map((p) => name(p.id)).join(", ")} are`}.`,
      ),
    );
  const bases = grid.positions.filter(
    (p) => cells[p.id]?.supplyBase === german,
  );
  if (bases.length === 0)
    out.push(
      error(
        pointer("map", "cells"),
        `Give the ${s.sides[0].name} at least one home base (a position whose supply base is ${s.sides[0].name}): their supply is traced to it.`,
      ),
    );
  if (!grid.positions.some((p) => typeof p.properties?.edge === "string"))
    out.push(
      error(
        pointer("map", "grid", "positions"),
        `Mark the ${s.sides[1].name}' map-edge positions (Russian map edge in the position's inspector; property edge: "east" or "south"): their supply and replacements come from there.`,
      ),
    );
  grid.positions.forEach((p, i) => {
    const f = p.properties?.fortress;
    if (f !== undefined && f !== "major" && f !== "minor")
      out.push(
        error(
          pointer("map", "grid", "positions", i, "properties", "fortress"),
          `${name(p.id)}: a fortress is "major" (Leningrad, Moscow) or "minor", not ${JSON.stringify(f)}.`,
          p.id,
        ),
      );
    const sec = p.properties?.sector;
    if (sec !== undefined && sec !== "N" && sec !== "C" && sec !== "S")
      out.push(
        error(
          pointer("map", "grid", "positions", i, "properties", "sector"),
          `${name(p.id)}: the army-group sector is N, C or S, not ${JSON.stringify(sec)}.`,
          p.id,
        ),
      );
  });
  const all = [
    ...s.orderOfBattle.map((u, i) => ({
      u,
      at: pointer("orderOfBattle", i),
      placed: true,
    })),
    ...(s.reinforcements ?? []).map((r, i) => ({
      u: r.unit,
      at: pointer("reinforcements", i, "unit"),
      placed: false,
    })),
    ...(s.pool ?? []).map((p, i) => ({
      u: p.unit,
      at: pointer("pool", i, "unit"),
      placed: false,
    })),
  ];
  let onMap = 0;
  let extra = 0;
  for (const { u, at, placed } of all) {
    const f = (u.fields ?? {}) as Partial<BfUnitFields>;
    const germanUnit = u.side === german;
    if (germanUnit && (f.kind === "rifle" || f.kind === "siberian"))
      out.push(
        error(
          `${at}/fields/kind`,
          `${u.name}: only Russian units are rifle or Siberian units.`,
        ),
      );
    if (!germanUnit && (f.kind === "panzer" || f.kind === "air"))
      out.push(
        error(
          `${at}/fields/kind`,
          `${u.name}: panzer corps and Luftflotten are German.`,
        ),
      );
    if (germanUnit && !f.armyGroup)
      out.push(
        warning(
          at,
          `${u.name}: give the German unit its army group (N, C or S); Centre is assumed.`,
        ),
      );
    if (f.kind === "rifle") placed ? onMap++ : extra++;
  }
  if (onMap !== 32 || extra !== 16)
    out.push(
      warning(
        pointer("orderOfBattle"),
        `The Russian strength draw expects 32 hidden units set up and 16 extra units in the pool; this scenario has ${onMap} and ${extra}.`,
      ),
    );
  return out;
}
