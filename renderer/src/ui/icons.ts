// Path data for the app's 20×20 stroke icons (same style as the tool rail); drawn by Icon.svelte.
export const ICONS = {
  plus: 'M10 4v12M4 10h12',
  import: 'M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 13v3h12v-3',
  export: 'M10 12V3m0 0L6.5 6.5M10 3l3.5 3.5M4 13v3h12v-3',
  open: 'M3 6V4.5h5l1.5 1.5H17v9.5H3zM3 8h14',
  duplicate: 'M7 7h9v9H7zM4 13V4h9',
  rename: 'M4 16h3l8.5-8.5-3-3L4 13zM11 6l3 3',
  trash: 'M4 6h12M8 6V4h4v2M5.5 6l.8 10h7.4l.8-10',
  restore: 'M4 10a6 6 0 1 0 2-4.5M4 3.5V7h3.5',
  grid: 'M4 4h5v5H4zM11 4h5v5h-5zM4 11h5v5H4zM11 11h5v5h-5z',
  list: 'M4 5h12M4 10h12M4 15h12',
  search: 'M8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11zM12.5 12.5 17 17',
  back: 'M12 4 6 10l6 6',
  play: 'M6 4.5v11l9-5.5z',
} as const;
export type IconName = keyof typeof ICONS;
