// What hands a scenario on (to the rules engine for test-play and balance, to other people as
// a pack or a JSON file) first asks whether it has problems. Saving never does: a scenario
// with problems is kept as a draft. Test-play and balance refuse a draft with the list of its
// problems (the engine cannot play it); a JSON export warns with the list and lets the
// designer export anyway (the file opens again as a draft). Packs refuse drafts in their
// own dialog.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { validateScenario, type ValidationIssue } from '../../../shared/format/validate.js';
import type { Dialogs } from '../ui/dialogs.svelte.js';
import { runCommand } from './commands.js';
import { issueText } from './library.svelte.js';

export type HandOff = 'test-play' | 'balance' | 'json';

/** The problems (errors of the checks or the schema) that stop a scenario being handed on. */
export function handOffProblems(scenario: Scenario): ValidationIssue[] {
  const r = validateScenario(scenario);
  return r.ok ? [] : r.issues.filter((i) => i.severity === 'error');
}

const plural = (n: number) => (n === 1 ? 'one problem' : `${n} problems`);

const REFUSAL: Record<Exclude<HandOff, 'json'>, { title: string; why: string }> = {
  'test-play': { title: 'Test-play needs the problems fixed', why: 'The rules engine can only play a scenario without problems.' },
  balance: { title: 'The balance report needs the problems fixed', why: 'The bots can only play a scenario without problems.' },
};

/**
 * True when `scenario` may be handed on now. With problems: test-play and balance say why not,
 * with the list and a way to the Checks panel; a JSON export asks whether to export anyway.
 */
export async function clearForHandOff(dialogs: Dialogs, scenario: Scenario, what: HandOff, options: { canShowChecks?: boolean } = {}): Promise<boolean> {
  const problems = handOffProblems(scenario);
  if (problems.length === 0) return true;
  const details = problems.map((i) => issueText(i, scenario));
  if (what === 'json') {
    const key = await dialogs.ask({
      title: 'Export a draft?',
      message: `“${scenario.title}” has ${plural(problems.length)}. The file opens in Gridfront again as a draft, but it cannot be test-played or packed until ${problems.length === 1 ? 'it is' : 'they are'} fixed.`,
      details,
      buttons: [
        { key: 'cancel', label: 'Cancel' },
        { key: 'export', label: 'Export anyway', kind: 'primary' },
      ],
    });
    return key === 'export';
  }
  const text = REFUSAL[what];
  const key = await dialogs.ask({
    title: text.title,
    message: `“${scenario.title}” is a draft with ${plural(problems.length)}. ${text.why}`,
    details,
    buttons: options.canShowChecks === false ? [{ key: 'close', label: 'Close', kind: 'primary' }] : [
      { key: 'close', label: 'Close' },
      { key: 'checks', label: 'Show in Checks', kind: 'primary' },
    ],
  });
  if (key === 'checks') runCommand('view.checks');
  return false;
}
