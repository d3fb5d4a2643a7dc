import { useCallback, useState, useSyncExternalStore } from 'react';

/** The element holding, as JSON, the query data a server-rendered page was drawn from. */
export const SSR_STATE_ID = 'ssr-state';

/**
 * Whether the app is starting on a page the server rendered. Its first render must then draw
 * exactly what the server drew, so what only the browser knows (the saved cart) waits for an
 * effect. Set once, by main.tsx, before the first render; the server never sets it, and
 * renders what a first visit shows.
 */
let hydrating = false;

export function startHydrating(): void {
  hydrating = true;
}

export function isHydrating(): boolean {
  return hydrating;
}

const noChanges = () => () => {};

/**
 * False while a page is drawn as the server drew it (on the server, and in the browser's first
 * render of a server-rendered page); true from then on, and at once in an app that started empty.
 * For parts the server draws as a stand-in (menus whose code loads later).
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** What was typed into the server-drawn page's named text fields before the app took it over, by name. */
const typedBeforeTakeOver = new Map<string, string>();

/**
 * Notes what a shopper typed into the page the server drew, before the app's code arrived. Called
 * by main.tsx just before hydrating: a part of the page whose code comes later may be drawn
 * afresh by the browser instead of taken over, its fields empty, and `useFieldValue` puts the
 * noted text back into them.
 */
export function noteTypedFields(root: ParentNode): void {
  const fields = root.querySelectorAll<TextField>(
    'input[name]:not([type=checkbox],[type=radio],[type=hidden],[type=password]), textarea[name]',
  );
  for (const field of fields) if (field.value !== field.defaultValue) typedBeforeTakeOver.set(field.name, field.value);
}

/**
 * A text field's value as state, keeping what was typed before the page was taken over. A field
 * the server drew takes keys at once, seconds before a slow phone has the page's scripts;
 * hydration leaves those characters in the box but not in the state, so the next render would
 * empty the box and a submit would send nothing. The returned ref goes on the field, which needs
 * a `name`: when it is attached, what the box holds (taken over in place) or what was noted
 * under its name (drawn afresh) becomes the state, once. A field the browser drew on a later
 * page holds the state already, and nothing changes.
 */
export function useFieldValue(initial = ''): [string, (value: string) => void, (field: TextField | null) => void] {
  const [value, setValue] = useState(initial);
  const keepTyped = useCallback((field: TextField | null) => {
    if (!field) return;
    const noted = typedBeforeTakeOver.get(field.name);
    typedBeforeTakeOver.delete(field.name);
    // React draws a field's value as its default too: a difference was typed before React came.
    const typed = field.value !== field.defaultValue ? field.value : noted;
    if (typed !== undefined) setValue(typed);
  }, []);
  return [value, setValue, keepTyped];
}
