// Typed context for the app state: components get it without prop drilling, and a component
// rendered outside the provider fails at once with a clear message.
import { getContext, setContext } from 'svelte';
import type { AppState } from './app.svelte.js';

const KEY = Symbol('gridfront.app');

export function provideApp(app: AppState): AppState {
  return setContext(KEY, app);
}

export function useApp(): AppState {
  const app = getContext<AppState | undefined>(KEY);
  if (!app) throw new Error('useApp() needs <App> (provideApp) above this component');
  return app;
}
