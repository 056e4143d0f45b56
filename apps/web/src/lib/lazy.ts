import { type ComponentType, createElement, lazy, useState } from 'react';

/** A component loaded on demand that can also be asked to load ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export type LazyWithPreload<P = any> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * `React.lazy` plus `preload()`. The router starts loading the screen of the
 * address being opened at the same time as the session check, instead of
 * after it (one round trip less on a phone); a deferred menu starts loading
 * when the pointer reaches its button. Both load through the same `import()`,
 * which the browser fetches and runs once.
 *
 * A use that mounts after the code has arrived renders it at once, without
 * suspending: `React.lazy` alone suspends on its first render even then, and
 * its Suspense fallback ('Cargando...') would replace, for a frame, the page
 * the HTML had already painted (app/layout/StaticShell.tsx). Each use decides
 * once, when it mounts, so a component that mounted through `lazy` is never
 * swapped (and its state lost) when the code arrives.
 */
export function lazyWithPreload<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyWithPreload<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const [direct] = useState(() => loaded);
    return createElement((direct ?? Lazy) as ComponentType<object>, props as object);
  }
  return Object.assign(Preloadable as ComponentType<P>, { preload });
}
