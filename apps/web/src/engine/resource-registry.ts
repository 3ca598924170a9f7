/**
 * Every resource definition by name, for what only names another resource: a ref (its options
 * endpoint, the page its cells link to) and a detail drawer's child lists. Loaded on first use, in
 * its own chunk, so a list without refs or details never downloads the other definitions.
 */
import type { ResourceDef } from '@payops/contracts/resource';
import { useEffect, useState } from 'react';

let registry: Map<string, ResourceDef> | undefined;
let loading: Promise<Map<string, ResourceDef>> | undefined;

export function loadResourceRegistry(): Promise<Map<string, ResourceDef>> {
  loading ??= import('@payops/contracts/resources/index').then((m) => {
    registry = new Map(m.allResources.map((d) => [d.name, d]));
    return registry;
  });
  return loading;
}

/** The definition named `name`, or undefined until the registry has loaded (then a re-render). */
export function useResourceDef(name: string | undefined): ResourceDef | undefined {
  const [, setLoaded] = useState(!!registry);
  useEffect(() => {
    if (!registry && name) void loadResourceRegistry().then(() => setLoaded(true));
  }, [name]);
  return name ? registry?.get(name) : undefined;
}
