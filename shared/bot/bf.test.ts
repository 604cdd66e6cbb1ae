// The Barbarossa Fast German bot in small scripted situations on the rules' tiny map (gb: the
// German base; a: plain; f: a minor fortress; m: Moscow; e: the Russian edge).
import { describe, expect, it } from "vitest";
import type { BfAction } from "../format/ruleset-bf.types.js";
import { bfBoardOf } from "../rules/bf/board.js";
import { bf } from "../rules/bf/index.js";
import { situation } from "../rules/bf/testkit.js";
import { GERMAN } from "../rules/bf/board.js";
import type { BfGame } from "../rules/bf/state.js";
import { bestStrike, bfBot, fightOrder, germanSight, objectives, toObjective } from "./bf.js";

const G = "germans";

function apply(s: BfGame, a: BfAction): BfGame {
  const r = bf.apply(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state as BfGame;
}

/** Lets the German bot act until the phase is no longer `phase`; returns the state and its choices. */
function botThrough(s: BfGame, phase: string): { s: BfGame; chosen: BfAction[] } {
  const bot = bfBot({ seed: 1 });
  const chosen: BfAction[] = [];
  for (let k = 0; k < 40 && s.phase === phase && !s.gameOver; k++) {
    const legal = bf.legalActions(s);
    const a = bot.choose(s, legal);
    expect(legal).toContainEqual(a);
    chosen.push(a);
    s = apply(s, a);
  }
  return { s, chosen };
}

/** The units named out of play for the test: disrupted, they neither move nor attack. */
const sidelined = (s: BfGame, ids: string[]): BfGame => ({
  ...s,
  units: s.units.map((u) => (ids.includes(u.id) ? { ...u, disrupted: true } : u)),
});

/** Two units each in the fortress and in Moscow: more than an army and a corps can take. */
const HELD = { r2: { at: "f" }, r3: { at: "f" }, r4: { at: "m" }, r5: { at: "m" } };

const cellOf = (s: BfGame, id: string): string | null => s.units.find((u) => u.id === id)!.cell;

describe("the Barbarossa Fast German bot", () => {
  it("sends the panzer corps into an attack ahead of the army, so a single hit back falls on a corps and the army advances", () => {
    // "1 factor/hit more than a unit's factor strength eliminates it": the army (2) and a corps (1)
    // put 3 hits on a, the position absorbs 1, the 2 left eliminate the Strong defender; its 1 hit
    // back stops one attacker. The engine keeps the most attackers able to advance and, on a tie,
    // puts the hit on the first unit in: the corps falls back, the army goes forward.
    let s = sidelined(
      situation({ russians: { r1: { at: "a" }, ...HELD } }),
      ["p2", "p3"],
    );
    s = apply(s, { type: "endMovement", side: G });
    s = apply(s, { type: "endAir", side: G });
    expect(s.phase).toBe("gAttack");
    const { s: after, chosen } = botThrough(s, "gAttack");
    expect(chosen.slice(0, 3)).toEqual([
      { type: "attack", side: G, unit: "p1", to: "a" },
      { type: "commit", side: G, unit: "ga" },
      { type: "resolve", side: G, blitz: true },
    ]);
    expect(cellOf(after, "ga")).toBe("a");
    expect(after.units.find((u) => u.id === "ga")!.disrupted).toBe(false);
    expect(cellOf(after, "p1")).toBe("gb");
    expect(after.units.find((u) => u.id === "r1")!.status).not.toBe("map");
  });

  it("puts its attacks together panzer corps first, armies after", () => {
    const s = situation();
    expect(fightOrder(s, bfBoardOf(s.scenario), ["ga", "p1", "p2"])).toEqual(["p1", "p2", "ga"]);
  });

  it("after a won air battle takes −1 Russian hit where the attack succeeds anyway and no fire then comes back", () => {
    // Army and corps against one Strong unit on a: +1 German hit (4 − 1 = 3) or −1 Russian hit
    // (3 − 1 = 2) both eliminate it, but only the −1 leaves the defender no hit to fire back.
    let s = sidelined(
      situation({ russians: { r1: { at: "a" }, ...HELD }, dice: [6] }),
      ["p2", "p3"],
    );
    s = apply(s, { type: "endMovement", side: G });
    s = apply(s, { type: "air", side: G, unit: "lf", to: "a" } as BfAction);
    const legal = bf.legalActions(s);
    expect(legal.map((a) => a.type)).toContain("airBonus");
    expect(bfBot({ seed: 1 }).choose(s, legal)).toEqual({ type: "airBonus", side: G, bonus: "defence" });
  });

  it("after a won air battle takes +1 German hit where that hit is what takes the position", () => {
    // The army alone against a Strong unit in the fortress f: it absorbs 2, 1 less with an army
    // attacking, so the army's 2 hits leave 1 (disrupted, it holds); +1 German hit eliminates it.
    let s = sidelined(
      situation({ russians: { r1: { at: "f" }, r2: { at: "m" }, r3: { at: "m" } }, dice: [6] }),
      ["p1", "p2", "p3"],
    );
    s = apply(s, { type: "endMovement", side: G });
    s = apply(s, { type: "air", side: G, unit: "lf", to: "f" } as BfAction);
    const legal = bf.legalActions(s);
    expect(bfBot({ seed: 1 }).choose(s, legal)).toEqual({ type: "airBonus", side: G, bonus: "attack" });
  });

  it("does not read a face-down unit's quality: the plan is the same whatever it really is", () => {
    const place = (quality: "weak" | "strong") =>
      sidelined(situation({ russians: { r1: { at: "m", quality }, r2: { at: "f" } } }), ["p2", "p3"]);
    const plan = (s: BfGame) => {
      const b = bfBoardOf(s.scenario);
      const seen = germanSight(s, b);
      const pool = seen.units.filter((u) => u.id === "ga" || u.id === "p1");
      const r = bestStrike(seen, b, b.index.get("m")!, pool, [], false, toObjective(s, b));
      return r && { units: r.units, value: r.value };
    };
    expect(plan(place("weak"))).toEqual(plan(place("strong")));
  });

  it("marches each unit on the nearest Russian victory city it can still reach, a bigger city counting as nearer", () => {
    const s = situation({ russians: { r1: { at: "m" } } });
    const goal = objectives(s, bfBoardOf(s.scenario));
    const b = bfBoardOf(s.scenario);
    expect(b.ids[goal.get("ga")!.city]).toBe("m");
    expect(goal.get("ga")!.dist[b.index.get("gb")!]).toBe(1);
    expect([...goal.keys()].every((id) => bfBoardOf(s.scenario).units.get(id)!.role === GERMAN)).toBe(true);
  });
});
