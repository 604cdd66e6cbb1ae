export { default as PacksHost } from './PacksHost.svelte';
export { default as ExportPackDialog } from './ExportPackDialog.svelte';
export { default as ImportPackDialog } from './ImportPackDialog.svelte';
