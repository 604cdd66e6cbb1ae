// Saved games and balance reports through the host's `games.*` channels (stored in the
// library next to their scenario, with the scenario revision they were made on).
import { host } from '../host/index.js';
import type { GameEntry } from '../../../shared/host/contract.js';
import type { SaveGame } from '../../../shared/rules/types.js';
import type { BalanceReportData } from './balance.svelte.js';

export type { GameEntry };

export interface StoredReport {
  id: string;
  report: BalanceReportData;
}

export function saveGame(scenarioId: string, name: string, save: SaveGame): Promise<GameEntry> {
  const req = { scenarioId, kind: 'save' as const, name, data: save as unknown as Record<string, unknown> };
  return host.games.save(save.scenarioRef.revision === undefined ? req : { ...req, revision: save.scenarioRef.revision });
}

export function listGames(scenarioId: string): Promise<GameEntry[]> {
  return host.games.list({ scenarioId, kind: 'save' });
}

export async function loadGame(id: string): Promise<unknown> {
  return (await host.games.load({ id })).data;
}

/** What the library keeps of a game in progress: the saved game and who played each side. */
export interface AutosaveData {
  savegame: SaveGame;
  controllers: Record<string, 'human' | 'bot'>;
}

/** Keeps the game in progress of a scenario; it replaces that scenario's earlier autosave. */
export function writeAutosave(scenarioId: string, name: string, data: AutosaveData): Promise<GameEntry> {
  const req = { scenarioId, kind: 'autosave' as const, name, data: data as unknown as Record<string, unknown> };
  const revision = data.savegame.scenarioRef.revision;
  return host.games.save(revision === undefined ? req : { ...req, revision });
}

/** The scenario's autosaved game in progress, or null. */
export async function readAutosave(scenarioId: string): Promise<{ entry: GameEntry; data: AutosaveData } | null> {
  const [entry] = await host.games.list({ scenarioId, kind: 'autosave' });
  if (!entry) return null;
  const data = (await host.games.load({ id: entry.id })).data as Partial<AutosaveData>;
  if (typeof data.savegame !== 'object' || data.savegame === null) return null;
  return { entry, data: { savegame: data.savegame, controllers: data.controllers ?? {} } };
}

export async function deleteGame(id: string): Promise<void> {
  await host.games.delete({ id });
}

export async function saveReport(report: BalanceReportData): Promise<StoredReport> {
  const req = {
    scenarioId: report.scenarioId,
    kind: 'balance' as const,
    name: `${report.games.length} games from seed ${report.firstSeed}`,
    data: report as unknown as Record<string, unknown>,
  };
  const entry = await host.games.save(report.revision === undefined ? req : { ...req, revision: report.revision });
  // The library fills in the revision when the report did not know it.
  return { id: entry.id, report: { ...report, revision: entry.revision ?? undefined } };
}

export async function listReports(scenarioId: string): Promise<StoredReport[]> {
  const entries = await host.games.list({ scenarioId, kind: 'balance' });
  const out: StoredReport[] = [];
  for (const e of entries.slice(0, 10)) out.push({ id: e.id, report: (await host.games.load({ id: e.id })).data as unknown as BalanceReportData });
  return out;
}
