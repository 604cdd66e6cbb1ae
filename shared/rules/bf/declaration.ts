// What the Barbarossa Fast ruleset declares: the parts of the scenario it reads, its options and
// unit values (from schemas/rulesets/bf.schema.json), its markers and counters. Pure data: the
// format's checks read it without loading the engine.
import fragment from "../../../schemas/rulesets/bf.schema.json" with { type: "json" };
import type { Scenario } from "../../format/scenario.types.js";
import { coreField, fieldsFromSchema } from "../declaration.js";
import type {
  FieldDecl,
  MarkerDecl,
  RulesetDeclaration,
  ScenarioFeature,
} from "../types.js";

const schema = fragment as unknown as { $defs: Record<string, unknown> };

const FEATURES: readonly ScenarioFeature[] = [
  "calendar",
  "reinforcements",
  "pool",
  "victoryCells",
  "fortifications",
  "supplyBases",
  "entryCells",
  "control",
];

const positions = (s: Scenario): number =>
  s.map.grid.kind === "network" ? s.map.grid.positions.length : 0;
const units = (s: Scenario): number =>
  s.orderOfBattle.length +
  (s.pool?.length ?? 0) +
  (s.reinforcements?.length ?? 0);

const MARKERS: readonly MarkerDecl[] = [
  {
    id: "turn",
    label: "Game turn",
    short: "TURN",
    scope: "track",
    description: "The current month on the calendar.",
    defaultCount: () => 1,
  },
  {
    id: "weather",
    label: "Weather",
    short: "WX",
    scope: "track",
    description:
      "Good, mud or snow: the October roll decides October and November.",
    defaultCount: () => 1,
  },
  {
    id: "disrupted",
    label: "Disrupted",
    short: "DIS",
    scope: "unit",
    description:
      "A disrupted unit may not move or attack, and is eliminated by one hit less.",
    defaultCount: (s) => Math.max(8, Math.ceil(units(s) / 3)),
  },
  {
    id: "oos",
    label: "Out of supply",
    short: "OOS",
    scope: "unit",
    description:
      "Cannot trace links to its supply source: fires and takes one hit less, disrupted at the end of the turn.",
    defaultCount: (s) => Math.max(6, Math.ceil(units(s) / 6)),
  },
  {
    id: "germanControl",
    label: "German control",
    short: "✠",
    scope: "cell",
    description:
      "A Russian position now German: taken, or empty and cut off from the Russian map edge.",
    defaultCount: (s) => Math.max(10, Math.ceil(positions(s) / 2)),
  },
  {
    id: "destroyed",
    label: "Fortress destroyed",
    short: "X",
    scope: "cell",
    description:
      "A fortress a German unit has taken: it absorbs and fires no more.",
    defaultCount: () => 8,
  },
  {
    id: "noRetreat",
    label: "No Retreat!",
    short: "NR",
    scope: "unit",
    description:
      "A German unit ordered to take losses rather than retreat this turn.",
    defaultCount: () => 4,
  },
  {
    id: "air",
    label: "Air battle",
    short: "AIR",
    scope: "cell",
    description:
      "A Luftflotte supports the attack on this position (recon, and perhaps a hit).",
    defaultCount: () => 3,
  },
  {
    id: "strength",
    label: "Russian strength",
    short: "W/M/S",
    scope: "side",
    description:
      "The sorting group marker of the pre-sort, kept face down until the end.",
    defaultCount: () => 3,
  },
];

/** What the rules read from a position's properties (README.md, "Positions"); the victory value, name and home base are the position's cell features. */
const position = (
  key: string,
  label: string,
  type: FieldDecl["type"],
  help: string,
  more: Partial<FieldDecl> = {},
): FieldDecl => ({ key, where: "position", label, short: label, help, type, required: false, ...more });

