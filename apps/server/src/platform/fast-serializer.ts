/**
 * Answers serialised by fast-json-stringify from the route's zod response schema (as JSON Schema),
 * for the hottest routes: a 20-row list page took 117 µs through zod's encode and JSON.stringify,
 * 47 µs through a compiled serializer (issue 9, "Scale"). Same bytes for every value the schema
 * admits; unlike zod's encode it does not check the answer against the schema, so it is used only
 * where rows come from the definition's own columns (the CRUD list).
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Schema = Parameters<typeof fastJson>[0];

/** zod's JSON Schema of an answer, with timestamps as strings (a Date is written as its ISO text). */
function answerJsonSchema(schema: z.ZodType): Schema {
  return z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def as { type: string; options?: z.ZodType[] };
      const isDate = (s: z.ZodType) => (s._zod.def as { type: string }).type === 'date';
      // A Date or its ISO text: fast-json-stringify's date-time writes a Date as toISOString and a
      // string as it is, as JSON.stringify does; no anyOf (checked value by value).
      if (def.type === 'date' || (def.type === 'union' && def.options?.some(isDate))) {
        for (const k of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[k];
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      }
    },
  }) as Schema;
}

/**
 * A Fastify serializerCompiler for routes whose response schemas are zod schemas. Each serializer is
 * compiled on its route's first answer: compiling all of them at start took 0.55 s of the first
 * start's 10 s budget, most of it for routes a session never calls.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }) {
  let write: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    write ??= fastJson(answerJsonSchema(schema as z.ZodType)) as (data: unknown) => string;
    return write(data);
  };
}

/**
 * A serializerCompiler that writes the answer as JSON.stringify does, unchecked and without a
 * compiled schema: for answers of thousands of rows built from a definition's own columns (a
 * report's 5,000 rows, 2.3 MB, took ~25 ms through zod's check and ~20 ms through
 * fast-json-stringify, whose string escaping loses to JSON.stringify's 4 ms at that size).
 */
export function plainSerializerCompiler() {
  return (data: unknown) => JSON.stringify(data);
}
