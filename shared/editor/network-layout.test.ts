// Editing a network's layout: each gesture (place, move, delete, link, bend) is one command
// that undo takes back exactly, and the result is a valid scenario.
import { describe, expect, it } from 'vitest';
import { makeNetworkScenario } from '../format/fixtures.js';
import type { NetworkGrid, Scenario } from '../format/scenario.types.js';
import { validateScenario } from '../format/validate.js';
import { MapDocument } from './document.js';
import { addLink, addPosition, deleteLinks, deletePositions, movePosition, setLinkType, setPositionField, setPositionLabel, setWaypoints, snapPoint, waypointSlot } from './commands/network.js';
import { bfDeclaration } from '../rules/bf/declaration.js';
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
  it('sets what the rules read from a position, its label and a link\'s type, each one undo step; bad values are refused naming the field', () => {
    const start = emptyFront();
    const doc = MapDocument.fromScenario(start);
    const h = new History(doc);
    const field = (key: string) => bfDeclaration.positionFields!.find((f) => f.key === key)!;
    const [p, q] = net(start).positions;
    h.run(setPositionField(doc, p!.id, field('capital'), true));
    h.run(setPositionField(doc, p!.id, field('fortress'), 'major'));
    h.run(setPositionField(doc, q!.id, field('edge'), 'East edge'));
    h.run(setPositionField(doc, q!.id, field('replacements'), '2'));
    let out = net(doc.toScenario());
    expect(out.positions[0]!.properties).toMatchObject({ capital: true, fortress: 'major' });
    expect(out.positions[1]!.properties).toMatchObject({ edge: 'east', replacements: 2 });
    expect(h.undoLabel).toBe(`Replacements a turn: 2 at ${q!.label ?? q!.id}`);
    // Unticking or emptying clears the property; nothing changed is no step.
    h.run(setPositionField(doc, p!.id, field('capital'), false));
    expect(net(doc.toScenario()).positions[0]!.properties?.capital).toBeUndefined();
    expect(setPositionField(doc, p!.id, field('fortress'), 'Major')).toBeNull();
    // Refused, naming the position and the field; the document is as it was.
    const before = JSON.stringify(doc.toScenario());
    expect(() => setPositionField(doc, q!.id, field('replacements'), '12')).toThrow(/Replacements a turn must be a whole number from 0 to 9, not "12"/);
    expect(() => setPositionField(doc, q!.id, field('fortress'), 'huge')).toThrow(/Fortress: "huge" is not one of Major, Minor/);
    expect(() => setPositionLabel(doc, q!.id, '  ')).toThrow(/Label of .*needs a label/);
    expect(() => setPositionLabel(doc, q!.id, p!.label ?? p!.id)).toThrow(/already another position's label/);
    expect(JSON.stringify(doc.toScenario())).toBe(before);
    h.run(setPositionLabel(doc, q!.id, 'Moscow'));
    const l = net(start).links[0]!;
    h.run(setLinkType(doc, l.id, 'rail'));
    expect(h.undoLabel).toMatch(/a rail$/);
    out = net(doc.toScenario());
    expect(out.positions[1]!.label).toBe('Moscow');
    expect(out.links[0]!.type).toBe('rail');
    h.run(setLinkType(doc, l.id, 'ordinary'));
    expect(net(doc.toScenario()).links[0]!.type).toBeUndefined();
    expect(validateScenario(doc.toScenario()).ok).toBe(true);
    // Every step back is the file as loaded.
    while (h.undo());
    expect(JSON.stringify(doc.toScenario())).toBe(JSON.stringify(start));
  });

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