const POSITION_FIELDS: readonly FieldDecl[] = [
  position("capital", "Capital (Moscow)", "boolean", "The one capital: the sudden-death roll when it falls, and where the Siberian reserve arrives."),
  position("fortress", "Fortress", "enum", "Major (Leningrad, Moscow) absorbs 3 hits and fires 2; minor absorbs 2 and fires 1. A victory city or a fortified position is minor without it.", {
    values: [
      { value: "major", label: "Major" },
      { value: "minor", label: "Minor" },
    ],
  }),
  position("edge", "Russian map edge", "enum", "A Russian map-edge position: Russian supply and replacements come from there.", {
    values: [
      { value: "east", label: "East edge" },
      { value: "south", label: "South edge" },
    ],
  }),
  position("sector", "Army-group sector", "enum", "Which German army group's sector the position lies in (a home base serves that army group).", {
    values: [
      { value: "N", label: "North" },
      { value: "C", label: "Centre" },
      { value: "S", label: "South" },
    ],
  }),
  position("southOfForest", "South of the forest line", "boolean", "South of the forest cover line."),
  position("replacements", "Replacements a turn", "integer", "Russian replacements the city sends each turn (a victory city sends 1 without it).", { min: 0, max: 9 }),
  position("supplyCap", "Supplies when cut off", "integer", "How many Russian units the city supplies when they cannot reach a map edge (a victory city supplies 2 without it).", { min: 0, max: 9 }),
  position("alwaysReplaces", "Replaces while under", "integer", "Sends one replacement even when cut off, while it holds fewer units than this (Leningrad: 3).", { min: 0, max: 9 }),
  position("cutOffValue", "VP when cut off", "integer", "Victory points the Germans get for the city while it is Russian but cut off from the east edge (Leningrad: 1).", { min: 0, max: 9 }),
];

export const bfDeclaration: RulesetDeclaration = {
  id: "bf",
  name: "Barbarossa Fast",
  summary:
    "June–December 1941 on a point-to-point map: German armies and panzer corps attack down links, fortresses and victory cities absorb hits, hidden Russian units, monthly weather, supply along links, victory by cities held.",
  source:
    "Seed 001: Barbarossa Fast by Lou Coatney (2020), as summarised in the seed, with the choices in shared/rules/bf/README.md.",
  version: 1,
  roles: [
    "German player (moves and attacks first, Luftflotten, Blitzkrieg)",
    "Russian player (hidden units, replacements, the Siberian reserve)",
  ],
  features: new Set(FEATURES),
  turns: {
    length: "One turn a month; the October weather roll decides October and November.",
    track: "turns",
    // June to December 1941, one turn a month (the invasion began on 22 June).
    calendar: { startDate: "1941-06-22", turns: 7 },
  },
  traits: {
    grids: ["network"],
    zonesOfControl: false,
    facing: false,
    lineOfSight: false,
    hiddenInformation: true,
    simultaneous: false,
    stackingLimit: () => null,
  },
  options: fieldsFromSchema(schema.$defs.Options, schema, "option", {
    selection: {
      short: "Strength",
      valueLabels: {
        presort: "Pre-sort (Weak / Medium / Strong groups)",
        bellCurve: "Bell curve (32 of 32 Strong and 16 Weak)",
      },
    },
    victoryPoints: { short: "VP needed" },
    plan: {
      short: "Plan",
      valueLabels: {
        historical: "Historical Barbarossa",
        marcks: "Marcks plan",
        schultz: "von Schultz plan",
      },
    },
  }),
  unitFields: [
    coreField("name"),
    coreField("branch", {
      help: "Infantry for armies and Russian units, tank for panzer corps (the kind decides the rules).",
      values: [
        { value: "infantry", label: "Infantry" },
        { value: "tank", label: "Panzer" },
        { value: "airborne", label: "Air" },
      ],
    }),
    coreField("strength", {
      label: "Combat factor",
      short: "CF",
      help: "Combat factor: army 2, panzer corps 1 (a Russian rifle unit is drawn Weak 0 or Strong 1).",
      paste: ["factor", "cf", "strength", "str"],
    }),
    ...fieldsFromSchema(schema.$defs.UnitFields, schema, "fields", {
      kind: {
        short: "Kind",
        paste: ["kind", "unittype"],
        valueLabels: {
          army: "Army",
          panzer: "Panzer corps",
          air: "Luftflotte",
          rifle: "Russian unit (hidden)",
          siberian: "Siberian reserve",
        },
      },
      armyGroup: {
        short: "AG",
        paste: ["ag", "armygroup", "group"],
        valueLabels: { N: "North", C: "Centre", S: "South" },
      },
      withdrawTurn: {
        short: "Withdrawn",
        paste: ["withdrawn", "withdraw", "withdrawturn"],
      },
      airBonus: { short: "Air +", paste: ["airbonus", "air"] },
    }),
  ],
  positionFields: POSITION_FIELDS,
  pasteColumns: ["name", "branch", "strength", "kind", "armyGroup", "cell"],
  branches: [
    { value: "infantry", label: "Infantry" },
    { value: "tank", label: "Panzer" },
    { value: "airborne", label: "Air" },
  ],
  markers: MARKERS,
  counter: { symbol: "nato", front: "{strength}", back: null, label: "{name}" },
};
