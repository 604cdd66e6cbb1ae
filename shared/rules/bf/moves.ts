// Units entering positions and leaving the game: control follows the last side to enter, a German
// unit taking a fortress destroys it for good, taking Moscow calls for the sudden-death roll, a
// German army next to Moscow wakes the Siberian reserve, and eliminated Russian units go back
// face down among the extra units.
import type { BfUnitState } from "../../format/ruleset-bf.types.js";
import { GERMAN, RUSSIAN, type Role } from "./board.js";
import {
  controlRole,
  emit,
  fortressIntact,
  kindOf,
  label,
  posOf,
  roleOfUnit,
  rollDie,
  unitName,
  type Ctx,
} from "./state.js";

export function setControl(ctx: Ctx, i: number, role: Role): void {
  const { s, b } = ctx;
  if (controlRole(s, b, i) === role) return;
  s.control =
    s.control.slice(0, i) + b.sides[role].code + s.control.slice(i + 1);
  if (b.vp[i]! > 0 || i === b.capital)
    emit(
      ctx,
      "control",
      `${b.sides[role].name} take${b.sides[role].name.endsWith("s") ? "" : "s"} ${label(b, i)}.`,
      { cell: b.ids[i] },
    );
  if (i === b.capital && role === GERMAN && !s.gameOver) {
    const { die, roll } = rollDie(ctx, "Moscow taken: sudden death (1–2 wins)");
    if (die <= 2) {
      s.gameOver = {
        winner: b.sides[GERMAN].id,
        reason: `Moscow has fallen and the Soviet state collapses (sudden-death roll ${die}).`,
      };
      emit(
        ctx,
        "gameOver",
        `Sudden death: the die shows ${die}; the fall of Moscow wins the war for the Germans.`,
        { rolls: [roll], cell: b.ids[i] },
      );
    } else
      emit(
        ctx,
        "control",
        `Sudden-death roll ${die}: the Soviet state fights on.`,
        { rolls: [roll], cell: b.ids[i] },
      );
  }
}

/** Puts a unit on a position, with what entering it means. */
export function enter(ctx: Ctx, u: BfUnitState, i: number): void {
  const { s, b } = ctx;
  u.cell = b.ids[i]!;
  u.status = "map";
  const role = roleOfUnit(b, u);
  if (role === GERMAN && fortressIntact(s, b, i) > 0) {
    s.destroyed.push(b.ids[i]!);
    emit(ctx, "control", `The fortress of ${label(b, i)} is destroyed.`, {
      cell: b.ids[i],
    });
  }
  setControl(ctx, i, role);
  if (
    role === GERMAN &&
    kindOf(b, u) === "army" &&
    s.siberians === "reserve" &&
    b.capital >= 0 &&
    b.nbr[i]!.includes(b.capital)
  ) {
    s.siberians = "activated";
    emit(
      ctx,
      "reinforcement",
      `A German army stands next to ${label(b, b.capital)}: the Siberian reserve is called up.`,
    );
  }
}

export function eliminate(ctx: Ctx, u: BfUnitState, text: string): void {
  const { b } = ctx;
  const at = posOf(b, u);
  if (roleOfUnit(b, u) === RUSSIAN && kindOf(b, u) === "rifle") {
    // Mixed back, face down, into the extra units the replacements are drawn from.
    u.status = "pile";
    u.known = false;
  } else u.status = "eliminated";
  u.cell = null;
  u.disrupted = false;
  u.fresh = false;
  emit(ctx, "losses", text, {
    units: [u.id],
    ...(at >= 0 ? { cell: b.ids[at] } : {}),
  });
}

export const nameOf = unitName;
