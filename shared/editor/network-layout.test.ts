// Editing a network's layout: each gesture (place, move, delete, link, bend) is one command
// that undo takes back exactly, and the result is a valid scenario.
import { describe, expect, it } from 'vitest';
import { makeNetworkScenario } from '../format/fixtures.js';
import type { NetworkGrid, Scenario } from '../format/scenario.types.js';
import { validateScenario } from '../format/validate.js';
import { MapDocument } from './document.js';
import { addLink, addPosition, deleteLinks, deletePositions, movePosition, setWaypoints, snapPoint, waypointSlot } from './commands/network.js';
import { setCellName } from './commands/features.js';
import { History } from './history.js';

const net = (s: Scenario): NetworkGrid => s.map.grid as NetworkGrid;

/** The front network with its units and reinforcements off the map, so any position may be deleted. */
function emptyFront(): Scenario {
  const s = makeNetworkScenario();
  s.orderOfBattle = [];
  delete (s as { reinforcements?: unknown }).reinforcements;
  return s;
}

describe('network layout commands', () => {
  it('places, links, bends, moves and deletes, each one undo step, valid all the way', () => {
    const start = emptyFront();
    const doc = MapDocument.fromScenario(start);
    const h = new History(doc);
    const n0 = net(start).positions.length;
    const a = addPosition(doc, { x: 40, y: 40 });
    h.run(a.command);
    const b = addPosition(doc, { x: 120, y: 40 });
    h.run(b.command);
    expect(doc.grid.spec.cols).toBe(n0 + 2);
    const link = addLink(doc, a.id, b.id, 'rail');
    h.run(link.command);
    h.run(setWaypoints(doc, link.id, [{ x: 80, y: 70 }]));
    h.run(movePosition(doc, b.id, { x: 130, y: 45 }));
    let out = doc.toScenario();
    expect(validateScenario(out).ok).toBe(true);
    expect(net(out).links.at(-1)).toEqual({ id: link.id, from: a.id, to: b.id, type: 'rail', waypoints: [{ x: 80, y: 70 }] });
    expect(net(out).positions.find((p) => p.id === b.id)).toMatchObject({ x: 130, y: 45 });
    // The geometry follows: the new link joins the two, 1 link apart.
    const g = doc.grid;
    expect(g.distance(g.parseRef(a.id)!, g.parseRef(b.id)!)).toBe(1);

    // Deleting a position takes its links and name with it; undo brings all back.
    h.run(setCellName(doc, doc.grid.parseRef(a.id)!, 'Alpha'));
    const before = JSON.stringify(doc.toScenario());
    h.run(deletePositions(doc, [a.id]));
    out = doc.toScenario();
    expect(net(out).positions.some((p) => p.id === a.id)).toBe(false);
    expect(net(out).links.some((l) => l.id === link.id)).toBe(false);
    expect(out.map.cells?.[a.id]).toBeUndefined();
    expect(validateScenario(out).ok).toBe(true);
    h.undo();
    expect(JSON.stringify(doc.toScenario())).toBe(before);
    // Seven steps back is the file as loaded.
    for (let k = 0; k < 6; k++) h.undo();
    expect(JSON.stringify(doc.toScenario())).toBe(JSON.stringify(start));
  });

  it('refuses what would break the network, naming the places', () => {
    const doc = MapDocument.fromScenario(makeNetworkScenario());
    const first = net(makeNetworkScenario()).links[0]!;
    expect(() => addLink(doc, first.from, first.to)).toThrow(/already linked/);
    expect(() => addLink(doc, first.from, first.from)).toThrow(/two different positions/);
    expect(() => addPosition(doc, { x: -5, y: 10 })).toThrow(/off it/);
    const occupied = doc.orderOfBattle[0]!;
    expect(() => deletePositions(doc, [occupied.cell])).toThrow(new RegExp(`holds ${occupied.name}`));
  });

  it('deletes links and removes bends', () => {
    const doc = MapDocument.fromScenario(emptyFront());
    const l = net(doc.toScenario()).links[0]!;
    doc.execute(setWaypoints(doc, l.id, [{ x: 10, y: 10 }])!);
    doc.execute(setWaypoints(doc, l.id, [])!);
    expect(net(doc.toScenario()).links[0]).toEqual(l);
    doc.execute(deleteLinks(doc, [l.id])!);
    expect(net(doc.toScenario()).links.some((k) => k.id === l.id)).toBe(false);
  });

  it('snaps to a millimetre grid on the map, and slots a new bend by the segment it lies on', () => {
    expect(snapPoint({ width: 100, height: 50 }, { x: 12.4, y: 57 }, 5)).toEqual({ x: 10, y: 50 });
    expect(snapPoint({ width: 100, height: 50 }, { x: 12.4, y: 7.126 }, 0)).toEqual({ x: 12.4, y: 7.13 });
    const line = [{ x: 0, y: 0 }, { x: 50, y: 50 }, { x: 100, y: 0 }];
    expect(waypointSlot(line, { x: 20, y: 22 })).toBe(0);
    expect(waypointSlot(line, { x: 80, y: 22 })).toBe(1);
  });
});
