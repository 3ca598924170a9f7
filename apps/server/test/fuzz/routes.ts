/**
 * Every API route with the shape of its input, read from the route registry (BuiltApp.routes) and the
 * OpenAPI document the zod schemas generate: a route added tomorrow is fuzzed without new test code.
 */
import type { BuiltApp } from '../../src/app.ts';
import type { JsonSchema } from './values.ts';

export interface FuzzRoute {
  method: 'GET' | 'POST';
  url: string;
  access: string;
  body?: JsonSchema;
  query?: Record<string, JsonSchema>;
  queryRequired: string[];
}

type Doc = {
  paths: Record<string, Record<string, OpenApiOp>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type OpenApiOp = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
};

/** Resolves `$ref`s (components or local $defs) so the value generator sees plain schemas. */
function resolver(doc: Doc) {
  const resolve = (s: JsonSchema | undefined, seen = 0): JsonSchema => {
    if (!s || seen > 20) return {};
    if (s.$ref) {
      const name = s.$ref.split('/').pop()!;
      return resolve(doc.components?.schemas?.[name], seen + 1);
    }
    return s;
  };
  return resolve;
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export function fuzzRoutes(built: BuiltApp): {
  routes: FuzzRoute[];
  resolve: (s?: JsonSchema) => JsonSchema;
} {
  const doc = built.app.swagger() as unknown as Doc;
  const resolve = resolver(doc);
  const routes: FuzzRoute[] = [];
  for (const r of built.routes) {
    if (r.method !== 'GET' && r.method !== 'POST') continue;
    const op = doc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()];
    const body = op?.requestBody?.content?.['application/json']?.schema;
    const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
    routes.push({
      method: r.method,
      url: r.url,
      access: r.access,
      body: body ? resolve(body) : undefined,
      query: queryParams.length
        ? Object.fromEntries(queryParams.map((p) => [p.name, resolve(p.schema)]))
        : undefined,
      queryRequired: queryParams.filter((p) => p.required).map((p) => p.name),
    });
  }
  return { routes, resolve };
}
