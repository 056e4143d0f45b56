import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** A component loaded on demand that can also be asked to load ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export type LazyWithPreload<P = any> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> };

/**
 * `React.lazy` plus `preload()`. The router starts loading the screen of the
 * address being opened at the same time as the session check, instead of
 * after it (one round trip less on a phone); a deferred menu starts loading
 * when the pointer reaches its button. Both load through the same `import()`,
 * which the browser fetches and runs once.
 */
export function lazyWithPreload<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyWithPreload<P> {
  const component = lazy(load) as LazyWithPreload<P>;
  component.preload = load;
  return component;
}
