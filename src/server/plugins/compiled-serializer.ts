import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Success answers of hot public routes (catalogue pages, product pages, search), written by a
 * serializer compiled once from the route's zod response schema (fast-json-stringify) instead of
 * being checked with zod and then JSON.stringify'd on every request. A route opts in with
 * `serializerCompiler: compiledSerializerCompiler`; its error answers, and every other route, keep
 * the zod serializer that app.ts sets, which checks each answer.
 *
 * What a route gives up is that check, so only routes whose data is already of the schema's output
 * type opt in (the catalogue's products are checked when written). For such data the JSON parses
 * to the same value as zod's (see compiled-serializer.test.ts): keys outside the schema are
 * dropped, as zod drops them. Data that is not is not all caught: a missing key or a union none of
 * whose branches matches still fails (a 500, logged, as with zod), but a wrong type is coerced (a
 * string "12" in a number field is written 12), and checks that rewrite a value (trim, defaults)
 * are not applied. Transforms and codecs, which zod would apply, are refused when the route is built.
 */

type JsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * Answers with JSON written already (kept in memory): Fastify sends a string, or UTF-8 bytes, as
 * they are, skipping the route's serializer, whose schema then only documents the answer.
 */
export function sendJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The JSON Schema that fast-json-stringify compiles for a zod schema's output. It differs from
 * zod's own in one way: a plain (stripping) object does not say `additionalProperties: false`.
 * The serializer drops unknown keys either way, but a union's branch is chosen by validating
 * against it, and there zod strips extra keys where the JSON Schema would reject the object.
 */
export function responseJsonSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    // Dates, and the like, become `{}`: written with JSON.stringify, as zod's serializer does.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (def.type === 'object' && !def.catchall) delete jsonSchema.additionalProperties;
      if (def.type === 'transform' || (def.type === 'pipe' && 'reverseTransform' in def)) {
        throw new Error(
          `A compiled response serializer cannot apply a ${def.type === 'pipe' ? 'codec' : 'transform'}; keep zod's serializer for this route`,
        );
      }
    },
  });
  return json;
}

const compiled = new WeakMap<z.core.$ZodType, (data: unknown) => string>();

/** One serializer per schema, however many routes answer with it. */
export function compileResponseSerializer(schema: z.core.$ZodType): (data: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(responseJsonSchema(schema) as Schema);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** Per-route `serializerCompiler`: 2xx answers compiled, the others through zod as everywhere else. */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, httpStatus, method, url } = routeSchema;
  if (!httpStatus?.startsWith('2')) return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
  if (!(schema instanceof z.core.$ZodType))
    throw new Error(`${method} ${url}: a compiled serializer needs a zod response schema for ${httpStatus}`);
  const serialize = compileResponseSerializer(schema);
  return (data) => {
    try {
      return serialize(data);
    } catch (error) {
      throw new Error(`The ${httpStatus} answer of ${method} ${url} does not match its schema`, { cause: error });
    }
  };
};
