// Barbarossa Fast rules, section by section, from small situations on the test map (testkit.ts)
// with scripted dice. Each test quotes the rule it holds the engine to.
import { describe, expect, it } from "vitest";
import type { BfAction } from "../../format/ruleset-bf.types.js";
import { bf } from "./index.js";
import { bfBoardOf } from "./board.js";
import { combatNumbers } from "./combat.js";
import { G, R, situation } from "./testkit.js";
import type { BfGame } from "./state.js";

const apply = (s: BfGame, a: BfAction): BfGame => {
  const r = bf.apply(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
};
const unitsOf = (s: BfGame, ids: string[]) =>
  ids.map((id) => s.units.find((u) => u.id === id)!);
const absorbAt = (s: BfGame, at: string, attackers: string[]) =>
  combatNumbers(
    s,
    bfBoardOf(s.scenario),
    bfBoardOf(s.scenario).index.get(at)!,
    unitsOf(s, attackers),
    false,
  ).absorb.total;
const fireAt = (s: BfGame, at: string, attackers: string[]) =>
  combatNumbers(
    s,
    bfBoardOf(s.scenario),
    bfBoardOf(s.scenario).index.get(at)!,
    unitsOf(s, attackers),
    false,
  ).defence.total;

describe("ground combat modifiers: absorption by positions and fortresses", () => {
  const s = situation({
    russians: { r1: { at: "a" }, r2: { at: "f" }, r3: { at: "m" } },
  });
  it('"An unmodified position occupied by a defending unit can always (even against German armies) absorb 1"', () => {
    expect(absorbAt(s, "a", ["p1"])).toBe(1);
    expect(absorbAt(s, "a", ["ga"])).toBe(1);
  });
  it('"All other fortresses and Victory Cities can absorb 2 German combat factor hits each and fire 1"', () => {
    expect(absorbAt(s, "f", ["p1"])).toBe(2);
    expect(fireAt(s, "f", ["p1"])).toBe(1 + 1); // the Strong unit's factor and the fortress's
  });
  it('"Leningrad and Moscow can absorb 3 German combat factor hits each and can themselves fire 2"', () => {
    expect(absorbAt(s, "m", ["p1"])).toBe(3);
    expect(fireAt(s, "m", ["p1"])).toBe(1 + 2);
  });
  it('"If at least 1 German army is involved in the attack, fortresses\' absorption capability is reduced 1 hit"', () => {
    expect(absorbAt(s, "m", ["ga", "p1"])).toBe(2);
    expect(absorbAt(s, "f", ["ga"])).toBe(1);
  });
  it('"A fortress is permanently destroyed by a German unit taking/occupying it": an empty fortress taken absorbs nothing more', () => {
    let g: BfGame = {
      ...situation({ russians: { r1: { at: "a" } } }),
      phase: "gAttack",
    };
    expect(bf.legalActions({ ...g, phase: "gMove" })).not.toContainEqual({
      type: "move",
      side: G,
      unit: "p1",
      to: "f",
    });
    g = apply(g, { type: "attack", side: G, unit: "p1", to: "f" });
    g = apply(g, { type: "resolve", side: G, blitz: false });
    expect(g.destroyed).toContain("f");
    const b = bfBoardOf(g.scenario);
    const later = {
      ...g,
      units: g.units.map((u) =>
        u.id === "p1"
          ? { ...u, cell: "gb" }
          : u.id === "r2"
            ? { ...u, cell: "f" }
            : u,
      ),
      control: g.control,
    };
    expect(
      combatNumbers(later, b, b.index.get("f")!, unitsOf(later, ["p2"]), false)
        .absorb.total,
    ).toBe(1);
  });
});

describe("ground combat resolution (the text's examples)", () => {
  const fightAt = (
    s: BfGame,
    at: string,
    attackers: string[],
    blitz = false,
  ): BfGame => {
    let g: BfGame = { ...s, phase: "gAttack" };
    g = apply(g, { type: "attack", side: G, unit: attackers[0]!, to: at });
    for (const id of attackers.slice(1))
      g = apply(g, { type: "commit", side: G, unit: id });
    return apply(g, { type: "resolve", side: G, blitz });
  };
  it('"A single German pzkps attacks a position occupied by a Weak Russian unit cannot take it"', () => {
    const g = fightAt(
      situation({ russians: { r1: { at: "a", quality: "weak" } } }),
      "a",
      ["p1"],
    );
    expect(g.units.find((u) => u.id === "r1")!.cell).toBe("a");
  });
  it('"If 2 German pzkps attack a position occupied by a single Weak Russian unit, that is eliminated by the second hit"', () => {
    const g = fightAt(
      situation({ russians: { r1: { at: "a", quality: "weak" } } }),
      "a",
      ["p1", "p2"],
    );
    expect(g.units.find((u) => u.id === "r1")!.status).toBe("pile");
    expect(g.units.find((u) => u.id === "p1")!.cell).toBe("a");
  });
  it('"If it was Strong, it is forced to retreat by the second hit, but its fire forces one pzkps to fall back"', () => {
    const g = fightAt(
      situation({ russians: { r1: { at: "a", quality: "strong" } } }),
      "a",
      ["p1", "p2"],
    );
    const r1 = g.units.find((u) => u.id === "r1")!;
    expect(r1.cell).toBe("e");
    expect(r1.disrupted).toBe(true);
    const pz = unitsOf(g, ["p1", "p2"]);
    expect(pz.filter((u) => u.disrupted && u.cell === "gb")).toHaveLength(1);
    expect(pz.filter((u) => !u.disrupted && u.cell === "a")).toHaveLength(1);
  });
  it('"An army and a pzkps (3 factors) against a Strong unit: the position absorbs the first hit, the other 2 eliminate it"', () => {
    const g = fightAt(
      situation({ russians: { r1: { at: "a", quality: "strong" } } }),
      "a",
      ["ga", "p1"],
    );
    expect(g.units.find((u) => u.id === "r1")!.status).toBe("pile");
  });
});

describe("Blitzkrieg", () => {
  const opened = (weather: "good" | "mud" | "snow"): BfAction[] => {
    let g: BfGame = {
      ...situation({ russians: { r1: { at: "a", quality: "weak" } } }),
      phase: "gAttack",
      weather,
      snowTurns: weather === "snow" ? 2 : 0,
    };
    g = apply(g, { type: "attack", side: G, unit: "p1", to: "a" });
    return bf.legalActions(g);
  };
  it('"No Blitzkrieg in Mud or Snow": a Blitzkrieg may be declared only in good weather', () => {
    expect(opened("good")).toContainEqual({
      type: "resolve",
      side: G,
      blitz: true,
    });
    expect(opened("mud")).not.toContainEqual({
      type: "resolve",
      side: G,
      blitz: true,
    });
    expect(opened("snow")).not.toContainEqual({
      type: "resolve",
      side: G,
      blitz: true,
    });
  });
  it('"If position is taken, any UnDisrupted panzerkorps may Blitzkrieg advance and attack to one more position"', () => {
    let g: BfGame = {
      ...situation({ russians: { r1: { at: "a", quality: "weak" } } }),
      phase: "gAttack",
    };
    g = apply(g, { type: "attack", side: G, unit: "p1", to: "a" });
    g = apply(g, { type: "commit", side: G, unit: "p2" });
    g = apply(g, { type: "resolve", side: G, blitz: true });
    expect(g.blitzFrom).toBe("a");
    expect(bf.legalActions(g)).toContainEqual({
      type: "blitz",
      side: G,
      unit: "p1",
      to: "x",
    });
  });
  it('"In Mud and Snow, the total German hit factors attacking up each link are reduced by 1"', () => {
    const s = situation({ russians: { r1: { at: "a" } } });
    const b = bfBoardOf(s.scenario);
    const hits = (w: BfGame["weather"]) =>
      combatNumbers(
        { ...s, weather: w },
        b,
        b.index.get("a")!,
        unitsOf(s, ["ga", "p1"]),
        false,
      ).attack.total;
    expect(hits("good")).toBe(3);
    expect(hits("mud")).toBe(2);
    expect(hits("snow")).toBe(2);
  });
});

describe("weather by month", () => {
  const toOctober = (die: number): BfGame => {
    // Start in September; end the turn with no fighting so the October roll comes next.
    let g = situation({
      startDate: "1941-09-15",
      dice: Array<number>(80).fill(die),
    });
    for (let k = 0; k < 40 && g.turn === 1; k++)
      g = apply(
        g,
        bf.legalActions(g).find((a) => a.type.startsWith("end")) ??
          bf.legalActions(g)[0]!,
      );
    return g;
  };
  it('"67% chance Mud in Oct (and Nov then Good)": a roll of 1–4 makes October mud', () => {
    const g = toOctober(4);
    expect(g.turn).toBe(2);
    expect(g.weather).toBe("mud");
  });
  it('"otherwise Good and Nov Snow": a roll of 5–6 keeps October good, and November turns to snow', () => {
    const g = toOctober(5);
    expect(g.weather).toBe("good");
    let n = g;
    for (let k = 0; k < 60 && n.turn === 2; k++)
      n = apply(
        n,
        bf.legalActions(n).find((a) => a.type.startsWith("end")) ??
          bf.legalActions(n)[0]!,
      );
    expect(n.turn).toBe(3);
    expect(n.weather).toBe("snow");
  });
  it("summer months are good: June opens without a weather roll", () => {
    const g = situation();
    expect(g.weather).toBe("good");
  });
});

describe("hidden Russian units", () => {
  it("the German view shows face-down units as tokens with no identity or strength; the Russian view shows everything", () => {
    const s = situation({ russians: { r1: { at: "a", quality: "weak" } } });
    const seen = bf.observe(s, G);
    const token = seen.units.find((u) => u.cell === "a" && u.side === R)!;
    expect(token.hidden).toBe(true);
    expect(token.id).not.toBe("r1");
    expect(token.name).toBeUndefined();
    expect(token.values).toBeUndefined();
    const text = JSON.stringify(seen);
    for (const id of ["r1", "r2", "r3", "r4", "r5", "r6"])
      expect(text).not.toContain(`"${id}"`);
    expect(text).not.toMatch(/[Ww]eak/);
    expect(
      bf.observe(s, R).units.find((u) => u.id === "r1")!.values!.quality,
    ).toBe("Weak");
  });
  it('"Exposed/faced-up Russian units stay so": recon by an air battle (die 3 → recon only) reveals them to the Germans', () => {
    let g: BfGame = {
      ...situation({
        russians: { r1: { at: "a", quality: "weak" } },
        dice: [1],
      }),
      phase: "gAir",
    };
    // 1 + 1 (2. Luftflotte) + 1 (first turn) = 3: reconnaissance.
    g = apply(g, { type: "air", side: G, unit: "lf", to: "a" });
    expect(g.units.find((u) => u.id === "r1")!.known).toBe(true);
    expect(
      bf.observe(g, G).units.find((u) => u.id === "r1")!.values!.quality,
    ).toBe("Weak");
  });
  it("a failed air battle (die 1 against a victory city: 1 + 1 + 1 − 1 = 2) reveals nothing", () => {
    let g: BfGame = {
      ...situation({
        russians: { r1: { at: "m", quality: "weak" } },
        dice: [1],
      }),
      phase: "gAir",
    };
    g = apply(g, { type: "air", side: G, unit: "lf", to: "m" });
    expect(g.units.find((u) => u.id === "r1")!.known).toBeFalsy();
    expect(JSON.stringify(bf.observe(g, G))).not.toContain('"r1"');
  });
  it("combat reveals the defenders, and a unit eliminated goes back face down among the extras, unseen by the Germans", () => {
    let g: BfGame = {
      ...situation({
        russians: {
          r1: { at: "a", quality: "strong" },
          r2: { at: "a", quality: "strong" },
        },
      }),
      phase: "gAttack",
    };
    g = apply(g, { type: "attack", side: G, unit: "p1", to: "a" });
    g = apply(g, { type: "resolve", side: G, blitz: false });
    expect(unitsOf(g, ["r1", "r2"]).every((u) => u.known)).toBe(true);
    expect(
      bf.observe(g, G).units.filter((u) => u.cell === "a" && !u.hidden),
    ).toHaveLength(2);
  });
  it("events about face-down units are for the Russian eyes only", () => {
    let g: BfGame = { ...situation(), phase: "rMove" };
    const r = bf.apply(g, { type: "move", side: R, unit: "r1", to: "a" });
    expect(r.ok).toBe(true);
    if (r.ok) {
      g = r.state;
      expect(
        r.events
          .filter((e) => e.units?.includes("r1"))
          .every((e) => e.visibleTo?.length === 1 && e.visibleTo[0] === R),
      ).toBe(true);
    }
  });
});

describe("supply and control", () => {
  const endTurn = (s: BfGame): BfGame => {
    let g = s;
    const t = g.turn;
    for (let k = 0; k < 80 && g.turn === t && !g.gameOver; k++) {
      const legal = bf.legalActions(g);
      g = apply(
        g,
        legal.find((a) => a.type.startsWith("end")) ??
          legal.find((a) => a.type === "deploy") ??
          legal[0]!,
      );
    }
    return g;
  };
  it('"A unit OoS at the end of the turn is Disrupted. An already Disrupted OoS Russian unit is eliminated."', () => {
    // x links only to a, which a German army holds: the Russian unit on x cannot trace to the edge.
    let g = situation({
      russians: { r1: { at: "x", quality: "strong" } },
      germans: { ga: "a" },
      dice: Array(60).fill(1),
    });
    g = endTurn(g);
    const r1 = g.units.find((u) => u.id === "r1")!;
    expect(r1.cell).toBe("x");
    expect(r1.disrupted).toBe(true);
    g = endTurn(g);
    expect(g.units.find((u) => u.id === "r1")!.status).toBe("pile");
  });
  it('"The Germans control unoccupied Russian positions OoS": an empty cut-off position turns German', () => {
    let g = situation({ germans: { ga: "a" }, dice: Array(60).fill(1) });
    g = endTurn(g);
    expect(bf.controlOf(g, "x")).toBe(G);
  });
});

describe("sudden death on Moscow", () => {
  const takeMoscow = (die: number): BfGame => {
    let g: BfGame = { ...situation({ dice: [die] }), phase: "gAttack" };
    g = apply(g, { type: "attack", side: G, unit: "p1", to: "m" });
    return apply(g, { type: "resolve", side: G, blitz: false });
  };
  it('"At the instant Moscow is taken, there is a 33% chance of immediate, sudden-death victory": a 1 or 2 wins', () => {
    const g = takeMoscow(2);
    expect(g.gameOver?.winner).toBe(G);
    expect(bf.returns(g)).toEqual({ [G]: 1, [R]: -1 });
  });
  it("a 3 to 6 and the war goes on", () => {
    const g = takeMoscow(3);
    expect(g.gameOver).toBeNull();
    expect(bf.controlOf(g, "m")).toBe(G);
  });
});

describe("No Retreat!", () => {
  it('"The German player may give them to some of his units, accepting losses rather than retreating"', () => {
    // A German panzer corps on a holds against two Strong Russian units: 2 hits − 1 absorbed = 1, its factor: it would retreat.
    const attacked = (order: boolean) => {
      let g: BfGame = {
        ...situation({
          russians: {
            r1: { at: "e", quality: "strong" },
            r2: { at: "e", quality: "strong" },
          },
          germans: { p1: "a" },
        }),
      };
      if (order) g = apply(g, { type: "noRetreat", side: G, unit: "p1" });
      g = { ...g, phase: "rAttack" };
      g = apply(g, { type: "attack", side: R, unit: "r1", to: "a" });
      g = apply(g, { type: "commit", side: R, unit: "r2" });
      g = apply(g, { type: "resolve", side: R, blitz: false });
      return g.units.find((u) => u.id === "p1")!;
    };
    expect(attacked(false)).toMatchObject({ cell: "gb", disrupted: true });
    expect(attacked(true)).toMatchObject({ cell: "a", disrupted: true });
  });
});
