import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { noteTypedFields, useFieldValue } from './hydration.ts';

/** A search form: its box, and what a submit would send (the state). */
function Search() {
  const [text, setText, keepTyped] = useFieldValue();
  return (
    <form>
      <input ref={keepTyped} name="words" aria-label="Words" value={text} onChange={(event) => setText(event.target.value)} />
      <output>{`Sends: ${text}`}</output>
    </form>
  );
}

/** The page as the server drew it, with `typed` typed into its box before any script ran. */
function serverPage(typed: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Search />);
  document.body.append(container);
  container.querySelector('input')!.value = typed;
  return container;
}

let roots: Root[] = [];
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  roots = [];
  document.body.innerHTML = '';
});

describe('useFieldValue', () => {
  it('keeps what was typed into the server’s field when React takes it over in place', async () => {
    const container = serverPage('thinkpad');
    await act(async () => {
      roots.push(hydrateRoot(container, <Search />));
    });
    expect(container.querySelector('input')!.value).toBe('thinkpad');
    expect(container.querySelector('output')!.textContent).toBe('Sends: thinkpad');
  });

  it('puts what was noted back into a field the browser draws afresh, once', async () => {
    const server = serverPage('dell monitor');
    noteTypedFields(server);
    server.remove();
    const fresh = document.createElement('div');
    document.body.append(fresh);
    await act(async () => {
      const root = createRoot(fresh);
      roots.push(root);
      root.render(<Search />);
    });
    expect(fresh.querySelector('input')!.value).toBe('dell monitor');
    expect(fresh.querySelector('output')!.textContent).toBe('Sends: dell monitor');

    // A field of that name drawn later (another page) starts empty.
    const later = document.createElement('div');
    document.body.append(later);
    await act(async () => {
      const root = createRoot(later);
      roots.push(root);
      root.render(<Search />);
    });
    expect(later.querySelector('input')!.value).toBe('');
  });

  it('changes nothing in a field the browser drew with its state', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      const root = createRoot(container);
      roots.push(root);
      root.render(<Search />);
    });
    expect(container.querySelector('input')!.value).toBe('');
    expect(container.querySelector('output')!.textContent).toBe('Sends: ');
  });
});
