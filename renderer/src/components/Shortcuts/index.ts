export { default as AppCommands } from './AppCommands.svelte';
export { default as ShortcutsDialog } from './ShortcutsDialog.svelte';
